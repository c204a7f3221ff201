import { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type { PathSegment } from './path.js';

/**
 * A parsed JSON or YAML document that can say where any JSON path lives in the file. The `yaml`
 * parser reads JSON too (JSON is YAML 1.2 flow syntax), so both formats get the same positions.
 * This is the project's one way to find a line and column (policies, fidelity manifests).
 */
export interface SourceDocument {
  value: unknown;
  /** Position of the value at `path`, or of its nearest existing ancestor. */
  positionOf(path: readonly PathSegment[], target?: 'key' | 'value'): { line: number; column: number };
  syntaxErrors: { line: number; column: number; message: string }[];
  /**
   * The document could not be read within a resource limit (its aliases expand past
   * MAX_ALIAS_COUNT, or it nests deeper than the reader's stack): `syntaxErrors` then says so. Not
   * the document's mistake but this reader's bound, which a caller judging a trusted version
   * (a pull request's base) must not take for an invalid document.
   */
  overLimit: boolean;
  /**
   * With `duplicateKeys: 'list'`: every repeated key after its first occurrence, at the repeat.
   * Empty otherwise (a repeated key is then a syntax error).
   */
  duplicateKeys: { path: PathSegment[]; line: number; column: number }[];
}

export interface SourceOptions {
  /**
   * `error` (default): a repeated key is a syntax error. `list`: the document is read with the
   * last occurrence winning, as `JSON.parse` does, and the repeats are listed with their paths.
   */
  duplicateKeys?: 'error' | 'list';
}

export function parseSource(
  text: string,
  format: 'json' | 'yaml',
  options: SourceOptions = {},
): SourceDocument {
  const lineCounter = new LineCounter();
  const listDuplicates = options.duplicateKeys === 'list';
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: !listDuplicates,
    version: '1.2',
    schema: 'core',
    strict: true,
  });
  let syntaxErrors = doc.errors.map((e) => {
    const pos = lineCounter.linePos(e.pos[0]);
    return { line: pos.line, column: pos.col, message: cleanYamlMessage(e.message) };
  });
  if (format === 'json') {
    // JSON's grammar is stricter than YAML flow syntax; where both complain, YAML's positions are
    // the more precise ones (newer V8 messages carry no offset).
    const jsonErrors = jsonSyntaxErrors(text, lineCounter);
    if (jsonErrors.length > 0) {
      syntaxErrors =
        syntaxErrors.length > 0
          ? syntaxErrors.map((e) => ({ ...e, message: `invalid JSON: ${e.message}` }))
          : jsonErrors;
    }
  }
  if (doc.contents === null && syntaxErrors.length === 0 && text.trim() === '') {
    syntaxErrors.push({ line: 1, column: 1, message: 'the file is empty' });
  }
  let value: unknown = undefined;
  // The parser reports running out of stack (a document nested thousands deep) as an error of the
  // document: that is the reader's bound too.
  let overLimit = doc.errors.some((e) => STACK_OVERFLOW.test(e.message));
  if (syntaxErrors.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      // The `yaml` library refuses alias chains that expand exponentially ("billion laughs"), and
      // a document nested past the call stack overflows it: reported at the document like a
      // syntax error, not a crash, and marked as a limit (the reader's bound, not a mistake).
      overLimit = isResourceLimit(error);
      syntaxErrors = [{ line: 1, column: 1, message: aliasMessage(error) }];
    }
  }
  return {
    value,
    syntaxErrors,
    overLimit,
    positionOf: (path, target = 'value') => locate(doc, lineCounter, path, target),
    duplicateKeys: listDuplicates ? findDuplicateKeys(doc, lineCounter) : [],
  };
}

/** How many alias expansions `toJS` allows before it refuses the document as an attack. */
export const MAX_ALIAS_COUNT = 100;

/** The `yaml` library's alias-count refusal, or a stack overflow (a document nested too deep). */
const STACK_OVERFLOW = /maximum call stack size exceeded/i;

function isResourceLimit(error: unknown): boolean {
  if (error instanceof RangeError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /excessive alias count|resource exhaustion/i.test(message);
}

function aliasMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError)
    return `the document is nested too deeply to be read (${message}); flatten it`;
  return /alias/i.test(message)
    ? 'too many YAML alias expansions (a document whose aliases expand exponentially is refused); write the values out instead'
    : `the document cannot be read: ${message}`;
}

