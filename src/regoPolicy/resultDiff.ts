/**
 * Comparing two results of the same decision (docs/rego.md "Classification"). Results come as OPA
 * serialises them: a set is an array in OPA's own sorted order, so two sets are equal exactly when
 * their arrays are, and comparing the JSON values compares the sets unordered. Numbers compare by
 * their exact value (exactJson.ts), never as rounded doubles.
 */
import { ExactNumber, stringifyExact, type ExactValue } from './exactJson.js';

export interface ResultDifference {
  /** RFC 6901 JSON pointer into the result (`""` for the result itself). */
  pointer: string;
  /** The value there on each side as JSON text; null where that side has none. */
  base: string | null;
  head: string | null;
}

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

type ExactObject = { [key: string]: ExactValue };

function isObject(v: ExactValue | undefined): v is ExactObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof ExactNumber);
}

const has = (o: ExactObject, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** Deep equality of two results (object keys in any order, numbers by value). */
export function sameResult(a: ExactValue | undefined, b: ExactValue | undefined): boolean {
  if (a === b) return true;
  if (a instanceof ExactNumber) return b instanceof ExactNumber && a.value === b.value;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameResult(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => has(b, k) && sameResult(a[k], b[k]));
  }
  return false;
}

/**
 * Where two results differ, at most `max` places (a report row shows three): the first differing
 * places of a walk over object keys in sorted order and array indices in order, each as deep as
 * both sides are objects or arrays. [] for equal results; an undefined side is `null` text.
 */
export function resultDifferences(
  base: ExactValue | undefined,
  head: ExactValue | undefined,
  max = 3,
): ResultDifference[] {
  const found: ResultDifference[] = [];
  const text = (v: ExactValue | undefined): string | null => (v === undefined ? null : stringifyExact(v));
  const walk = (a: ExactValue | undefined, b: ExactValue | undefined, pointer: string): void => {
    if (found.length >= max || sameResult(a, b)) return;
    if (isObject(a) && isObject(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const key of keys)
        walk(has(a, key) ? a[key] : undefined, has(b, key) ? b[key] : undefined, `${pointer}/${escape(key)}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${pointer}/${i}`);
      return;
    }
    found.push({ pointer, base: text(a), head: text(b) });
  };
  walk(base, head, '');
  return found;
}
