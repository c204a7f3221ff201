/**
 * A witness: one concrete request of a kind, as a record of the traffic format (docs/traffic.md),
 * built from the kind's point (kinds.ts). The point's path fixes the atoms that matter; every atom
 * it leaves free may take any value (all completions of a path are in the kind), so free atoms
 * take the most realistic one: the flags true, a time present, a field present with "any other
 * value" (a readable invented one such as `other-tool-1`). A window vector the path allows gives
 * the time. The witness is then placed back through `assignmentOf` and must land in its kind:
 * anything else is a bug, thrown, never a wrong witness shown.
 */
import { requestPath } from '../engine/reference.js';
import type { Cube } from './bdd.js';
import { assignmentOf } from './concrete.js';
import type { FieldAtoms } from './fieldAtoms.js';
import type { Kind } from './kinds.js';
import type { AtomSpace } from './space.js';

export interface WitnessRecord {
  request_id: string;
  occurred_at?: string;
  input: { request: Record<string, unknown>; identity: Record<string, unknown> };
}

type Value = (variable: number) => boolean;

function label(atoms: FieldAtoms): string {
  const k = atoms.kind;
  switch (k.kind) {
    case 'claim':
    case 'argument':
      return k.path[k.path.length - 1]!;
    case 'http':
      return `http-${k.name}`;
    case 'attribute':
    case 'identity':
      return k.name;
    case 'call':
      return k.name.replace('_', '-');
    default:
      return k.kind;
  }
}

/** A readable value no condition names. */
function otherValue(atoms: FieldAtoms): string {
  const name = label(atoms);
  for (let n = 1; ; n++) {
    const candidate = `other-${name}-${n}`;
    if (!atoms.constants.includes(candidate)) return candidate;
  }
}

/** The smallest whole number no `unparsable_calls` constant names. */
function otherNumber(atoms: FieldAtoms): number {
  for (let n = 0; ; n++) if (!atoms.constants.includes(String(n))) return n;
}

/** The JSON value of a field under an assignment, or undefined for absent. */
export function fieldValue(atoms: FieldAtoms, value: Value): unknown {
  if (!value(atoms.present)) return undefined;
  const held = atoms.constants.filter((_, i) => value(atoms.bits[i]!));
  switch (atoms.kind.kind) {
    case 'is_batch':
      return held.includes('true');
    case 'unparsable_calls':
      return held.length > 0 ? Number(held[0]) : otherNumber(atoms);
    case 'group':
    case 'tag':
      return held.length > 0 ? held : [otherValue(atoms)];
    default:
      if (held.length === 1) return held[0];
      return held.length === 0 ? otherValue(atoms) : held;
  }
}

function setPath(root: Record<string, unknown>, path: readonly string[], v: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = v;
}

function callObject(space: AtomSpace, cube: Cube): Record<string, unknown> {
  const call: Record<string, unknown> = {};
  const value: Value = (v) => cube.get(v) ?? false;
  for (const atoms of space.calls.fields.values()) {
    const v = fieldValue(atoms, value);
    if (v !== undefined) call[atoms.field] = v;
  }
  return call;
}

/** The free atoms' values: flags and presence true, constants false, no calls. */
function completion(space: AtomSpace, cube: Cube): Value {
  const defaults = new Set([space.flags.verified, space.flags.resolved, space.flags.timePresent]);
  for (const atoms of space.fields) defaults.add(atoms.present);
  return (v) => cube.get(v) ?? defaults.has(v);
}

function windowInstant(space: AtomSpace, cube: Cube): string {
  const vector = space.vectors.find((vec) =>
    space.windows.every((w, i) => cube.get(w.variable) === undefined || cube.get(w.variable) === vec.inside[i]),
  );
  if (vector === undefined) throw new Error('witness: no realisable window vector for the kind');
  return vector.instant;
}

/** The witness of `kind`, numbered `number` (1-based): `witness-001`. */
export function witnessOf(space: AtomSpace, kind: Kind, number: number): WitnessRecord {
  const { cube, calls } = kind.point;
  const value = completion(space, cube);
  const request: Record<string, unknown> = {};
  const identity: Record<string, unknown> = {
    verified: value(space.flags.verified),
    attributes_resolved: value(space.flags.resolved),
  };
  for (const atoms of space.fields) {
    const v = fieldValue(atoms, value);
    if (v === undefined || atoms.kind.kind === 'call') continue;
    const path = requestPath(atoms.kind);
    if (path[0] === 'identity') setPath(identity, path.slice(1), v);
    else setPath(request, path.slice(1), v);
  }
  const single = value(space.calls.hasCalls) && !value(space.calls.many);
  const callCubes = single ? [cube] : calls;
  if (callCubes.length > 0) {
    const objects = callCubes.map((c) => callObject(space, c));
    setPath(request, ['mcp', 'calls'], objects);
    if (objects.length === 1 && typeof objects[0]!.tool === 'string') setPath(request, ['mcp', 'tool'], objects[0]!.tool);
  }
  const record: WitnessRecord = { request_id: `witness-${String(number).padStart(3, '0')}`, input: { request, identity } };
  if (value(space.flags.timePresent)) {
    const instant = windowInstant(space, cube);
    request.time = instant;
    record.occurred_at = instant;
  }
  const placed = assignmentOf(space, record.input);
  if (!space.m.evaluate(kind.set, (v) => placed.get(v) ?? false)) {
    throw new Error(`witness ${record.request_id} does not fall in its kind ${kind.key}`);
  }
  return record;
}
