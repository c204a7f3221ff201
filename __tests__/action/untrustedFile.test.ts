/**
 * Files from the fork recipe's artifact, read as `mode: post-comment` reads them: real files,
 * symlinks, FIFOs, sockets and devices on this machine, and the fake GitHub API over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { readUntrustedFile, UntrustedFileError } from '../../src/action/untrustedFile.js';
import {
  CommentArtifactError,
  MAX_PULL_REQUEST_FILE_BYTES,
  postCommentFile,
} from '../../src/action/postComment.js';
import type { RunContext } from '../../src/action/context.js';
import { createGitHubClient } from '../../src/github/client.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fakeGithub.js';
import { removeDir, tempDir } from '../git/gitRepo.js';

const dir = tempDir('untrusted-file');
const artifact = join(dir, 'artifact');
const secret = join(dir, 'outside', 'secret.txt');
const SECRET = 'runner secret: hunter2\n';
let socketServer: Server;
const socketPath = join(dir, 'sock');

beforeAll(async () => {
  mkdirSync(artifact);
  mkdirSync(join(dir, 'outside'));
  writeFileSync(secret, SECRET);
  socketServer = createServer();
  await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => socketServer.close(() => resolve()));
  removeDir(dir);
});

function file(name: string, content: string | Buffer): string {
  const path = join(artifact, name);
  writeFileSync(path, content);
  return path;
}

async function refusal(path: string, limit = 64): Promise<UntrustedFileError> {
  try {
    await readUntrustedFile(path, limit);
  } catch (error) {
    if (error instanceof UntrustedFileError) return error;
    throw error;
  }
  throw new Error(`${path} was read`);
}

describe('readUntrustedFile', () => {
  it('reads a regular file of exactly the limit, and refuses one byte more', async () => {
    const fits = file('fits', 'x'.repeat(64));
    expect(Buffer.from(await readUntrustedFile(fits, 64)).toString()).toBe('x'.repeat(64));
    const over = file('over', 'x'.repeat(65));
    expect((await refusal(over)).message).toBe(`${over} is larger than 64 bytes`);
  });

  it('refuses a symlink, even to a readable regular file', async () => {
    const link = join(artifact, 'link');
    symlinkSync(secret, link);
    const error = await refusal(link);
    expect(error.message).toBe(`${link} is a symbolic link, not a regular file`);
    expect(error.path).toBe(link);
    expect(error.message).not.toContain('hunter2');
  });

  it('refuses a FIFO before opening it (an open for reading would wait for a writer forever)', async () => {
    const fifo = join(artifact, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect((await refusal(fifo)).message).toBe(`${fifo} is a FIFO (named pipe), not a regular file`);
  });

  it('refuses a directory, a device and a socket by what they are', async () => {
    expect((await refusal(artifact)).reason).toBe('is a directory, not a regular file');
    expect((await refusal('/dev/zero')).reason).toBe('is a device, not a regular file');
    expect((await refusal(socketPath)).reason).toBe('is a socket, not a regular file');
  });

  it('says why a missing file cannot be read', async () => {
    expect((await refusal(join(artifact, 'absent'))).reason).toBe('cannot be read: ENOENT');
  });
});

describe('postCommentFile with files from the artifact', () => {
  let gh: FakeGitHub;
  const headSha = 'c'.repeat(40);
  const context = {
    eventName: 'workflow_run',
    event: { workflow_run: { id: 5, event: 'pull_request', head_sha: headSha, head_branch: 'topic' } },
    owner: 'acme',
    repo: 'policies',
  } as unknown as RunContext;

  beforeAll(async () => {
    gh = await startFakeGitHub();
    gh.state.addPull('acme/policies', {
      number: 12,
      baseSha: 'b'.repeat(40),
      headSha,
      headRef: 'topic',
      files: [],
    });
  });
  afterAll(() => gh.close());

  const post = (commentFile: string, pullRequestFile: string) =>
    postCommentFile({
      client: createGitHubClient({ token: 't', apiUrl: gh.url }),
      context,
      commentFile,
      pullRequestFile,
      commentId: null,
    });

  it('posts a regular comment file', async () => {
    const outcome = await post(file('comment.md', '## policy-replay: pass\n'), file('pr', '12\n'));
    expect(outcome.action).toBe('created');
    const comments = gh.state.comments('acme/policies', 12);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('## policy-replay: pass\n');
  });

  it('refuses a comment file that is a symlink out of the artifact, and posts nothing', async () => {
    const link = join(artifact, 'comment-link.md');
    symlinkSync(secret, link);
    const before = gh.requests.length;
    await expect(post(link, file('pr-2', '12\n'))).rejects.toThrow(
      new CommentArtifactError(`${link} is a symbolic link, not a regular file; nothing posted`),
    );
    expect(gh.requests.slice(before)).toEqual([]);
    expect(JSON.stringify(gh.state.comments('acme/policies', 12))).not.toContain('hunter2');
  });

  it('refuses a pull-request file that is a symlink', async () => {
    const number = file('number', '12\n');
    const link = join(artifact, 'pr-link');
    symlinkSync(number, link);
    const before = gh.requests.length;
    await expect(post(file('comment-3.md', 'hello\n'), link)).rejects.toThrow(/is a symbolic link/);
    expect(gh.requests.slice(before)).toEqual([]);
  });

  it(`bounds the pull-request file at ${MAX_PULL_REQUEST_FILE_BYTES} bytes`, async () => {
    const big = file('pr-big', `12${' '.repeat(MAX_PULL_REQUEST_FILE_BYTES - 2)}\n`);
    await expect(post(file('comment-4.md', 'hello\n'), big)).rejects.toThrow(
      `${big} is larger than ${MAX_PULL_REQUEST_FILE_BYTES} bytes; nothing posted`,
    );
  });
});
