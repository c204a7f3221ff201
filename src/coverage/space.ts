/**
 * The atom variables of a policy pair (docs/coverage.md "Atoms"), in diagram order: one call's
 * atoms, the quantified call bits of lists of two calls or more, the three context flags, the
 * request and caller fields, the windows, `hasCalls` and `many`. Also the
 * constraint every real request satisfies (canonical atoms, realisable windows, the MCP shape),
 * which the kinds are enumerated under.
 */
import type { ActiveWindow, Policy, Rule } from '../policy/schema.js';
import { DAYS } from '../policy/schema.js';
import { classifyField, type CallField, type FieldKind } from '../policy/fields.js';
import { changedParts } from '../policy/ruleDiff.js';
import { BddManager, type Bdd } from './bdd.js';
import type { BatchProfiles } from './batchProfiles.js';
import { CallModel, QUANTIFIED_BITS_START, type CallBit, type CallPart } from './callModel.js';
import { allocateField, bitOf, conditionBdd, fieldConstraint, type FieldAtoms } from './fieldAtoms.js';
import { editedConstants } from './editedConstants.js';
import { realisableWindowVectors, type TimeHorizon, type WindowVector } from './windows.js';

export type Shape = 'mcp' | 'any';

export interface CoverageOptions {
  /** `mcp`: assume the gateway's request shape; `any`: every JSON input. */
  shape: Shape;
  horizon: TimeHorizon;
  /** The node budget of the decision diagrams; past it the result is `capped`. */
  maxNodes: number;
}

export interface WindowAtom {
  readonly window: ActiveWindow;
  readonly variable: number;
}

export interface AtomSpace {
  readonly m: BddManager;
  readonly shape: Shape;
  readonly horizon: TimeHorizon;
  readonly flags: { readonly verified: number; readonly resolved: number; readonly timePresent: number };
  /** Request and caller fields (not the call fields: those are `calls.fields`). */
  readonly fields: readonly FieldAtoms[];
  readonly isBatch: FieldAtoms;
  readonly windows: readonly WindowAtom[];
  readonly vectors: readonly WindowVector[];
  readonly calls: CallModel;
  /** The request variables of edited constants: kinds are split by them. */
  readonly editBits: ReadonlySet<number>;
  /** The call bit of each rule with call conditions. */
  readonly ruleCallBit: ReadonlyMap<Rule, CallBit>;
  /**
   * What every real request satisfies. Of the quantified bits and `quiet` it asks only that a true
   * one come with two calls or more; which assignments lists realise is `batch`.
   */
  readonly constraint: Bdd;
  /** The lists of two calls or more the batch part analyses; null until batchSpace.ts adds them. */
  readonly batch: BatchPart | null;
}

export interface BatchPart {
  readonly profiles: BatchProfiles;
  /** The real lists of two calls or more where no quieted rule matches (`quiet`, callModel.ts). */
  readonly universe: Bdd;
}

/**
 * The variable of `quiet` (callModel.ts): below the quantified bits, above the flags, so that a
 * batch's sets read it once, right after the bits.
 */
const QUIET_VARIABLE = -1;

function windowKey(w: ActiveWindow): string {
  const days = DAYS.filter((d) => w.days.includes(d));
  return JSON.stringify([days, w.from, w.to, w.timezone]);
}

/** A field compared by type, or, under the MCP shape, one the gateway records as a string. */
function isSingle(kind: FieldKind, shape: Shape): boolean {
  if (kind.kind === 'is_batch' || kind.kind === 'unparsable_calls') return true;
  return shape === 'mcp' && (kind.kind === 'http' || kind.kind === 'identity' || kind.kind === 'call');
}

