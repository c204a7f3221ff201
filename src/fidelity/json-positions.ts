/**
 * A strict JSON parser that remembers where every key and value starts, so a schema problem at
 * `tools.calls[1].output.sha256` can be reported at its line and column. `JSON.parse` gives no
 * positions and YAML parsers accept more than JSON, so neither alone is enough.
 *
 * Lines and columns are 1-based; columns count UTF-16 code units, as editors and GitHub
 * annotations do for the characters manifests contain.
 */

export type PathSegment = string | number;

export interface Position {
  line: number;
  column: number;
}

export interface NodePositions {
  /** Where the value starts. */
  value: Position;
  /** Where the member's key starts, for object members. */
  key?: Position;
}

export interface DuplicateKey {
  path: PathSegment[];
  position: Position;
}

export interface JsonSyntaxError extends Position {
  message: string;
}

export type ParsedJson =
  | { ok: true; value: unknown; positions: PositionIndex; duplicates: DuplicateKey[] }
  | { ok: false; error: JsonSyntaxError };

/** Positions of every node of one parsed document, looked up by path. */
export class PositionIndex {
  private readonly nodes = new Map<string, NodePositions>();

  set(path: readonly PathSegment[], positions: NodePositions): void {
    this.nodes.set(pathKey(path), positions);
  }

  get(path: readonly PathSegment[]): NodePositions | undefined {
    return this.nodes.get(pathKey(path));
  }

  /** The node at `path`, or its nearest existing ancestor (the root always exists). */
  nearest(path: readonly PathSegment[]): { path: PathSegment[]; positions: NodePositions } {
    for (let length = path.length; length >= 0; length--) {
      const prefix = path.slice(0, length);
      const found = this.get(prefix);
      if (found) return { path: prefix, positions: found };
    }
    return { path: [], positions: { value: { line: 1, column: 1 } } };
  }
}

function pathKey(path: readonly PathSegment[]): string {
  return JSON.stringify(path);
}

/** Deep enough for any real manifest; bounded so hostile input cannot overflow the stack. */
const MAX_DEPTH = 256;

class Failure extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Parses `text` as exactly one JSON value. `firstLine` is the line number of the text's first
 * line in its file (JSON Lines files are parsed line by line).
 */
export function parseJsonWithPositions(text: string, firstLine = 1): ParsedJson {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const at = (offset: number): Position => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: firstLine + low, column: offset - (lineStarts[low] ?? 0) + 1 };
  };

  const positions = new PositionIndex();
  const duplicates: DuplicateKey[] = [];
  let i = 0;

  const skipWhitespace = (): void => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else return;
    }
  };
  const describe = (offset: number): string =>
    offset >= text.length
      ? 'unexpected end of input'
      : `unexpected character ${JSON.stringify(text[offset])}`;

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    let chunkStart = i;
    for (;;) {
      if (i >= text.length) throw new Failure(start, 'unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(chunkStart, i);
        i++;
        return out;
      }
      if (c < 0x20) throw new Failure(i, 'control character in string (must be escaped)');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(chunkStart, i);
      const escape = text[i + 1];
      switch (escape) {
        case '"':
        case '\\':
        case '/':
          out += escape;
          i += 2;
          break;
        case 'b':
          out += '\b';
          i += 2;
          break;
        case 'f':
          out += '\f';
          i += 2;
          break;
        case 'n':
          out += '\n';
          i += 2;
          break;
        case 'r':
          out += '\r';
          i += 2;
          break;
        case 't':
          out += '\t';
          i += 2;
          break;
        case 'u': {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Failure(i, 'invalid \\u escape');
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
          break;
        }
        default:
          throw new Failure(i, 'invalid escape in string');
      }
      chunkStart = i;
    }
  };

  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

  const parseValue = (path: PathSegment[], key: Position | undefined, depth: number): unknown => {
    skipWhitespace();
    const start = i;
    const here: NodePositions = key ? { value: at(start), key } : { value: at(start) };
    positions.set(path, here);
    const c = text[i];
    if (c === '{') {
      if (depth >= MAX_DEPTH) throw new Failure(i, 'nesting too deep');
      i++;
      const object: Record<string, unknown> = {};
      const seen = new Set<string>();
      skipWhitespace();
      if (text[i] === '}') {
        i++;
        return object;
      }
      for (;;) {
        skipWhitespace();
        if (text[i] !== '"') throw new Failure(i, `${describe(i)}: expected a string key`);
        const keyOffset = i;
        const name = parseString();
        skipWhitespace();
        if (text[i] !== ':') throw new Failure(i, `${describe(i)}: expected ':'`);
        i++;
        const memberPath = [...path, name];
        const member = parseValue(memberPath, at(keyOffset), depth + 1);
        if (seen.has(name)) duplicates.push({ path: memberPath, position: at(keyOffset) });
        seen.add(name);
        // defineProperty, not assignment: a "__proto__" key must stay a plain member.
        Object.defineProperty(object, name, {
          value: member,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skipWhitespace();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return object;
        }
        throw new Failure(i, `${describe(i)}: expected ',' or '}'`);
      }
    }
    if (c === '[') {
      if (depth >= MAX_DEPTH) throw new Failure(i, 'nesting too deep');
      i++;
      const array: unknown[] = [];
      skipWhitespace();
      if (text[i] === ']') {
        i++;
        return array;
      }
      for (;;) {
        array.push(parseValue([...path, array.length], undefined, depth + 1));
        skipWhitespace();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return array;
        }
        throw new Failure(i, `${describe(i)}: expected ',' or ']'`);
      }
    }
    if (c === '"') return parseString();
    for (const [word, literal] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return literal;
      }
    }
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (number) {
      i += number[0].length;
      return Number(number[0]);
    }
    throw new Failure(i, `${describe(i)}: expected a JSON value`);
  };

  try {
    // A UTF-8 byte order mark is not JSON, but editors add it; skip it like Node's readers do.
    if (text.charCodeAt(0) === 0xfeff) i = 1;
    const value = parseValue([], undefined, 0);
    skipWhitespace();
    if (i < text.length) throw new Failure(i, `${describe(i)} after the JSON value`);
    return { ok: true, value, positions, duplicates };
  } catch (error) {
    if (error instanceof Failure)
      return { ok: false, error: { ...at(error.offset), message: error.message } };
    throw error;
  }
}

/** `model.input`, `tools.calls[1].output`: the manifest's own key path, dotted, `[i]` for items. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}
