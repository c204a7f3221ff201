import { isUtf8 } from 'node:buffer';
import { scanShapeBytes, SHAPE_INVALID_UTF8, SHAPE_TOO_LONG, type Shape } from './recordShape.js';
import { CR, DEFAULT_MAX_LINE_BYTES, hasBom, isBlank, LF } from './bytes.js';
import type { ElementSink, Splitter } from './elementSink.js';

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
  /** false: a readable line's shape is not scanned (0), for readers that parse it otherwise. */
  scanShapes = true,
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
        else fn(buf.toString('utf8', from, to), line, scanShapes ? scanShapeBytes(buf, from, to) : 0);
      }
    }
    if (nl < 0) return;
    line++;
    start = nl + 1;
  }
}

/** JSON Lines for readTrafficElements: the same cutting and numbering as the replay's chunks. */
export class LineSplitter<T> implements Splitter<T> {
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
