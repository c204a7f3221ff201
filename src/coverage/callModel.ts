/**
 * The calls of a request, without enumerating sets of call shapes (docs/coverage.md "Calls").
 *
 * A call is described by its own atoms (tool, method, resource_uri, prompt: fieldAtoms.ts), in a
 * variable space of its own. A predicate over one call is a BDD over those variables. The request
 * sees the calls only through quantified bits, one per distinct predicate:
 *
 * - `exists`: some call satisfies P (a deny rule's call conditions; an edited call constant);
 * - `forall`: the list is non-empty and every call satisfies P (an allow rule's call conditions).
 *
 * plus `hasCalls` (a non-empty list; an absent or non-array `calls` is the empty list) and `many`
 * (two calls or more). A request of one call, the common case, is exact in the diagram itself: its
 * call's variables are the call variables, and a rule's call bit is its predicate over them
 * (`view`). The quantified bits describe lists of two calls or more. An assignment q of them is
 * realisable by some list exactly when: every call satisfies Inv(q) = shape ∧ (each true `forall`
 * P) ∧ (each false `exists` ¬P), and the list holds, for each true `exists` P a call of Inv ∧ P,
 * for each false `forall` P a call of Inv ∧ ¬P, and two calls at all. Calls can be repeated
 * freely, so each demand is met by its own call: no set of call shapes is ever enumerated.
 * `realisability` builds that condition as a BDD over the bits, one relational product per
 * demand (∃ call. Inv(q) ∧ demand), so the diagram itself holds only realisable assignments;
 * `realise` builds the calls of one assignment (the witness).
 */
import type { CallField } from '../policy/fields.js';
import { BddManager, FALSE, NodeBudgetExceeded, transfer, type Bdd, type Cube } from './bdd.js';
import { bitOf, fieldConstraint, type FieldAtoms, allocateField } from './fieldAtoms.js';

export type Quantifier = 'exists' | 'forall';

/** Requests of one call or none (`single`), or lists of two calls or more (`batch`). */
export type CallPart = 'single' | 'batch';

export interface CallBit {
  readonly variable: number;
  readonly quantifier: Quantifier;
  /** Over the call variables. */
  readonly predicate: Bdd;
}

/**
 * Call variables start here, above every request variable in the order, so the two never
 * interleave. With the call's atoms first, each value of the call leaves a small diagram of the
 * caller's fields (the rules that call can match); with them last, the diagram of the caller's
 * fields would have to tell apart every union of the tool sets the caller's groups allow.
 */
export const CALL_VARIABLES_START = -1_000_000;

/**
 * The quantified bits start here: below one call's atoms, above every other request variable. A
 * batch's decision is then read bits first: below each realisable assignment of the bits only the
 * caller's fields the rules it enables read are left (decision.ts restricts each rule to the
 * realisable assignments). After the caller's fields, the bits would have to tell apart every set
 * of rules the fields enable.
 */
export const QUANTIFIED_BITS_START = -500_000;

const same = (variable: number): number => variable;

export const CALL_FIELDS: readonly CallField[] = ['method', 'tool', 'resource_uri', 'prompt'];

/** The methods the MCP shape names (a tool only on the one, a resource only on the other). */
export const MCP_METHODS: readonly string[] = ['tools/call', 'resources/read'];

export class CallModel {
  readonly fields = new Map<CallField, FieldAtoms>();
  /** What every call satisfies: canonical atoms, and under the MCP shape the call's form. */
  readonly shape: Bdd;
  readonly bits: CallBit[] = [];
  private readonly byKey = new Map<string, CallBit>();

  constructor(
    private readonly m: BddManager,
    constants: ReadonlyMap<CallField, ReadonlySet<string>>,
    edited: ReadonlyMap<string, ReadonlySet<string>>,
    mcp: boolean,
    /** The request variable of "the call list is non-empty". */
    readonly hasCalls: number,
    /** The request variable of "the call list has two calls or more". */
    readonly many: number,
    private readonly allocate: () => number,
  ) {
    let next = CALL_VARIABLES_START;
    for (const name of CALL_FIELDS) {
      const wanted = new Set(constants.get(name) ?? []);
      if (mcp && name === 'method') for (const method of MCP_METHODS) wanted.add(method);
      const field = allocateField(
        name,
        { kind: 'call', name },
        wanted,
        mcp,
        edited.get(name) ?? new Set(),
        next,
      );
      this.fields.set(name, field.atoms);
      next = field.next;
    }
    let shape = m.andAll([...this.fields.values()].map((atoms) => fieldConstraint(m, atoms)));
    if (mcp) shape = m.and(shape, this.mcpForm());
    this.shape = shape;
  }

  /** A JSON-RPC call has a method; a tool only on tools/call, a resource only on resources/read. */
  private mcpForm(): Bdd {
    const m = this.m;
    const method = this.fields.get('method')!;
    const is = (value: string): Bdd => m.variable(bitOf(method, value)!);
    const present = (name: CallField): Bdd => m.variable(this.fields.get(name)!.present);
    return m.andAll([
      present('method'),
      m.implies(present('tool'), is('tools/call')),
      m.implies(present('resource_uri'), is('resources/read')),
    ]);
  }

