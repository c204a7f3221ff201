import type { Shape } from './recordShape.js';

/** Cuts a file's decompressed bytes, pushed chunk by chunk, into elements mapped by a sink. */
export interface Splitter<T> {
  push(chunk: Buffer): T[];
  end(): T[];
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
