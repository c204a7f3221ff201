/**
 * How a Rego policy's result reads as allow or deny (docs/rego.md "The decision of a result"): the
 * result itself when it is a boolean, one boolean field inside it (`--decision-field`), or a set
 * of violations that denies when it is not empty (`--deny-when-nonempty`). With no mapping and a
 * result that is not a boolean, no decision can be read: such requests are compared by their
 * results alone (`result_changed`).
 */
import type { PathSegment } from '../document/path.js';
import { ExactNumber, type ExactValue } from './exactJson.js';

export type DecisionMapping =
  { kind: 'boolean' } | { kind: 'field'; path: readonly PathSegment[] } | { kind: 'deny-when-nonempty' };

/** A decision read from a result, or `none` when the result does not have the mapped shape. */
export type ResultDecision = 'allow' | 'deny' | 'none';

function fieldOf(value: ExactValue | undefined, path: readonly PathSegment[]): ExactValue | undefined {
  let node = value;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || node instanceof ExactNumber)
      return undefined;
    const key = String(segment);
    node = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
  }
  return node;
}

/** The decision of a defined result. */
export function decisionOfResult(mapping: DecisionMapping, result: ExactValue): ResultDecision {
  switch (mapping.kind) {
    case 'boolean':
      return typeof result === 'boolean' ? (result ? 'allow' : 'deny') : 'none';
    case 'field': {
      const value = fieldOf(result, mapping.path);
      return typeof value === 'boolean' ? (value ? 'allow' : 'deny') : 'none';
    }
    case 'deny-when-nonempty':
      // OPA writes a set as a JSON array; an object of violations counts by its keys.
      if (Array.isArray(result)) return result.length > 0 ? 'deny' : 'allow';
      if (typeof result === 'object' && result !== null && !(result instanceof ExactNumber))
        return Object.keys(result).length > 0 ? 'deny' : 'allow';
      return 'none';
  }
}

/** `--decision-field a.b` or `a/b` → path segments (an all-digit segment stays a key: results are objects). */
export function parseDecisionField(text: string): PathSegment[] | null {
  const segments = text.split(/[./]/);
  return segments.every((s) => s.length > 0) ? segments : null;
}
