import { isUtf8 } from 'node:buffer';
import {
  parsedShape,
  MAX_RECORD_DEPTH,
  SHAPE_INVALID_UTF8,
  SHAPE_TOO_DEEP,
  SHAPE_TOO_LONG,
} from './recordShape.js';
import { hasBom, isWhitespace, LF } from './bytes.js';
import type { ElementSink, Splitter } from './elementSink.js';
import { TrafficReadError } from './trafficFile.js';

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
export class ArraySplitter<T> implements Splitter<T> {
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