  /** The request bit of a quantified predicate; one bit per distinct (quantifier, predicate). */
  bitFor(quantifier: Quantifier, predicate: Bdd): CallBit {
    const key = `${quantifier}:${predicate}`;
    let bit = this.byKey.get(key);
    if (bit === undefined) {
      bit = { variable: this.allocate(), quantifier, predicate };
      this.byKey.set(key, bit);
      this.bits.push(bit);
    }
    return bit;
  }

  /**
   * The request's view of a quantified predicate among requests of one call or none (the
   * predicate of that call; false without one) or among lists of two calls or more (its bit).
   * The two parts are analysed apart (analyse.ts), so neither diagram holds the other's.
   */
  view(bit: CallBit, part: CallPart): Bdd {
    const m = this.m;
    return part === 'batch'
      ? m.and(m.variable(this.many), m.variable(bit.variable))
      : m.andAll([m.not(m.variable(this.many)), m.variable(this.hasCalls), bit.predicate]);
  }

  /** The variables of one call (its atoms). */
  callVariables(): Set<number> {
    return new Set([...this.fields.values()].flatMap((f) => [f.present, ...f.bits]));
  }

  /**
   * The assignments of the quantified bits some list of two calls or more realises. Computed in a
   * helper manager (same order: one call's atoms before the bits; below the bits, Inv(q) would
   * have to tell apart every set of calls an assignment of the bits admits, which grows
   * exponentially with the rules), whose intermediate diagrams are dropped with it; only the
   * result, over the bits alone, comes back, and the helper's nodes count against the budget.
   */
  realisability(): Bdd {
    const m = this.m;
    const helper = new BddManager(Math.max(3, m.remaining + 2));
    try {
      const result = transfer(helper, m, this.realisabilityIn(helper), same);
      m.absorb(helper);
      return result;
    } catch (error) {
      if (error instanceof NodeBudgetExceeded) throw new NodeBudgetExceeded(m.maxNodes);
      throw error;
    }
  }

  /** `realisability` in the helper manager. */
  private realisabilityIn(h: BddManager): Bdd {
    const call = (f: Bdd): Bdd => transfer(this.m, h, f, same);
    const bit = (b: CallBit): Bdd => h.variable(b.variable);
    const x = this.callVariables();
    const predicates = this.bits.map((b) => call(b.predicate));
    // Inv(q) over the bits and one call's atoms together.
    const inv = h.andAll([
      call(this.shape),
      ...this.bits.map((b, i) =>
        b.quantifier === 'forall' ? h.implies(bit(b), predicates[i]!) : h.or(bit(b), h.not(predicates[i]!)),
      ),
    ]);
    const parts = [h.exists(inv, x)];
    this.bits.forEach((b, i) => {
      const q = bit(b);
      const p = predicates[i]!;
      if (b.quantifier === 'exists') parts.push(h.implies(q, h.andExists(inv, p, x)));
      else parts.push(h.implies(h.not(q), h.andExists(inv, h.not(p), x)));
    });
    return h.andAll(parts);
  }

  /**
   * The list of two calls or more (each a cube over the call variables) that realises the
   * quantified bits `cube` fixes, the others being free; null when no list does; `[]` when the
   * cube does not need such a list (one call, or none, is then in the cube itself).
   */
  realise(cube: Cube): Cube[] | null {
    const m = this.m;
    const given = (v: number): boolean | undefined => cube.get(v);
    const many = given(this.many);
    const fixed = this.bits.filter((b) => given(b.variable) !== undefined);
    const anyTrue = fixed.some((b) => given(b.variable) === true);
    if (many === false) return anyTrue ? null : [];
    if (!anyTrue && many !== true) return [];
    let inv = this.shape;
    const demands: Bdd[] = [];
    for (const b of fixed) {
      const value = given(b.variable)!;
      if (b.quantifier === 'forall' && value) inv = m.and(inv, b.predicate);
      else if (b.quantifier === 'exists' && !value) inv = m.and(inv, m.not(b.predicate));
      else demands.push(b.quantifier === 'exists' ? b.predicate : m.not(b.predicate));
    }
    if (inv === FALSE) return null;
    const calls: Cube[] = [];
    for (const demand of demands) {
      const call = m.and(inv, demand);
      if (call === FALSE) return null;
      // A call already listed that meets this demand too is enough: a witness reads better short.
      if (calls.some((c) => m.evaluate(call, (v) => c.get(v) ?? false))) continue;
      calls.push(this.pick(call));
    }
    // Repeating a call changes no quantified bit, so any list can be made two calls long.
    while (calls.length < 2) calls.push(calls[0] ?? this.pick(inv));
    return calls;
  }

  /** One call of f: its first path, every untested variable false (all completions satisfy f). */
  private pick(f: Bdd): Cube {
    for (const path of this.m.paths(f)) return path;
    throw new Error('pick: an unsatisfiable call predicate');
  }
}
