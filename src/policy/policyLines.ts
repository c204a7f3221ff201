import { parseSource } from '../document/sourceDocument.js';
import type { PolicyFormat } from './validate.js';

/**
 * Where a policy's rules and settings are written in its file: the 1-based line of each rule's
 * `id` key and of each top-level setting's key. The rule diff points its edits at these lines
 * (docs/explain.md "The rule diff"), the Action its annotations. Plain data, so it can be
 * computed once from the head's text and handed to the pure diff.
 */
export interface PolicyLines {
  /** Rule id → line of its `id` key (the first rule holding that id). */
  rules: ReadonlyMap<string, number>;
  /** Top-level key (`default_effect`, `on_missing_context`, …) → line; absent when left out. */
  settings: ReadonlyMap<string, number>;
}

/** No file to point into (a test, a deleted policy): every line is null. */
export const NO_LINES: PolicyLines = { rules: new Map(), settings: new Map() };

/** The lines of a policy document; NO_LINES when the text does not parse as a mapping. */
export function policyLines(text: string, format: PolicyFormat): PolicyLines {
  // A byte-order mark is not part of the document (docs/policy.md), as in validation.
  const source = parseSource(text.startsWith('\ufeff') ? text.slice(1) : text, format);
  const doc = source.value;
  if (source.syntaxErrors.length > 0 || typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return NO_LINES;
  const settings = new Map<string, number>();
  for (const key of Object.keys(doc)) settings.set(key, source.positionOf([key], 'key').line);
  const rules = new Map<string, number>();
  const list = (doc as { rules?: unknown }).rules;
  if (Array.isArray(list)) {
    list.forEach((rule: unknown, index) => {
      const id = (rule as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && !rules.has(id))
        rules.set(id, source.positionOf(['rules', index, 'id'], 'key').line);
    });
  }
  return { rules, settings };
}
