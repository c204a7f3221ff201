import type { TrafficInput } from '../../traffic/record.js';
import { inputPathOf, type FieldKind } from '../../policy/fields.js';

/**
 * What the generated Rego reads of an input, and the input reduced to it (docs/decision-cache.md):
 * a value the Rego reads is copied whole; where a path meets something that is not an object (an
 * array, a scalar) that whole value is copied, so any lookup into it behaves as before.
 */

export type Json = Record<string, unknown>;

/** A tree of input keys: `true` reads the whole value below the key. */
export type ReadTree = Map<string, ReadTree | true>;

/** A ReadTree in the form the per-record code walks (projectInput): the keys in a fixed order. */
export interface KeyNode {
  key: string;
  children: KeyNode[] | null;
}

/** The read trees of a set of policies, below `input.request`, `input.identity` and each call. */
export interface ReadSet {
  request: readonly KeyNode[];
  identity: readonly KeyNode[];
  /** The call fields the policies read, in a fixed order. */
  callFields: readonly KeyNode[];
}

export function keyNodes(tree: ReadTree): KeyNode[] {
  return [...tree].map(([key, sub]) => ({ key, children: sub === true ? null : keyNodes(sub) }));
}

export function addPath(tree: ReadTree, path: readonly string[]): void {
  let node = tree;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    const existing = node.get(key);
    if (existing === true) return; // an ancestor is read whole already
    if (i === path.length - 1) {
      node.set(key, true);
      return;
    }
    let child = existing;
    if (child === undefined) {
      child = new Map();
      node.set(key, child);
    }
    node = child;
  }
}

/** The input path of a request-level field; call fields are read apart, per call. */
export function requestPath(kind: FieldKind): string[] | null {
  const { base, path } = inputPathOf(kind);
  return base === 'input' ? path : null;
}

export function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at `path` below `root`, through plain objects only (as a Rego reference reads it). */
export function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (!isPlainObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

export function ownValue(object: Json, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** `input.request.mcp.calls` as the Rego reads it (undefined: absent). */
export function callListOf(request: unknown): unknown {
  const mcp = isPlainObject(request) ? request.mcp : undefined;
  return isPlainObject(mcp) && Object.hasOwn(mcp, 'calls') ? mcp.calls : undefined;
}

/** Copies what `nodes` read of `value` (a plain object) into a fresh object. */
function projectObject(value: Json, nodes: readonly KeyNode[]): Json {
  // A null prototype: a key named __proto__ becomes an own property like any other.
  const out = Object.create(null) as Json;
  for (const node of nodes) {
    if (!Object.hasOwn(value, node.key)) continue;
    const child = value[node.key];
    out[node.key] =
      node.children === null || !isPlainObject(child) ? child : projectObject(child, node.children);
  }
  return out;
}

function projectCalls(calls: unknown, callFields: readonly KeyNode[]): unknown {
  if (!Array.isArray(calls)) return calls;
  return calls.map((call: unknown) => (isPlainObject(call) ? projectObject(call, callFields) : call));
}

/** The input reduced to what the policies read, the request time included. */
export function projectInput(reads: ReadSet, input: TrafficInput): Json {
  const out = Object.create(null) as Json;
  const request = (input as Json).request;
  if (request !== undefined) {
    if (!isPlainObject(request)) out.request = request;
    else {
      const projected = projectObject(request, reads.request);
      const mcp = request.mcp;
      if (isPlainObject(mcp) && Object.hasOwn(mcp, 'calls')) {
        // projectObject made `mcp` a fresh object (its node has children): safe to extend.
        (projected.mcp as Json).calls = projectCalls(mcp.calls, reads.callFields);
      }
      out.request = projected;
    }
  }
  const identity = (input as Json).identity;
  if (identity !== undefined) {
    out.identity = isPlainObject(identity) ? projectObject(identity, reads.identity) : identity;
  }
  return out;
}
