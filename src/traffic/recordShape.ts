/**
 * Checks on a record's raw text that JSON.parse cannot make, run on every line of a sample and so
 * kept to one pass over bytes the reader already holds (docs/security.md "Hostile traffic"):
 *
 * - **Nesting depth.** A record nested thousands deep parses, but every recursive step after it
 *   (the decision cache's key, JSON.stringify, opa-wasm's input parser) can overflow the stack,
 *   and whether it does depends on the thread. Deeper than MAX_RECORD_DEPTH is malformed.
 * - **Repeated keys.** JSON.parse keeps the last of two equal keys in one object, so a record
 *   with two `request_id`s would silently be the second. Every `:` outside a string separates one
 *   object member, so a text whose member count (the scan) exceeds what the parsed value holds
 *   (countMembers) repeats a key somewhere. Only then is the text scanned again to name the key.
 * - **Numbers not in their shortest form** (traffic/numbers.ts): flagged by the same pass, so that
 *   only an element that may hold one is scanned for them token by token.
 * - **Invalid UTF-8** and **overlong lines** are found by the reader before any text is decoded;
 *   they arrive here as the shape codes below.
 */

/** The deepest nesting of arrays and objects a record may have (the record object is level 1). */
export const MAX_RECORD_DEPTH = 64;

/**
 * What the scan of one element found. For an element that may be parsed, a number ≥ 0: twice the
 * count of `:` outside strings, plus 1 when some number token outside strings may not be in its
 * shortest form (a fraction, an exponent, 16 digits or more, `-0`: traffic/numbers.ts), so that
 * only such an element is scanned for them again. A negative code for an element that must not be
 * parsed at all.
 */
export type Shape = number;
export const SHAPE_TOO_DEEP = -1;
export const SHAPE_INVALID_UTF8 = -2;
export const SHAPE_TOO_LONG = -3;

/** The shape of a parseable element. */
export function parsedShape(colons: number, respelled: boolean): Shape {
  return colons * 2 + (respelled ? 1 : 0);
}

/** The object members a parseable element's text holds (its `:` outside strings). */
export function shapeMembers(shape: Shape): number {
  return shape >> 1;
}

/** Whether a parseable element may hold a number not written in its shortest form. */
export function shapeMayHoldRespelledNumber(shape: Shape): boolean {
  return shape >= 0 && (shape & 1) === 1;
}

const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const UPPER_E = 0x45;
const LOWER_E = 0x65;

/**
 * Reads the number token starting at `i` (a `-` or a digit outside strings): its end, negated
 * when it may not be in its shortest form. Only the token's own bytes are read.
 */
function numberToken(at: (k: number) => number, i: number, to: number): number {
  const first = at(i);
  let digits = first === MINUS ? 0 : 1;
  let other = false;
  let j = i + 1;
  for (; j < to; j++) {
    const c = at(j);
    if (c >= DIGIT_0 && c <= DIGIT_9) digits++;
    else if (c === DOT || c === UPPER_E || c === LOWER_E || c === PLUS || c === MINUS) other = true;
    else break;
  }
  const negativeZero = first === MINUS && digits === 1 && i + 1 < to && at(i + 1) === DIGIT_0;
  return other || digits >= 16 || negativeZero ? -j : j;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** The shape of `bytes[from, to)` (UTF-8 JSON): structure bytes are ASCII, so bytes suffice. */
export function scanShapeBytes(bytes: Uint8Array, from: number, to: number): Shape {
  let colons = 0;
  let depth = 0;
  let respelled = false;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) {
      for (i++; i < to; i++) {
        const c = bytes[i]!;
        if (c === BACKSLASH) i++;
        else if (c === QUOTE) break;
      }
    } else if (b === COLON) colons++;
    else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (++depth > MAX_RECORD_DEPTH) return SHAPE_TOO_DEEP;
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) depth--;
    else if (b === MINUS || (b >= DIGIT_0 && b <= DIGIT_9)) {
      // A number token, read whole here (numberToken, inlined: this loop runs on every line).
      let digits = b === MINUS ? 0 : 1;
      let j = i + 1;
      for (; j < to; j++) {
        const c = bytes[j]!;
        if (c >= DIGIT_0 && c <= DIGIT_9) digits++;
        else if (c === DOT || c === UPPER_E || c === LOWER_E || c === PLUS || c === MINUS) respelled = true;
        else break;
      }
      if (digits >= 16 || (b === MINUS && digits === 1 && bytes[i + 1] === DIGIT_0)) respelled = true;
      i = j - 1;
    }
  }
  return parsedShape(colons, respelled);
}

