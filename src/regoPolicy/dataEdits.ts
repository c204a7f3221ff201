/**
 * Where two data documents differ, at the granularity of an edit (docs/rego-edits.md): one edit
 * per key directly under a data root whose value changed, was added or was removed. A data root
 * is where a bundle places a data file (`org/data.json` is the root `org`); without the bundle's
 * roots, each top-level key's chain of single-key objects (`k8s` → `admission`, the same key on
 * both sides) is taken to end at the root. Numbers compare by exact value.
 */
import { ExactNumber, parseExactJson, stringifyExact, type ExactValue } from './exactJson.js';
import { sameResult } from './resultDiff.js';

export type ExactObject = { [key: string]: ExactValue };

export type Change = 'added' | 'removed' | 'modified';

export interface DataDifference {
  /** The keys from the data root document down, as JSON pointer segments (unescaped). */
  path: string[];
  change: Change;
}

/**
 * A data document: JSON text (parsed exactly), exact values, or plain parsed JSON (its numbers
 * taken as JavaScript wrote them); absent is `{}`.
 */
export type DataInput = unknown;

export function isObject(v: ExactValue | undefined): v is ExactObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof ExactNumber);
}

const has = (o: ExactObject, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** Plain JSON values (numbers as JavaScript numbers) as exact values. */
function toExact(v: unknown): ExactValue {
  if (v instanceof ExactNumber || v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') return new ExactNumber(String(v));
  if (Array.isArray(v)) return v.map(toExact);
  if (typeof v === 'object')
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, toExact(x)]));
  throw new TypeError(`not a JSON value: ${typeof v}`);
}

/** The data document as an exact object: text is parsed exactly; absent is `{}`. */
export function exactData(data: DataInput): ExactObject {
  if (data === undefined) return {};
  const value = typeof data === 'string' ? parseExactJson(data) : toExact(data);
  if (!isObject(value)) throw new TypeError('the data document must be a JSON object');
  return value;
}

/** JSON text of a data document (the engine's `data`). */
export const dataText = (data: ExactObject): string => stringifyExact(data);

/** The union of two objects' keys: the head's in its order, then the base's others. */
function keysOf(base: ExactObject | undefined, head: ExactObject | undefined): string[] {
  const keys = Object.keys(head ?? {});
  for (const k of Object.keys(base ?? {})) if (!head || !has(head, k)) keys.push(k);
  return keys;
}

const at = (o: ExactObject | undefined, key: string): ExactValue | undefined =>
  o !== undefined && has(o, key) ? o[key] : undefined;

/**
 * The data edits between two documents, in the head's key order (then keys only the base has).
 * `roots` are the bundle's data roots as slash paths (`org`, `k8s/admission`, `` for the top);
 * absent, they are inferred as above.
 */
export function dataDifferences(base: ExactObject, head: ExactObject, roots?: string[]): DataDifference[] {
  const rootPaths = roots?.map((r) => r.split('/').filter((s) => s !== ''));
  const out: DataDifference[] = [];
  const edit = (path: string[], b: ExactValue | undefined, h: ExactValue | undefined): void => {
    out.push({ path, change: b === undefined ? 'added' : h === undefined ? 'removed' : 'modified' });
  };
  /** `descend`: the inferred rule's state, whether this node is still on a chain towards a root. */
  const walk = (
    b: ExactValue | undefined,
    h: ExactValue | undefined,
    path: string[],
    descend: boolean,
  ): void => {
    if (b !== undefined && h !== undefined && sameResult(b, h)) return;
    const namespace = rootPaths
      ? rootPaths.some((r) => path.length <= r.length && path.every((s, i) => s === r[i]))
      : descend;
    if (!namespace || !isObject(b) || !isObject(h)) {
      edit(path, b, h);
      return;
    }
    const keys = keysOf(b, h);
    const bKeys = Object.keys(b);
    const chain =
      path.length === 0 || (keys.length === 1 && bKeys.length === 1 && Object.keys(h).length === 1);
    for (const k of keys) walk(at(b, k), at(h, k), [...path, k], chain);
  };
  walk(base, head, [], true);
  return out;
}

/** `head` with the value at `path` as it is in `base` (removed where the base has none). */
export function withBaseValueAt(base: ExactObject, head: ExactObject, path: readonly string[]): ExactObject {
  const [key, ...rest] = path;
  if (key === undefined) return base;
  const copy: ExactObject = { ...head };
  const b = at(base, key);
  if (rest.length === 0) {
    if (b === undefined) delete copy[key];
    else copy[key] = b;
    return copy;
  }
  const h = at(head, key);
  const next = withBaseValueAt(isObject(b) ? b : {}, isObject(h) ? h : {}, rest);
  if (Object.keys(next).length === 0 && !isObject(h)) delete copy[key];
  else copy[key] = next;
  return copy;
}

/** RFC 6901 pointer of a path. */
export const pointerOf = (path: readonly string[]): string =>
  path.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
