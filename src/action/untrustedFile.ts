/**
 * Reads a small file that someone else's job made (the fork recipe's artifact). Such a file may
 * be a symlink to a secret on this runner, a FIFO that blocks the first `open` forever, a device
 * that never ends, or simply huge; each is refused with the reason, before a byte is read.
 */
import { constants, type Stats } from 'node:fs';
import { lstat, open } from 'node:fs/promises';

/** Why an untrusted file was not read; `path` is the file as the workflow named it. */
export class UntrustedFileError extends Error {
  override readonly name = 'UntrustedFileError';
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path} ${reason}`);
  }
}

/** What a non-regular file is, in words a workflow author recognises. */
export function fileKind(info: Stats): string {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}

/**
 * The bytes of `file`, at most `limit` of them. The file itself must be a regular file, not a
 * symlink: lstat refuses everything else before any open; the open neither follows a symlink nor
 * waits on a FIFO put there since, and fstat of the open descriptor must show the same regular
 * file lstat saw. At most `limit + 1` bytes are read, so a file that grows while read is still
 * refused rather than cut.
 */
export async function readUntrustedFile(file: string, limit: number): Promise<Uint8Array> {
  let seen: Stats;
  try {
    seen = await lstat(file);
  } catch (error) {
    throw new UntrustedFileError(file, `cannot be read: ${errnoOf(error)}`);
  }
  if (!seen.isFile()) throw new UntrustedFileError(file, `is ${fileKind(seen)}, not a regular file`);
  if (seen.size > limit) throw new UntrustedFileError(file, `is larger than ${limit} bytes`);
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = errnoOf(error);
    // ELOOP: O_NOFOLLOW met a symlink swapped in after the lstat.
    throw new UntrustedFileError(
      file,
      code === 'ELOOP' ? 'is a symbolic link, not a regular file' : `cannot be read: ${code}`,
    );
  }
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw new UntrustedFileError(file, `is ${fileKind(opened)}, not a regular file`);
    if (opened.dev !== seen.dev || opened.ino !== seen.ino)
      throw new UntrustedFileError(file, 'was replaced while it was being opened');
    const buffer = Buffer.alloc(limit + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > limit) throw new UntrustedFileError(file, `is larger than ${limit} bytes`);
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}
