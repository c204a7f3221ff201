import { sha256OfFile } from '../canonical/sha256.js';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * Opening a traffic file: its format and layout, regular-file and gzip checks, and its decompressed
 * bytes; I/O and gzip failures are a TrafficReadError.
 */

export type TrafficFormat = 'jsonl' | 'jsonl.gz' | 'json' | 'json.gz';

/** A traffic file that cannot be read at all (as opposed to a malformed record inside it). */
export class TrafficReadError extends Error {
  override readonly name = 'TrafficReadError';
  constructor(
    readonly path: string,
    message: string,
    /** 1-based line in the (decompressed) file, when the problem has one. */
    readonly line?: number,
  ) {
    super(line === undefined ? `${path}: ${message}` : `${path}:${line}: ${message}`);
  }
}

export function trafficFormatOf(path: string): TrafficFormat {
  const lower = path.toLowerCase();
  if (lower.endsWith('.jsonl.gz')) return 'jsonl.gz';
  if (lower.endsWith('.jsonl')) return 'jsonl';
  if (lower.endsWith('.json.gz')) return 'json.gz';
  if (lower.endsWith('.json')) return 'json';
  throw new TrafficReadError(path, 'unsupported traffic file: expected .jsonl, .jsonl.gz or .json');
}

/** How a file holds its elements: one a line (JSON Lines) or as one JSON array. */
export type TrafficLayout = 'lines' | 'array';

export interface ReadTrafficOptions {
  /** Bytes per read from disk (default 1 MiB). */
  chunkSize?: number;
  /** The longest line (`.json`: element) read as a record; default DEFAULT_MAX_LINE_BYTES. */
  maxLineBytes?: number;
  /**
   * The layout, when the caller found it from the content (traffic/sample.ts): the file name is
   * then not consulted, except that a `.gz` name must hold gzip. Omitted: by extension.
   */
  layout?: TrafficLayout;
}

export function layoutOf(path: string, options: ReadTrafficOptions): TrafficLayout {
  return options.layout ?? (trafficFormatOf(path).startsWith('jsonl') ? 'lines' : 'array');
}

const DEFAULT_CHUNK = 1 << 20;

/**
 * Whether the file starts with gzip's magic bytes. A compressed export saved without its `.gz`
 * would otherwise read as lines of binary, every one "not JSON"; the content decides, not the name.
 */
export function looksGzipped(path: string): boolean {
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    const magic = Buffer.alloc(2);
    return readSync(fd, magic, 0, 2, 0) === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } catch {
    return false; // the stream reports the error with its own message
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

function openSource(path: string, gzipByName: boolean, chunkSize: number): Readable {
  const file = createReadStream(path, { highWaterMark: chunkSize });
  if (!gzipByName && !looksGzipped(path)) return file;
  const gunzip = createGunzip({ chunkSize: Math.max(64, Math.min(chunkSize, 1 << 18)) });
  // pipeline forwards a read error of the file into the gunzip stream we iterate.
  pipeline(file, gunzip, () => undefined);
  return gunzip;
}

function readError(path: string, error: unknown): TrafficReadError {
  if (error instanceof TrafficReadError) return error;
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'ENOENT') return new TrafficReadError(path, 'no such file');
  if (e.code === 'ENOTDIR') return new TrafficReadError(path, 'no such file (a parent is not a directory)');
  if (e.code === 'EISDIR') return new TrafficReadError(path, 'is a directory, not a traffic file');
  // Only gunzip fails with Z_ codes, also when the content (not the name) said gzip.
  if (typeof e.code === 'string' && e.code.startsWith('Z_'))
    return new TrafficReadError(path, `not a valid gzip file (${e.message})`);
  return new TrafficReadError(path, `cannot read: ${e.message ?? String(error)}`);
}

/**
 * The decompressed bytes of a traffic file, in file order, as they come off the disk (or out of
 * gunzip). I/O and gzip failures surface as TrafficReadError.
 */
export async function* readTrafficBytes(
  path: string,
  options: ReadTrafficOptions = {},
): AsyncGenerator<Buffer, void, undefined> {
  await assertRegularFile(path);
  const gzip =
    options.layout === undefined ? trafficFormatOf(path).endsWith('.gz') : path.toLowerCase().endsWith('.gz');
  const source = openSource(path, gzip, options.chunkSize ?? DEFAULT_CHUNK);
  try {
    let chunks: AsyncIterator<Buffer>;
    try {
      chunks = source[Symbol.asyncIterator]();
    } catch (error) {
      throw readError(path, error);
    }
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw readError(path, error);
      }
      if (next.done === true) break;
      yield next.value;
    }
  } finally {
    source.destroy();
  }
}

/** Hex SHA-256 of a traffic file as stored; an unreadable file is a TrafficReadError. */
export async function trafficSha256(path: string): Promise<string> {
  await assertRegularFile(path);
  try {
    return await sha256OfFile(path);
  } catch (error) {
    throw readError(path, error);
  }
}

/**
 * Only a regular file (or a symlink to one) is a sample: `/dev/zero` or a FIFO would be read
 * forever or block, and a directory is a mistake in the path.
 */
export async function assertRegularFile(path: string): Promise<void> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw readError(path, error);
  }
  if (info.isFile()) return;
  if (info.isDirectory()) throw new TrafficReadError(path, 'is a directory, not a traffic file');
  const what = info.isFIFO()
    ? 'a FIFO (named pipe)'
    : info.isCharacterDevice() || info.isBlockDevice()
      ? 'a device'
      : info.isSocket()
        ? 'a socket'
        : 'not a regular file';
  throw new TrafficReadError(
    path,
    `is ${what}, not a traffic file: a sample must be a regular file (write a stream to a file first)`,
  );
}
