import { sha256OfFile } from '../canonical/sha256.js';
import { isUtf8 } from 'node:buffer';
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { RequestIdTable } from './requestIdTable.js';
import { explainInvalidRecord, isTrafficRecord, type TrafficRecord } from './record.js';
import {
  countMembers,
  findRepeatedKey,
  repeatedKeyReason,
  scanShapeBytes,
  scanShapeText,
  shapeMembers,
  shapeReason,
  parsedShape,
  MAX_RECORD_DEPTH,
  SHAPE_INVALID_UTF8,
  SHAPE_TOO_DEEP,
  SHAPE_TOO_LONG,
  type Shape,
} from './recordShape.js';

/**
 * The streaming traffic reader (docs/traffic.md). Memory does not grow with the sample except for the
 * set of request ids already seen (duplicate detection needs it): about 60–90 bytes per record for
 * short ids, i.e. well under 100 MB for a million records.
 *
 * Decisions (docs/traffic.md):
 * - Line numbers are physical 1-based line numbers in the (decompressed) file. Blank or
 *   whitespace-only lines in JSON Lines are skipped: they are not records, not malformed, and not
 *   counted, but they still advance the line number so later numbers match an editor.
 * - A `.json` array element's line is the line of its first character.
 * - Only replayed (valid) records claim a request id: a valid record after a malformed one with the
 *   same id is replayed; a second valid record with an id already replayed is malformed.
 * - A trailing `\r` (CRLF files) and a UTF-8 byte-order mark at the start are ignored.
 * - A `.json` file that is not one array (no `[`, text after `]`, no closing `]`) cannot be split
 *   into records and fails the read with a `TrafficReadError`; so do I/O and gzip errors.
 * - Hostile input is a malformed record, never a stopped run or unbounded memory
 *   (docs/security.md): a line (or `.json` element) longer than `maxLineBytes` is kept only up to
 *   that length while the rest is skipped, so memory stays bounded whatever the (decompressed)
 *   input; a line that is not valid UTF-8, nested deeper than MAX_RECORD_DEPTH or repeating a key
 *   in one object is malformed (recordShape.ts). Only regular files are read: a device, FIFO or
 *   directory would never end or never start.
 */

/** Default `maxLineBytes`: the longest line (or `.json` element) read as a record, 1 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 1 << 20;

export type TrafficItem =
  | { kind: 'record'; line: number; record: TrafficRecord }
  | { kind: 'malformed'; line: number; reason: string; request_id?: string };

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

/**
 * Turns parsed values into items: validation plus duplicate detection. One per read; exported so a
 * caller holding values from elsewhere (tests, a shard merge) judges them the same way.
 */
export class RecordClassifier {
  private readonly ids = new RequestIdTable();

  constructor(private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES) {}

  classifyText(text: string, line: number, shape?: Shape): TrafficItem {
    const item = parseRecordText(text, line, shape, this.maxLineBytes);
    return item.kind === 'record' ? this.claim(item.record, line) : item;
  }

  classifyValue(value: unknown, line: number): TrafficItem {
    const item = validateRecordValue(value, line);
    return item.kind === 'record' ? this.claim(item.record, line) : item;
  }

  /** The first valid record with an id keeps it; a later one with the same id is malformed. */
  private claim(value: TrafficRecord, line: number): TrafficItem {
    const id = value.request_id;
    const first = this.ids.claim(id, line);
    if (first !== undefined)
      return { kind: 'malformed', line, reason: duplicateReason(id, first), request_id: id };
    return { kind: 'record', line, record: value };
  }
}

/**
 * One line (or array element) of a sample: parsed once and validated, duplicates not judged. The
 * reader and the replay's per-record step (which judges duplicates in file order on the main
 * thread) share it, so both say the same thing about the same text.
 */
export function parseRecordText(
  text: string,
  line: number,
  shape: Shape = scanShapeText(text),
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): TrafficItem {
  const parsed = parseElementJson(text, shape, maxLineBytes);
  if (parsed.ok) return validateRecordValue(parsed.value, line);
  return parsed.request_id === undefined
    ? { kind: 'malformed', line, reason: parsed.reason }
    : { kind: 'malformed', line, reason: parsed.reason, request_id: parsed.request_id };
}

/**
 * One element parsed, or why it is not usable JSON (with its request_id when it has one, and the
 * value JSON.parse gave when only a repeated key refused it).
 */
export type ParsedElement =
  | { ok: true; value: unknown }
  | { ok: false; reason: string; request_id?: string; repeatedKeyValue?: unknown };