/** Claim or argument paths where one is a prefix of another: their atoms would not be independent. */
export function overlappingPaths(policies: readonly Policy[]): string[] {
  const paths = new Set<string>();
  for (const p of policies)
    for (const r of p.rules)
      for (const c of r.conditions) if (/^(claim|argument):/.test(c.field)) paths.add(c.field);
  const sorted = [...paths].sort();
  return sorted.filter((a) => sorted.some((b) => b !== a && b.startsWith(`${a}.`)));
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Policy values that read as a JSON number written other than in its shortest form (`5.0`,
 * `1E2`, `-0`, an integer beyond 2^53). OPA compares a recorded number by the text it was written
 * in, while the atoms see a number only in its shortest form, so a request that such a value
 * matches has no atom: the pair is not analysed (docs/coverage.md "Limits").
 */
export function nonCanonicalNumbers(policies: readonly Policy[]): string[] {
  const found = new Set<string>();
  for (const p of policies)
    for (const r of p.rules)
      for (const c of r.conditions)
        for (const v of c.values)
          if (JSON_NUMBER.test(v) && JSON.stringify(Number(v)) !== v) found.add(`${c.field} "${v}"`);
  return [...found].sort();
}

export function allRules(base: Policy | null, head: Policy | null): Rule[] {
  return [...(base?.rules ?? []), ...(head?.rules ?? [])];
}

export interface Collected {
  request: Map<string, { kind: FieldKind; constants: Set<string> }>;
  call: Map<CallField, Set<string>>;
  windows: Map<string, ActiveWindow>;
}

/** The fields, constants and windows of some rules: the same whatever the shape or the horizon. */
export function collect(rules: readonly Rule[]): Collected {
  const request = new Map<string, { kind: FieldKind; constants: Set<string> }>([
    ['is_batch', { kind: { kind: 'is_batch' }, constants: new Set(['false', 'true']) }],
  ]);
  const call = new Map<CallField, Set<string>>();
  const windows = new Map<string, ActiveWindow>();
  for (const rule of rules) {
    if (rule.active_window) windows.set(windowKey(rule.active_window), rule.active_window);
    for (const c of rule.conditions) {
      const kind = classifyField(c.field);
      if (kind.kind === 'call') {
        const set = call.get(kind.name) ?? new Set<string>();
        c.values.forEach((v) => set.add(v));
        call.set(kind.name, set);
      } else {
        const entry = request.get(c.field) ?? { kind, constants: new Set<string>() };
        c.values.forEach((v) => entry.constants.add(v));
        request.set(c.field, entry);
      }
    }
  }
  return { request, call, windows };
}

/** Builds the space; throws NodeBudgetExceeded past `maxNodes`. */
export function buildSpace(base: Policy | null, head: Policy | null, options: CoverageOptions): AtomSpace {
  const m = new BddManager(options.maxNodes);
  const collected = collect(allRules(base, head));
  const edited = editedConstants(base, head);
  let next = 0;
  const flags = { verified: next++, resolved: next++, timePresent: next++ };
  const fields: FieldAtoms[] = [];
  for (const field of [...collected.request.keys()].sort()) {
    const { kind, constants } = collected.request.get(field)!;
    const single = isSingle(kind, options.shape);
    const allocated = allocateField(field, kind, constants, single, edited.get(field) ?? new Set(), next);
    fields.push(allocated.atoms);
    next = allocated.next;
  }
  const windows = [...collected.windows.values()].map((window) => ({ window, variable: next++ }));
  const hasCalls = next++;
  const many = next++;
  let bit = QUANTIFIED_BITS_START;
  const mcp = options.shape === 'mcp';
  const calls = new CallModel(m, collected.call, edited, mcp, hasCalls, many, QUIET_VARIABLE, () => bit++);
  const ruleCallBit = new Map<Rule, CallBit>();
  for (const rule of allRules(base, head)) {
    const conditions = rule.conditions.filter((c) => classifyField(c.field).kind === 'call');
    if (conditions.length === 0) continue;
    const predicate = m.andAll(
      conditions.map((c) => conditionBdd(m, calls.fields.get(c.field as CallField)!, c)),
    );
    ruleCallBit.set(rule, calls.bitFor(rule.effect === 'deny' ? 'exists' : 'forall', predicate));
  }
  const editBits = new Set<number>();
  for (const atoms of fields) for (const c of atoms.edited) editBits.add(bitOf(atoms, c)!);
  for (const atoms of calls.fields.values()) {
    for (const c of atoms.edited) {
      // The single call's own bit, and the batch's "some call holds it".
      editBits.add(bitOf(atoms, c)!);
      editBits.add(calls.bitFor('exists', m.variable(bitOf(atoms, c)!)).variable);
    }
  }
  for (const variable of quietedBits(base, head, ruleCallBit)) calls.quieted.add(variable);
  const vectors = realisableWindowVectors(
    windows.map((w) => w.window),
    options.horizon,
  );
  const isBatch = fields.find((f) => f.kind.kind === 'is_batch')!;
  const partial = { m, shape: options.shape, flags, fields, isBatch, windows, vectors, calls };
  const constraint = spaceConstraint(partial);
  return { ...partial, horizon: options.horizon, editBits, ruleCallBit, constraint, batch: null };
}

/** The `exists` bits only deny rules both versions hold unchanged read (callModel.ts `quieted`). */
function quietedBits(
  base: Policy | null,
  head: Policy | null,
  ruleCallBit: ReadonlyMap<Rule, CallBit>,
): number[] {
  const baseRules = new Map((base?.rules ?? []).map((r) => [r.id, r]));
  const headRules = new Map((head?.rules ?? []).map((r) => [r.id, r]));
  // The same meaning in both versions (ruleDiff.ts: a description alone changes none).
  const unchanged = (rule: Rule): boolean => {
    const [before, after] = [baseRules.get(rule.id), headRules.get(rule.id)];
    return before !== undefined && after !== undefined && changedParts(before, after).every((p) => p === 'description');
  };
  const only = new Map<number, boolean>();
  for (const [rule, bit] of ruleCallBit) {
    const quiet = rule.effect === 'deny' && unchanged(rule);
    only.set(bit.variable, (only.get(bit.variable) ?? true) && quiet);
  }
  // An edited call constant's bit is never a rule's: a rule's predicate also reads `present`.
  return [...only].filter(([, quiet]) => quiet).map(([v]) => v);
}

type SpaceParts = Pick<AtomSpace, 'm' | 'shape' | 'flags' | 'fields' | 'isBatch' | 'windows' | 'vectors' | 'calls'>;

function spaceConstraint(space: SpaceParts): Bdd {
  const { m, flags } = space;
  const parts = space.fields.map((atoms) => fieldConstraint(m, atoms));
  // Window atoms mean something only with a time; without one they are fixed false.
  const time = m.variable(flags.timePresent);
  const windowVars = space.windows.map((w) => m.variable(w.variable));
  const realisable = m.orAll(
    space.vectors.map((vector) => m.andAll(vector.inside.map((inside, i) => (inside ? windowVars[i]! : m.not(windowVars[i]!))))),
  );
  parts.push(m.implies(time, realisable));
  parts.push(m.implies(m.not(time), m.andAll(windowVars.map((w) => m.not(w)))));
  parts.push(callsConstraint(space));
  return m.andAll(parts);
}

/**
 * One call: the call variables are its atoms, in the call's shape. Two or more: the call
 * variables fixed false (which assignments of the quantified bits lists realise is the batch
 * part's universe, batchSpace.ts). None: everything false.
 */
function callsConstraint(space: SpaceParts): Bdd {
  const { m, calls } = space;
  const hasCalls = m.variable(calls.hasCalls);
  const many = m.variable(calls.many);
  const single = m.and(hasCalls, m.not(many));
  const callVariables = [...calls.callVariables()];
  const parts = [
    m.implies(many, hasCalls),
    m.implies(single, calls.shape),
    m.implies(m.not(single), m.andAll(callVariables.map((v) => m.not(m.variable(v))))),
    ...calls.bits.map((bit) => m.implies(m.variable(bit.variable), many)),
    m.implies(m.variable(calls.quiet), many),
  ];
  if (space.shape === 'mcp') {
    // Calls travel inside a JSON-RPC envelope, which says whether it is a batch; only a batch
    // holds more than one call.
    const batch = space.isBatch;
    parts.push(m.implies(hasCalls, m.variable(batch.present)));
    parts.push(m.implies(many, m.variable(bitOf(batch, 'true')!)));
  }
  return m.andAll(parts);
}

/**
 * The real requests of one part. Those of one call or none hold no quantified bit, so their
 * universe is taken with the bits fixed false and tests none: read bits first, every set of
 * single requests would otherwise carry a chain of every bit (a 200-rule pair: 0.75 million more
 * nodes in its kinds' enumeration).
 */
export function partUniverse(space: AtomSpace, part: CallPart): Bdd {
  const { m, calls } = space;
  const many = m.variable(calls.many);
  if (part === 'batch') {
    if (space.batch === null) throw new Error('partUniverse: lists of two calls or more were not analysed');
    return space.batch.universe;
  }
  const noBits = new Map([...calls.bits.map((b) => [b.variable, false] as const), [calls.quiet, false]]);
  return m.and(m.restrict(space.constraint, noBits), m.not(many));
}

/** The window atom of a rule's window. */
export function windowVariable(space: AtomSpace, window: ActiveWindow): number {
  const key = windowKey(window);
  const found = space.windows.find((w) => windowKey(w.window) === key);
  if (found === undefined) throw new Error(`no window atom for ${key}`);
  return found.variable;
}
