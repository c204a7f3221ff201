import { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type { PathSegment } from './path.js';

/**
 * A parsed JSON or YAML document that can say where any JSON path lives in the file. The `yaml`
 * parser reads JSON too (JSON is YAML 1.2 flow syntax), so both formats get the same positions.
 */
export interface SourceDocument {
  value: unknown;
  /** Position of the value at `path`, or of its nearest existing ancestor. */
  positionOf(path: readonly PathSegment[], target?: 'key' | 'value'): { line: number; column: number };
  syntaxErrors: { line: number; column: number; message: string }[];
}

export function parseSource(text: string, format: 'json' | 'yaml'): SourceDocument {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
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
  if (syntaxErrors.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: 100 });
    } catch (error) {
      // The `yaml` library refuses alias chains that expand exponentially ("billion laughs"): that
      // is the document's problem, reported like a syntax error, not a crash.
      syntaxErrors = [{ line: 1, column: 1, message: aliasMessage(error) }];
    }
  }
  return {
    value,
    syntaxErrors,
    positionOf: (path, target = 'value') => locate(doc, lineCounter, path, target),
  };
}

function aliasMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /alias/i.test(message)
    ? 'too many YAML alias expansions (a document whose aliases expand exponentially is refused); write the values out instead'
    : `the document cannot be read: ${message}`;
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
    const message = (error as Error).message;
    const m = /position (\d+)/.exec(message);
    const offset = m ? Number(m[1]) : text.length;
    const pos = lineCounter.linePos(offset);
    const reason = message.replace(/ in JSON at position \d+.*$/, '');
    return [{ line: pos.line, column: pos.col, message: `invalid JSON: ${reason}` }];
  }
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
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && p.key.value === segment);
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
