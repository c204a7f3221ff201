import { execFile } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { restrictedCapabilities } from './build.js';
import { OPA_VERSION, parseOpaVersionOutput } from './version.js';

/** Where the OPA binary came from, in the order `locateOpa` looks. */
export type OpaSource = 'flag' | 'env' | 'path';

export interface LocatedOpa {
  path: string;
  version: string;
}

const HOW_TO_GET_OPA =
  `Install OPA ${OPA_VERSION}: \`go install github.com/open-policy-agent/opa@v${OPA_VERSION}\` ` +
  `or download it from the OPA releases page (https://github.com/open-policy-agent/opa/releases/tag/v${OPA_VERSION}), ` +
  'then pass --opa PATH or set OPA_PATH.';

/**
 * No usable `opa` where we looked. The message is one line that says how to get one.
 * OpaUnusableError is a subclass, so a caller that handles "no OPA" handles both.
 */
export class OpaMissingError extends Error {
  readonly code: 'opa-missing' | 'opa-unusable' = 'opa-missing';
  /** The path that was named (--opa, $OPA_PATH, opa-path) or found but is not usable; null when none was. */
  readonly path: string | null;
  constructor(message: string, path: string | null = null) {
    super(message);
    this.name = 'OpaMissingError';
    this.path = path;
  }
}

/** An `opa` file exists but does not run, or does not print an OPA version. */
export class OpaUnusableError extends OpaMissingError {
  override readonly code = 'opa-unusable';
  override readonly path: string;
  /** What went wrong, without the how-to-install hint (callers outside the CLI word their own). */
  readonly detail: string;
  constructor(path: string, detail: string) {
    super(`opa at '${path}' is not usable: ${detail}. ${HOW_TO_GET_OPA}`, path);
    this.name = 'OpaUnusableError';
    this.path = path;
    this.detail = detail;
  }
}

export async function isExecutableFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `<path> version` (no shell) and returns the version it prints.
 * Throws OpaUnusableError when it fails to run or prints no `Version:` line.
 */
export function readOpaVersion(path: string, timeoutMs = 30_000): Promise<string> {
  return new Promise((resolveVersion, reject) => {
    execFile(path, ['version'], { timeout: timeoutMs, windowsHide: true }, (error, stdout) => {
      if (error) {
        reject(new OpaUnusableError(path, `\`opa version\` failed (${error.message.split('\n')[0]})`));
        return;
      }
      const version = parseOpaVersionOutput(String(stdout));
      if (version === null)
        reject(new OpaUnusableError(path, '`opa version` printed no "Version: x.y.z" line'));
      else resolveVersion(version);
    });
  });
}

/** File names an OPA binary may have in a PATH directory on this platform. */
function binaryNames(platform: NodeJS.Platform): string[] {
  return platform === 'win32' ? ['opa.exe', 'opa'] : ['opa'];
}

/**
 * Scans the PATH directories for an executable `opa`, without a shell. Empty and relative
 * entries are skipped: they would resolve against whatever the current directory is, which in
 * CI is the checked-out (possibly untrusted) repository.
 */
export async function findOpaOnPath(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  const pathValue = env.PATH ?? env.Path ?? '';
  for (const dir of pathValue.split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue;
    for (const name of binaryNames(platform)) {
      const candidate = join(dir, name);
      if (await isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}

/**
 * Finds the OPA binary for the CLI: `--opa` first, then `$OPA_PATH`, then PATH.
 * A path named by --opa or $OPA_PATH that is not an executable file is an error, not a reason
 * to fall through: the user chose that binary, and silently running another one would hide it.
 */
export async function locateOpa(options: {
  flag?: string;
  env: NodeJS.ProcessEnv;
  /** The caller will build wasm: ask the binary for its capabilities alongside its version. */
  forBuild?: boolean;
}): Promise<LocatedOpa> {
  const named: { source: OpaSource; label: string; value: string }[] = [];
  if (options.flag !== undefined && options.flag !== '')
    named.push({ source: 'flag', label: '--opa', value: options.flag });
  const fromEnv = options.env.OPA_PATH;
  if (fromEnv !== undefined && fromEnv !== '')
    named.push({ source: 'env', label: '$OPA_PATH', value: fromEnv });

  const first = named[0];
  if (first) {
    const path = resolve(first.value);
    if (!(await isExecutableFile(path))) {
      throw new OpaMissingError(
        `opa not found at ${first.label} '${first.value}' (not an executable file). ${HOW_TO_GET_OPA}`,
        path,
      );
    }
    return located(path, options.forBuild === true);
  }

  const onPath = await findOpaOnPath(options.env);
  if (onPath === null) {
    throw new OpaMissingError(`opa not found (looked at --opa, $OPA_PATH, PATH). ${HOW_TO_GET_OPA}`);
  }
  return located(onPath, options.forBuild === true);
}

async function located(path: string, forBuild: boolean): Promise<LocatedOpa> {
  // `opa build` needs the capabilities, which cost a second start of the binary: run it beside
  // `opa version` and the policies' validation rather than after them.
  // A failure here is the build's to report; restrictedCapabilities forgets it, so it reruns.
  if (forBuild) restrictedCapabilities(path).catch(() => undefined);
  return { path, version: await readOpaVersion(path) };
}
