/**
 * The atom assignment of a concrete OPA input (docs/coverage.md "Atoms"): which atom each field
 * value falls in, the three flags, the window memberships of its time, and the call bits of its
 * call list. This is how a sample record is placed in a kind (`covered_by`), and how the tests hold
 * the symbolic decision equal to the reference evaluator.
 */
import { inForce, lookup, requestPath, type Lookup } from '../engine/reference.js';
import type { Bdd } from './bdd.js';
import type { FieldAtoms } from './fieldAtoms.js';
import type { AtomSpace } from './space.js';

export type Assignment = Map<number, boolean>;

/** Where atoms are written: an Assignment, or a signature's bits (signature.ts). */
export interface AtomSink {
  set(variable: number, value: boolean): unknown;
}

/** The text a scalar is compared by (docs/policy.md "One condition"), or undefined. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  return undefined;
}

/** Sets the atoms of one field from the value found at its path. */
export function assignField(into: AtomSink, atoms: FieldAtoms, found: Lookup): void {
  const value = found.present ? found.value : undefined;
  let present: boolean;
  let holds: (constant: string) => boolean;
  if (atoms.kind.kind === 'is_batch') {
    present = typeof value === 'boolean';
    holds = (c) => (c === 'true') === value;
  } else if (atoms.kind.kind === 'unparsable_calls') {
    present = typeof value === 'number';
    holds = (c) => Number(c) === value;
  } else if (Array.isArray(value)) {
    present = true;
    const texts = new Set(value.map(textOf));
    holds = (c) => texts.has(c);
  } else {
    const text = textOf(value);
    present = text !== undefined;
    holds = (c) => c === text;
  }
  into.set(atoms.present, present);
  atoms.constants.forEach((c, i) => into.set(atoms.bits[i]!, present && holds(c)));
}

function assignCall(into: Assignment, space: AtomSpace, call: unknown): void {
  for (const atoms of space.calls.fields.values()) assignField(into, atoms, lookup(call, [atoms.field]));
}

function callAssignment(space: AtomSpace, call: unknown): (variable: number) => boolean {
  const values: Assignment = new Map();
  assignCall(values, space, call);
  return (v) => values.get(v) ?? false;
}

/** Whether one concrete call satisfies a predicate over the call variables. */
export function callSatisfies(space: AtomSpace, call: unknown, predicate: Bdd): boolean {
  return space.m.evaluate(predicate, callAssignment(space, call));
}

/** The request's calls: an absent or non-array `calls` is the empty list. */
export function callsOf(input: unknown): readonly unknown[] {
  const found = lookup(input, ['request', 'mcp', 'calls']);
  return found.present && Array.isArray(found.value) ? found.value : [];
}

/**
 * The assignment of every request variable. A present time is taken to be a valid RFC 3339
 * instant (the replay rejects others before evaluation); `inForce` throws otherwise.
 */
export function assignmentOf(space: AtomSpace, input: unknown): Assignment {
  const a: Assignment = new Map();
  const flag = (path: string[]): boolean => {
    const found = lookup(input, path);
    return found.present && found.value === true;
  };
  a.set(space.flags.verified, flag(['identity', 'verified']));
  a.set(space.flags.resolved, flag(['identity', 'attributes_resolved']));
  const time = lookup(input, ['request', 'time']);
  a.set(space.flags.timePresent, time.present);
  for (const atoms of space.fields) {
    if (atoms.kind.kind === 'call') continue;
    assignField(a, atoms, lookup(input, requestPath(atoms.kind)));
  }
  for (const w of space.windows) a.set(w.variable, time.present && inForce(w.window, time.value));
  const calls = callsOf(input);
  a.set(space.calls.hasCalls, calls.length > 0);
  a.set(space.calls.many, calls.length > 1);
  // One call: its own atoms. Two or more: the quantified bits (the call atoms stay false).
  if (calls.length === 1) assignCall(a, space, calls[0]);
  const assignments = calls.length > 1 ? calls.map((call) => callAssignment(space, call)) : [];
  for (const bit of space.calls.bits) {
    const each = assignments.map((value) => space.m.evaluate(bit.predicate, value));
    const holds = bit.quantifier === 'exists' ? each.some(Boolean) : each.length > 0 && each.every(Boolean);
    a.set(bit.variable, holds);
  }
  a.set(space.calls.quiet, calls.length > 1 && space.batch?.profiles.quietOf(a, assignments) === true);
  return a;
}

/**
 * Whether a concrete input has the space's request shape: its atoms satisfy the constraint and
 * every call the per-call shape (under `--shape any`, every input does). `a`: its assignment,
 * when already computed.
 */
export function hasShape(space: AtomSpace, input: unknown, a: Assignment = assignmentOf(space, input)): boolean {
  if (!space.m.evaluate(space.constraint, (v) => a.get(v) ?? false)) return false;
  return callsOf(input).every((call) => callSatisfies(space, call, space.calls.shape));
}