function findDuplicateKeys(doc: Document, lineCounter: LineCounter): SourceDocument['duplicateKeys'] {
  const found: SourceDocument['duplicateKeys'] = [];
  // An explicit stack: a hostile document may nest deeper than the call stack allows.
  const stack: { node: unknown; path: PathSegment[] }[] = [{ node: doc.contents, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (seen.has(key) && (typeof key === 'string' || typeof key === 'number')) {
          const pos = lineCounter.linePos((pair.key as Node).range?.[0] ?? 0);
          found.push({ path: [...path, key], line: pos.line, column: pos.col });
        }
        seen.add(key);
        if (typeof key === 'string' || typeof key === 'number')
          stack.push({ node: pair.value, path: [...path, key] });
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => stack.push({ node: item, path: [...path, index] }));
    }
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

function cleanYamlMessage(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

/** JSON's own grammar is stricter than YAML flow syntax (comments, single quotes, trailing commas). */
function jsonSyntaxErrors(
  text: string,
  lineCounter: LineCounter,
): { line: number; column: number; message: string }[] {
  try {
    JSON.parse(text);
    return [];
  } catch (error) {
    const { offset, message } = describeJsonError(text, error as Error);
    const pos = lineCounter.linePos(offset);
    return [{ line: pos.line, column: pos.col, message: `invalid JSON: ${message}` }];
  }
}

/**
 * Where `JSON.parse` stopped in `text`, from its error, and the reason in words that do not
 * depend on the Node version. Cheap: no document is built, so it suits files of any size.
 * Lines and columns are 1-based; columns count UTF-16 code units.
 */
export function jsonSyntaxError(text: string): { line: number; column: number; message: string } | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const { offset, message } = describeJsonError(text, error as Error);
    let line = 1;
    let lineStart = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return { line, column: offset - lineStart + 1, message };
  }
}

/** V8 shows this many characters each side of an unexpected token (JsonParser, kMaxContextCharacters). */
const V8_CONTEXT = 10;

/**
 * The offset and a stable reason of a `JSON.parse` error. V8 states the position for most errors
 * ("… in JSON at position 7"); for an unexpected token it quotes up to 10 characters each side
 * instead, from which the offset is recovered and then checked against the text.
 */
function describeJsonError(text: string, error: Error): { offset: number; message: string } {
  const raw = error.message;
  const at = /^(.*?) at position (\d+)/.exec(raw);
  if (at) return { offset: Number(at[2]), message: lowerFirst(at[1]!.replace(/ in JSON$/, '')) };
  if (/^Unexpected end of JSON input/.test(raw))
    return { offset: text.length, message: 'unexpected end of input' };
  const token = /^Unexpected token '([\s\S])', (\.\.\.)?"([\s\S]*)"(\.\.\.)? is not valid JSON$/.exec(raw);
  if (token) {
    const [, char, before, snippet = '', after] = token;
    let offset: number;
    if (before && after) {
      const start = text.indexOf(snippet);
      offset = start < 0 ? -1 : start + V8_CONTEXT;
    } else if (before) offset = text.length - snippet.length + V8_CONTEXT;
    else if (after) offset = snippet.length - V8_CONTEXT;
    else offset = text.indexOf(char!);
    const found = offset >= 0 && text[offset] === char;
    return { offset: found ? offset : text.length, message: `unexpected character ${JSON.stringify(char)}` };
  }
  // `"NaN" is not valid JSON`: the whole text is not a JSON value.
  return { offset: 0, message: lowerFirst(raw.replace(/^".*" is not valid JSON$/s, 'not a JSON value')) };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A scalar key as the parsed document spells it: YAML's `1:`, `true:` and `~:` are "1", "true" and "". */
function keyText(key: unknown): string {
  return key === null ? '' : String(key);
}

function locate(
  doc: Document,
  lineCounter: LineCounter,
  path: readonly PathSegment[],
  target: 'key' | 'value',
): { line: number; column: number } {
  let node: unknown = doc.contents;
  let keyNode: Node | null = null;
  let best: Node | null = (doc.contents as Node | null) ?? null;
  for (const segment of path) {
    keyNode = null;
    if (isMap(node)) {
      // The last occurrence: with repeated keys allowed, it is the one the value holds.
      const pair = node.items.findLast(
        (p) => isPair(p) && isScalar(p.key) && keyText(p.key.value) === String(segment),
      );
      if (!pair) break;
      keyNode = pair.key as Node;
      node = pair.value;
      best = (pair.value as Node | null) ?? keyNode;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) break;
      node = item;
      best = item as Node;
    } else {
      break;
    }
  }
  const chosen = target === 'key' && keyNode ? keyNode : best;
  const offset = chosen?.range?.[0] ?? 0;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line, column: pos.col };
}
