/**
 * A decision event's top-level members as text, with the whole event checked to be JSON (RFC 8259)
 * in the same pass, without building its values: JSON.parse of every event (its input, its
 * headers, its token) built objects nobody read, and their collection was a fifth of a replay's
 * time. The members a reader needs are parsed alone, small; the input, the result and the
 * recorded results stay text, so their numbers keep every digit. Pure.
 */

export class JsonScanError extends Error {
  override readonly name = 'JsonScanError';
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(`${message} at position ${at}`);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

function skip(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The index after the string at `i`, checking its escapes and that no control character is raw. */
function scanString(text: string, i: number): number {
  if (text.charCodeAt(i) !== QUOTE) throw new JsonScanError('expected a string', i);
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1;
    if (c < 0x20) throw new JsonScanError('a control character in a string', j);
    if (c !== BACKSLASH) continue;
    const e = text.charCodeAt(++j);
    if (e === 0x75) {
      for (let k = 1; k <= 4; k++)
        if (!isHex(text.charCodeAt(j + k))) throw new JsonScanError('a bad \\u escape', j);
      j += 4;
    } else if (!'"\\/bfnrt'.includes(text[j] ?? '')) throw new JsonScanError('a bad escape', j);
  }
  throw new JsonScanError('an unterminated string', i);
}

function scanNumber(text: string, i: number): number {
  let j = i;
  if (text.charCodeAt(j) === 0x2d) j++;
  if (text.charCodeAt(j) === 0x30) j++;
  else if (isDigit(text.charCodeAt(j))) while (isDigit(text.charCodeAt(j))) j++;
  else throw new JsonScanError('expected a value', i);
  if (text.charCodeAt(j) === 0x2e) {
    if (!isDigit(text.charCodeAt(++j))) throw new JsonScanError('a bad number', j);
    while (isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    const s = text.charCodeAt(++j);
    if (s === 0x2b || s === 0x2d) j++;
    if (!isDigit(text.charCodeAt(j))) throw new JsonScanError('a bad number', j);
    while (isDigit(text.charCodeAt(j))) j++;
  }
  return j;
}

/** The index after the value at `i` (after leading space), checked throughout. */
export function scanValue(text: string, i: number): number {
  // Containers are walked with a stack of their closers, not by recursion: a deep value cannot
  // overflow the call stack.
  const closers: number[] = [];
  let j = skip(text, i);
  for (;;) {
    const c = text.charCodeAt(j);
    if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      j = skip(text, j + 1);
      if (text.charCodeAt(j) === close) j++;
      else {
        closers.push(close);
        if (close === 0x7d) j = memberKey(text, j);
        continue;
      }
    } else if (c === QUOTE) j = scanString(text, j);
    else if (text.startsWith('true', j)) j += 4;
    else if (text.startsWith('false', j)) j += 5;
    else if (text.startsWith('null', j)) j += 4;
    else j = scanNumber(text, j);
    // After a value: close every container that ends here, or go on to the next element.
    for (;;) {
      j = skip(text, j);
      const close = closers[closers.length - 1];
      if (close === undefined) return j;
      const d = text.charCodeAt(j);
      if (d === close) {
        closers.pop();
        j++;
        continue;
      }
      if (d !== 0x2c) throw new JsonScanError('expected a comma or a closing bracket', j);
      j = skip(text, j + 1);
      if (close === 0x7d) j = memberKey(text, j);
      break;
    }
  }
}

/** Past a member's key and colon, at its value. */
function memberKey(text: string, i: number): number {
  const j = skip(text, scanString(text, i));
  if (text.charCodeAt(j) !== 0x3a) throw new JsonScanError('expected a colon', j);
  return skip(text, j + 1);
}

/**
 * The members of the JSON object `text` (key → the value's text; a repeated key keeps its last
 * value, as JSON.parse does), after checking that all of `text` is one JSON value.
 */
export function jsonObjectMembers(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = skip(text, 0);
  if (text.charCodeAt(i) !== 0x7b) throw new JsonScanError('expected an object', i);
  i = skip(text, i + 1);
  if (text.charCodeAt(i) !== 0x7d)
    for (;;) {
      const keyEnd = scanString(text, i);
      const raw = text.slice(i + 1, keyEnd - 1);
      const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
      const start = memberKey(text, i);
      const end = scanValue(text, start);
      out.set(key, text.slice(start, end).trimEnd());
      i = skip(text, end);
      const c = text.charCodeAt(i);
      if (c === 0x7d) break;
      if (c !== 0x2c) throw new JsonScanError('expected a comma or a closing brace', i);
      i = skip(text, i + 1);
    }
  if (skip(text, i + 1) !== text.length) throw new JsonScanError('text after the value', skip(text, i + 1));
  return out;
}
