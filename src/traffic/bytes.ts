/** Byte-level helpers shared by the traffic splitters (JSON Lines and `.json` arrays). */

/** Default `maxLineBytes`: the longest line (or `.json` element) read as a record, 1 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 1 << 20;

export const LF = 0x0a;
export const CR = 0x0d;
export const SPACE = 0x20;
export const TAB = 0x09;

export function isBlank(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = buf[i];
    if (b !== SPACE && b !== TAB && b !== CR) return false;
  }
  return true;
}

export function hasBom(buf: Buffer, start: number, end: number): boolean {
  return end - start >= 3 && buf[start] === 0xef && buf[start + 1] === 0xbb && buf[start + 2] === 0xbf;
}

export function isWhitespace(b: number): boolean {
  return b === SPACE || b === LF || b === CR || b === TAB;
}