/**
 * One element's JSON, or why it is not usable JSON — its shape refused (too long, invalid UTF-8,
 * too deep), not JSON, or a key repeated in one object: the one parse every sample format shares
 * (records and OPA decision events, docs/decision-logs.md), so they agree on what is malformed.
 */
export function parseElementJson(
  text: string,
  shape: Shape = scanShapeText(text),
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): ParsedElement {
  if (shape < 0) return { ok: false, reason: shapeReason(shape, maxLineBytes) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not JSON: ${(error as Error).message}` };
  }
  if (countMembers(value) !== shapeMembers(shape)) {
    const reason = repeatedKeyReason(findRepeatedKey(text));
    const id = idOf(value);
    return id === undefined
      ? { ok: false, reason, repeatedKeyValue: value }
      : { ok: false, reason, request_id: id, repeatedKeyValue: value };
  }
  return { ok: true, value };
}

export function validateRecordValue(value: unknown, line: number): TrafficItem {
  if (isTrafficRecord(value)) return { kind: 'record', line, record: value };
  const reason = explainInvalidRecord(value) ?? 'not a valid traffic record';
  const id = idOf(value);
  return id === undefined
    ? { kind: 'malformed', line, reason }
    : { kind: 'malformed', line, reason, request_id: id };
}

/** The malformed reason of a second valid record with an id already replayed. */
export function duplicateReason(id: string, firstLine: number): string {
  return `request_id: duplicate ${JSON.stringify(id)} (first on line ${firstLine})`;
}

/** The request_id of a value that is not a valid record, when it has a usable one. */
export function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as { request_id?: unknown }).request_id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
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

function layoutOf(path: string, options: ReadTrafficOptions): TrafficLayout {
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

/**
 * Reads a traffic file as batches of items (one batch per chunk read), in file order. The batch
 * form exists for throughput: it costs one await per chunk instead of one per record.
 */
export async function* readTrafficBatches(
  path: string,
  options: ReadTrafficOptions = {},
): AsyncGenerator<TrafficItem[], void, undefined> {
  const classifier = new RecordClassifier(options.maxLineBytes);
  const sink: ElementSink<TrafficItem> = {
    element: (text, line, shape) => classifier.classifyText(text, line, shape),
    empty: (line) => ({ kind: 'malformed', line, reason: EMPTY_ELEMENT_REASON }),
  };
  yield* readTrafficElements(path, sink, options);
}

/**
 * The elements of a traffic file (JSON Lines lines, or `.json` array elements) as the text of
 * each with its line, mapped by `sink`, in batches in file order. Splitting only: what an element
 * is (a record, a repeat, malformed) is the sink's business.
 */
export async function* readTrafficElements<T>(
  path: string,
  sink: ElementSink<T>,
  options: ReadTrafficOptions = {},
): AsyncGenerator<T[], void, undefined> {
  await assertRegularFile(path);
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const splitter = elementSplitter(layoutOf(path, options), sink, path, maxLineBytes);
  for await (const chunk of readTrafficBytes(path, options)) {
    const items = splitter.push(chunk);
    if (items.length > 0) yield items;
  }
  const rest = splitter.end();
  if (rest.length > 0) yield rest;
}

/** Reads a traffic file item by item, in file order. */
export async function* readTraffic(
  path: string,
  options: ReadTrafficOptions = {},
): AsyncGenerator<TrafficItem, void, undefined> {
  for await (const batch of readTrafficBatches(path, options)) yield* batch;
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

// ---------------------------------------------------------------------------------------------

/** Cuts a file's decompressed bytes, pushed chunk by chunk, into elements mapped by a sink. */
export interface Splitter<T> {
  push(chunk: Buffer): T[];
  end(): T[];
}

export function elementSplitter<T>(
  layout: TrafficLayout,
  sink: ElementSink<T>,
  path: string,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): Splitter<T> {
  return layout === 'lines'
    ? new LineSplitter(sink, maxLineBytes)
    : new ArraySplitter(sink, path, maxLineBytes);
}

/**
 * What a reader makes of each element's text, and of an empty `.json` array element. `shape` is
 * what the reader's byte scan found (recordShape.ts): a count ≥ 0, or a negative code for an
 * element that must not be parsed (`text` is then empty).
 */
export interface ElementSink<T> {
  element(text: string, line: number, shape: Shape): T;
  empty(line: number): T;
}

export const EMPTY_ELEMENT_REASON = 'empty array element (two commas, or a comma before ])';

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

function isBlank(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = buf[i];
    if (b !== SPACE && b !== TAB && b !== CR) return false;
  }
  return true;
}

function hasBom(buf: Buffer, start: number, end: number): boolean {
  return end - start >= 3 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf;
}

/** A run of whole JSON Lines lines: `bytes` holds lines `firstLine` … `firstLine + lines - 1`. */
export interface LineChunk {
  bytes: Buffer;
  firstLine: number;
  lines: number;
}

function countLines(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(LF); i >= 0; i = buf.indexOf(LF, i + 1)) n++;
  return n;
}

/**
 * Cuts a stream of bytes into runs of whole lines (each ending with its LF, except the last line
 * of a file without a final newline), numbering them: the unit the replay hands to a worker. A
 * run is emitted once at least `minBytes` of whole lines are waiting (0: as soon as there is one
 * line); only bytes that straddle two input chunks are copied.
 *
 * A line longer than `maxLineBytes` is kept only up to `maxLineBytes + 1` bytes and the rest of
 * it is dropped as it arrives, so a stream without line breaks (1 GB of zeros out of a 1 MB gzip)
 * holds at most `minBytes` + one input chunk + `maxLineBytes` in memory; forEachLine then reports
 * the line as too long.
 */
export class LineChunker {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes of the unterminated line at the end of `pending`. */
  private partialBytes = 0;
  /** The current line passed maxLineBytes: drop bytes until its LF. */
  private skipping = false;
  private nextLine = 1;

  constructor(
    private readonly minBytes = 0,
    private readonly maxLineBytes = DEFAULT_MAX_LINE_BYTES,
  ) {}

  push(input: Buffer): LineChunk | null {
    let chunk = input;
    if (this.skipping) {
      const lf = chunk.indexOf(LF);
      if (lf < 0) return null;
      // The LF ends the kept prefix of the long line.
      this.skipping = false;
      chunk = chunk.subarray(lf);
    }
    const nl = chunk.lastIndexOf(LF);
    if (nl < 0) {
      this.extendPartial(chunk);
      return null;
    }
    const head = chunk.subarray(0, nl + 1);
    const tail = chunk.subarray(nl + 1);
    let emitted: LineChunk | null = null;
    if (this.pendingBytes + head.length < this.minBytes) this.append(head);
    else {
      let bytes: Buffer;
      if (this.pending.length === 0) bytes = head;
      else {
        this.pending.push(head);
        bytes = Buffer.concat(this.pending, this.pendingBytes + head.length);
      }
      this.pending = [];
      this.pendingBytes = 0;
      emitted = this.emit(bytes);
    }
    this.partialBytes = 0;
    this.extendPartial(tail);
    return emitted;
  }

  /** What is left at the end of the file (whole lines, and a last line without its LF). */
  end(): LineChunk | null {
    this.skipping = false;
    this.partialBytes = 0;
    if (this.pendingBytes === 0) return null;
    const bytes = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    return this.emit(bytes);
  }

  private append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
  }

  /** Adds bytes of the unterminated line, keeping at most maxLineBytes + 1 of it. */
  private extendPartial(bytes: Buffer): void {
    const room = this.maxLineBytes + 1 - this.partialBytes;
    if (bytes.length < room) {
      this.append(bytes);
      this.partialBytes += bytes.length;
      return;
    }
    this.append(bytes.subarray(0, room));
    this.partialBytes += room;
    this.skipping = true;
  }

  private emit(bytes: Buffer): LineChunk {
    const lines = countLines(bytes) + (bytes[bytes.length - 1] === LF ? 0 : 1);
    const chunk = { bytes, firstLine: this.nextLine, lines };
    this.nextLine += lines;
    return chunk;
  }
}

/**
 * Calls `fn` with the text, line number and shape (recordShape.ts) of each line of a LineChunk
 * that is not blank. A UTF-8 byte-order mark on line 1 and a line's trailing CR are dropped. A
 * line longer than `maxLineBytes`, or not valid UTF-8, comes with its negative shape code and no
 * text: it is never decoded. UTF-8 is checked once for the whole run, and line by line only when
 * the run holds an invalid sequence.
 */
export function forEachLine(
  bytes: Uint8Array,
  firstLine: number,
  fn: (text: string, line: number, shape: Shape) => void,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): void {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const allUtf8 = isUtf8(buf);
  let line = firstLine;
  let start = 0;
  for (;;) {
    const nl = buf.indexOf(LF, start);
    const stop = nl < 0 ? buf.length : nl;
    if (nl >= 0 || start < buf.length) {
      let from = start;
      let to = stop;
      if (line === 1 && hasBom(buf, from, to)) from += 3;
      if (to > from && buf[to - 1] === CR) to--;
      if (to - from > maxLineBytes) fn('', line, SHAPE_TOO_LONG);
      else if (!isBlank(buf, from, to)) {
        if (!allUtf8 && !isUtf8(buf.subarray(from, to))) fn('', line, SHAPE_INVALID_UTF8);
        else fn(buf.toString('utf8', from, to), line, scanShapeBytes(buf, from, to));
      }
    }
    if (nl < 0) return;
    line++;
    start = nl + 1;
  }
}

/** JSON Lines for readTrafficElements: the same cutting and numbering as the replay's chunks. */
class LineSplitter<T> implements Splitter<T> {
  private readonly chunker: LineChunker;

  constructor(
    private readonly sink: ElementSink<T>,
    private readonly maxLineBytes: number,
  ) {
    this.chunker = new LineChunker(0, maxLineBytes);
  }

  push(chunk: Buffer): T[] {
    return this.elements(this.chunker.push(chunk));
  }

  end(): T[] {
    return this.elements(this.chunker.end());
  }

  private elements(chunk: LineChunk | null): T[] {
    const items: T[] = [];
    if (chunk !== null)
      forEachLine(
        chunk.bytes,
        chunk.firstLine,
        (text, line, shape) => items.push(this.sink.element(text, line, shape)),
        this.maxLineBytes,
      );
    return items;
  }
}

/** Scanner states of ArraySplitter (plain numbers: the hot loop switches on them). */
const ArrayState = {
  /** Before the opening `[`. */
  Before: 0,
  /** Inside the array, expecting an element (or `]`). */
  Between: 1,
  /** Inside an element. */
  Element: 2,
  /** After the closing `]`. */
  Done: 3,
} as const;
type ArrayStateValue = (typeof ArrayState)[keyof typeof ArrayState];

/**
 * A `.json` array, split into top-level elements by a byte scanner that tracks strings and nesting
 * depth; each element is then parsed on its own, so the array is never held in memory whole. The
 * same scan yields each element's shape (recordShape.ts); an element longer than `maxLineBytes`
 * is not kept at all, only scanned to its end and reported as too long.
 */
class ArraySplitter<T> implements Splitter<T> {
  private state: ArrayStateValue = ArrayState.Before;
  private line = 1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Pieces of the current element from earlier chunks. */
  private pieces: Buffer[] = [];
  /** Bytes of the current element in earlier chunks (kept in `pieces` unless too long). */
  private pieceBytes = 0;
  /** The current element's `:` outside strings, and whether it nests too deep. */
  private colons = 0;
  private tooDeep = false;
  /**
   * The current element may hold a number not in its shortest form (recordShape.ts): a digit run
   * of 16 or more, a `.`, `e` or `E` after a digit, or `-0`, outside strings. `run` and `prev` are
   * the digits so far and the last byte outside strings (an element may span chunks).
   */
  private respelled = false;
  private run = 0;
  private prev = 0;
  private elementLine = 0;
  /** Elements (or commas) seen since `[`: a `]` or `,` right after a comma is an empty element. */
  private afterComma = false;
  private atStart = true;

  constructor(
    private readonly sink: ElementSink<T>,
    private readonly path: string,
    private readonly maxElementBytes: number,
  ) {}

  push(chunk: Buffer): T[] {
    const items: T[] = [];
    let i = 0;
    if (this.atStart) {
      this.atStart = false;
      if (hasBom(chunk, 0, chunk.length)) i = 3;
    }
    let elementStart = this.state === ArrayState.Element ? 0 : -1;
    const n = chunk.length;
    for (; i < n; i++) {
      const b = chunk[i] as number;
      if (b === LF) this.line++;
      switch (this.state) {
        case ArrayState.Before:
          if (b === 0x5b /* [ */) this.state = ArrayState.Between;
          else if (!isWhitespace(b))
            throw new TrafficReadError(
              this.path,
              'a .json traffic file must hold one JSON array of records',
              this.line,
            );
          break;
        case ArrayState.Between:
          if (isWhitespace(b)) break;
          if (b === 0x5d /* ] */) {
            if (this.afterComma) items.push(this.sink.empty(this.line));
            this.state = ArrayState.Done;
          } else if (b === 0x2c /* , */) {
            items.push(this.sink.empty(this.line));
            this.afterComma = true;
          } else {
            this.state = ArrayState.Element;
            this.elementLine = this.line;
            elementStart = i;
            this.depth = 0;
            this.inString = false;
            this.escaped = false;
            this.colons = 0;
            this.tooDeep = false;
            this.respelled = false;
            this.run = 0;
            this.prev = 0;
            this.pieceBytes = 0;
            i = this.scanElement(chunk, i, items, elementStart);
            if (this.state !== ArrayState.Element) elementStart = -1;
          }
          break;
        case ArrayState.Element:
          i = this.scanElement(chunk, i, items, elementStart);
          if (this.state !== ArrayState.Element) elementStart = -1;
          break;
        case ArrayState.Done:
          if (!isWhitespace(b))
            throw new TrafficReadError(
              this.path,
              'unexpected text after the closing ] of the array',
              this.line,
            );
          break;
      }
    }
    if (this.state === ArrayState.Element && elementStart >= 0) {
      this.pieceBytes += chunk.length - elementStart;
      // Past the limit the element is only scanned to its end: memory stays bounded.
      if (this.pieceBytes > this.maxElementBytes) this.pieces = [];
      else this.pieces.push(chunk.subarray(elementStart));
    }
    return items;
  }

  /**
   * Scans from `i` (a byte of the current element) until the element ends at a top-level `,` or
   * `]`, or the chunk ends. Returns the index of the last byte consumed. Counts newlines itself
   * except for the byte at `i`, which the caller has counted.
   */
  private scanElement(chunk: Buffer, i: number, items: T[], elementStart: number): number {
    const n = chunk.length;
    for (let j = i; j < n; j++) {
      const b = chunk[j] as number;
      if (j > i && b === LF) this.line++;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === 0x5c /* \ */) this.escaped = true;
        else if (b === 0x22 /* " */) this.inString = false;
        continue;
      }
      if (b >= 0x30 && b <= 0x39) {
        if (++this.run >= 16 || (b === 0x30 && this.prev === 0x2d) /* -0 */) this.respelled = true;
      } else {
        if ((b === 0x2e || b === 0x45 || b === 0x65) /* . E e */ && this.run > 0) this.respelled = true;
        this.run = 0;
      }
      this.prev = b;
      if (b === 0x22) this.inString = true;
      else if (b === 0x3a /* : */) this.colons++;
      else if (b === 0x7b /* { */ || b === 0x5b /* [ */) {
        if (++this.depth > MAX_RECORD_DEPTH) this.tooDeep = true;
      } else if ((b === 0x7d /* } */ || b === 0x5d) /* ] */ && this.depth > 0) this.depth--;
      else if (this.depth === 0 && (b === 0x2c || b === 0x5d)) {
        this.finishElement(chunk, elementStart, j, items);
        if (b === 0x5d) this.state = ArrayState.Done;
        else {
          this.state = ArrayState.Between;
          this.afterComma = true;
        }
        return j;
      }
    }
    return n - 1;
  }

  private finishElement(chunk: Buffer, start: number, end: number, items: T[]): void {
    const from = Math.max(start, 0);
    const size = this.pieceBytes + end - from;
    let bytes: Buffer | null = null;
    if (size <= this.maxElementBytes)
      bytes =
        this.pieces.length > 0
          ? Buffer.concat([...this.pieces, chunk.subarray(from, end)])
          : chunk.subarray(from, end);
    this.pieces = [];
    this.pieceBytes = 0;
    let item: T;
    if (bytes === null) item = this.sink.element('', this.elementLine, SHAPE_TOO_LONG);
    else if (!isUtf8(bytes)) item = this.sink.element('', this.elementLine, SHAPE_INVALID_UTF8);
    else
      item = this.sink.element(
        bytes.toString('utf8'),
        this.elementLine,
        this.tooDeep ? SHAPE_TOO_DEEP : parsedShape(this.colons, this.respelled),
      );
    items.push(item);
    this.afterComma = false;
  }

  end(): T[] {
    if (this.state === ArrayState.Before)
      throw new TrafficReadError(
        this.path,
        'a .json traffic file must hold one JSON array of records',
        this.line,
      );
    if (this.state !== ArrayState.Done)
      throw new TrafficReadError(this.path, 'the JSON array is not closed (file truncated?)', this.line);
    return [];
  }
}

function isWhitespace(b: number): boolean {
  return b === SPACE || b === LF || b === CR || b === TAB;
}