/** The same for text that is already decoded (callers without the bytes). */
export function scanShapeText(text: string): Shape {
  let colons = 0;
  let depth = 0;
  let respelled = false;
  const to = text.length;
  const at = (k: number) => text.charCodeAt(k);
  for (let i = 0; i < to; i++) {
    const b = text.charCodeAt(i);
    if (b === QUOTE) {
      for (i++; i < to; i++) {
        const c = text.charCodeAt(i);
        if (c === BACKSLASH) i++;
        else if (c === QUOTE) break;
      }
    } else if (b === COLON) colons++;
    else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (++depth > MAX_RECORD_DEPTH) return SHAPE_TOO_DEEP;
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) depth--;
    else if (b === MINUS || (b >= DIGIT_0 && b <= DIGIT_9)) {
      const end = numberToken(at, i, to);
      if (end < 0) respelled = true;
      i = Math.abs(end) - 1;
    }
  }
  return parsedShape(colons, respelled);
}

/**
 * Object members in a parsed value. Recursion is safe: the scan already bounded the depth.
 * Allocation-free (no Object.keys): it runs for every record.
 */
export function countMembers(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) n += countMembers(item);
    }
    return n;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    n++;
    const item = record[key];
    if (typeof item === 'object' && item !== null) n += countMembers(item);
  }
  return n;
}

/**
 * Whether a parsed element holds a lone UTF-16 surrogate in a string or a key. JSON text can spell
 * one (`"\ud800"`) though no UTF-8 can carry it, and opa-wasm refuses to read it: such a record is
 * evaluated on its own, never given a cached decision (DecisionCache.alone), so whether it fails does
 * not depend on which records came before it. `text` is the element's JSON: only a `\u` escape
 * can make a lone surrogate, so the common element is cleared by one search. Recursion is safe:
 * the element's depth is bounded (MAX_RECORD_DEPTH).
 */
export function hasLoneSurrogate(text: string, value: unknown): boolean {
  return text.includes('\\u') && holdsLoneSurrogate(value);
}

function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return !value.isWellFormed();
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  for (const key in value as Record<string, unknown>)
    if (!key.isWellFormed() || holdsLoneSurrogate((value as Record<string, unknown>)[key])) return true;
  return false;
}

/** Where a key repeats: the key and the path of its object (`record`, `input.identity`, …). */
export interface RepeatedKey {
  key: string;
  path: string;
}

/**
 * The first key that appears twice in one object of `text` (valid JSON), for the malformed
 * reason. Slow (a tokenizer with a key set per open object): only run once countMembers has
 * shown that some key repeats.
 */
export function findRepeatedKey(text: string): RepeatedKey | null {
  /** An open object (its keys so far, the key being read) or array (the index being read). */
  interface Frame {
    keys: Set<string> | null;
    key: string;
    index: number;
  }
  const stack: Frame[] = [];
  const pathOfTop = () => {
    let path = '';
    for (let f = 0; f < stack.length - 1; f++) {
      const frame = stack[f]!;
      if (frame.keys === null) path += `[${frame.index}]`;
      else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(frame.key)) path += path === '' ? frame.key : `.${frame.key}`;
      else path += `[${JSON.stringify(frame.key)}]`;
    }
    return path === '' ? 'record' : path;
  };
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) return { key, path: pathOfTop() };
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      }
      i = j;
    } else if (c === '{') {
      stack.push({ keys: new Set(), key: '', index: 0 });
      expectKey = true;
    } else if (c === '[') {
      stack.push({ keys: null, key: '', index: 0 });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.keys) expectKey = true;
      else if (top) top.index++;
    }
  }
  return null;
}

/** The malformed reason of an element whose shape is a negative code (or a repeated key). */
export function shapeReason(shape: Shape, maxLineBytes: number): string {
  switch (shape) {
    case SHAPE_TOO_DEEP:
      return `nested deeper than ${MAX_RECORD_DEPTH} levels of arrays and objects (the limit for a record)`;
    case SHAPE_INVALID_UTF8:
      return 'not valid UTF-8 (replaying it would silently change its text)';
    case SHAPE_TOO_LONG:
      return `longer than ${maxLineBytes} bytes, the --max-line-bytes limit (raise it with --max-line-bytes, or max-line-bytes in the Action's limits input)`;
    default:
      return 'not a valid traffic record';
  }
}

export function repeatedKeyReason(repeated: RepeatedKey | null): string {
  return repeated === null
    ? 'a key appears twice in one object (JSON keeps only the last)'
    : `key ${JSON.stringify(repeated.key)} appears twice in ${repeated.path === 'record' ? 'the record' : repeated.path} (JSON would keep only the last)`;
}
