/**
 * How the project starts git: `execFile('git', [...])` with an argument array, no shell, so no
 * value from a pull request (paths, refs) can be interpreted as shell syntax; commit ids are
 * checked to be hex first (checkSha) so none can be read as an option either.
 */
import { execFile } from 'node:child_process';

/** A git command failed (missing commit, unreachable remote, not a repository, …). */
export class GitError extends Error {
  override readonly name = 'GitError';
  readonly kind = 'git' as const;
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
    message: string,
  ) {
    super(message);
  }
}

export const SHA_PATTERN = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;
/** Policy files are small, but a 3000-file name-status listing is not; stay well clear of the default 1 MiB. */
export const MAX_BUFFER = 256 * 1024 * 1024;

/** Never block on a credential prompt in CI, and keep messages in one language for parsing. */
export function gitEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
}

export function runGit(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...args],
      { cwd, encoding: 'buffer', maxBuffer: MAX_BUFFER, env: gitEnvironment() },
      (error, stdout, stderr) => {
        const stderrText = stderr.toString('utf8').trim();
        if (error) {
          const code = typeof error.code === 'number' ? error.code : null;
          const detail = stderrText || error.message;
          reject(new GitError(args, code, stderrText, `git ${args[0] ?? ''} failed: ${detail}`));
          return;
        }
        resolve({ stdout, stderr: stderrText });
      },
    );
  });
}

export function checkSha(sha: string): void {
  if (!SHA_PATTERN.test(sha)) {
    throw new GitError([], null, '', `'${sha}' is not a full commit id (40 or 64 hex digits)`);
  }
}
