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
 * (`view`). The quantified bits describe lists of two calls or more; which assignments of them
 * some list realises, and the lists themselves, are batchProfiles.ts.
 */
import type { CallField } from '../policy/fields.js';
import type { BddManager, Bdd, Cube } from './bdd.js';
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
 * batch's sets are then read bits first: below each profile's bits, only its own set of callers
 * (batchKinds.ts). After the caller's fields, the bits would have to tell apart every set of rules
 * the fields enable.
 */
export const QUANTIFIED_BITS_START = -500_000;

export const CALL_FIELDS: readonly CallField[] = ['method', 'tool', 'resource_uri', 'prompt'];

/** The methods the MCP shape names (a tool only on the one, a resource only on the other). */
export const MCP_METHODS: readonly string[] = ['tools/call', 'resources/read'];

export class CallModel {
  readonly fields = new Map<CallField, FieldAtoms>();
  /** What every call satisfies: canonical atoms, and under the MCP shape the call's form. */
  readonly shape: Bdd;
  readonly bits: CallBit[] = [];
  /**
   * The `exists` bits only deny rules both versions hold unchanged read (no other rule; an edited
   * constant's bit is never a rule's). Such a rule that matches makes both sides deny, so no changed request has one
   * matching: lists of two calls or more are analysed only where none does (`quiet`), and these
   * bits are then read by nothing (batchProfiles.ts).
   */
  readonly quieted = new Set<number>();
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
    /**
     * The request variable of "two calls or more, and no deny rule of a `quieted` bit matches":
     * the lists of two calls or more the batch part analyses (false for the others).
     */
    readonly quiet: number,
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

  /** One call of f: its first path, every untested variable false (all completions satisfy f). */
  pick(f: Bdd): Cube {
    for (const path of this.m.paths(f)) return path;
    throw new Error('pick: an unsatisfiable call predicate');
  }
}
