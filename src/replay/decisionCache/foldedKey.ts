import { callListOf, isPlainObject, ownValue, valueAt } from './readSet.js';
import type { ExactTest, PolicyIndex, RuleBody, SetTest } from './policyIndex.js';
import { FALSE, TRUE, UNKNOWN, and, or, type Truth } from './truth.js';
import { callFieldUnknown, type KeyMask } from './unknownMask.js';
import { UNKNOWN_VALUE, type SetsMet } from './valueClasses.js';
import type { TimeState, WindowBits } from './windows.js';

/**
 * The folded key: per distinct rule body of the policies, what the rule comes to (F, U or T, the
 * Kleene AND of its parts, as generate.ts and threeValued.ts build the rule), beside the context
 * flags and the time's state (docs/decision-cache.md "The folded key"). Two inputs whose rules all
 * come out alike decide alike, whatever their values.
 */

/**
 * One condition on the sets its leaf's value meets: `in` holds when the value meets the set;
 * `not_in` when it compares (a string or string array) and does not meet it.
 */
function testValue(test: SetTest, held: readonly SetsMet[]): Truth {
  const met = held[test.leaf]!;
  if (met.kind === 'unknown') return UNKNOWN;
  const member = met.sets.includes(test.set);
  return (test.negate ? met.kind === 'holds-nothing' || member : !member) ? FALSE : TRUE;
}

/** Kleene's AND of `tests` (testValue), stopping at the first FALSE. */
function conjunction(tests: readonly SetTest[], held: readonly SetsMet[]): Truth {
  let value: Truth = TRUE;
  for (const test of tests) {
    const v = testValue(test, held);
    if (v === FALSE) return FALSE;
    if (v === UNKNOWN) value = UNKNOWN;
  }
  return value;
}

/** Builds folded keys for one PolicyIndex; its scratch buffers are reused from record to record. */
export class FoldedKeyBuilder {
  /** Per set leaf, the sets its value meets (leafRuleValuesOf). */
  private readonly setsMetByLeaf: SetsMet[];
  /** Per conjunction of leafRules, its value (leafRuleValuesOf). */
  private readonly leafRuleValues: Uint8Array;
  /** Per call leaf, the sets one call's value meets (callSetsAt). */
  private readonly setsMetByCallField: SetsMet[];
  /** Per conjunction of callRules, its OR over the calls (a deny rule's call part). */
  private readonly someCallHolds: Uint8Array;
  /** Per conjunction of callRules, its AND over the calls (an allow rule's, for a non-empty list). */
  private readonly everyCallHolds: Uint8Array;
  /** unpairedDenyPart's: per condition of one conjunction, its OR and AND over the calls. */
  private readonly conditionOnSomeCall: Uint8Array;
  private readonly conditionOnEveryCall: Uint8Array;
  /** The key's parts: the time's state, the context flags, the rule values. */
  private readonly parts: string[];

  constructor(private readonly index: PolicyIndex) {
    this.setsMetByLeaf = new Array<SetsMet>(index.setLeaves.length).fill(UNKNOWN_VALUE);
    this.leafRuleValues = new Uint8Array(index.leafRules.length);
    this.setsMetByCallField = new Array<SetsMet>(index.callLeaves.length).fill(UNKNOWN_VALUE);
    this.someCallHolds = new Uint8Array(index.callRules.length);
    this.everyCallHolds = new Uint8Array(index.callRules.length);
    const longest = Math.max(0, ...index.callRules.map((tests) => tests.length));
    this.conditionOnSomeCall = new Uint8Array(longest);
    this.conditionOnEveryCall = new Uint8Array(longest);
    this.parts = new Array<string>(index.contextFlags.length + 2).fill('');
  }

  /**
   * The folded key, or null when a compared value is keyed exactly (a number, a boolean or a mixed
   * array where strings are compared): the caller keys by classes then. `open` holds the window
   * bits when `time` is `w`; `unpaired`: the record is an unpaired batch (three-valued only).
   */
  build(
    request: unknown,
    identity: unknown,
    time: TimeState,
    open: WindowBits,
    mask: KeyMask | null,
    unpaired: boolean,
  ): string | null {
    if (!this.leafRuleValuesOf(request, identity, mask)) return null;
    // The call part when it is the same for every rule: UNKNOWN when the call list is unknown,
    // FALSE without a list (the Rego's `calls` is undefined, its three-valued `tv_calls` empty).
    // null: a list, each rule's part read from someCallHolds / everyCallHolds.
    let wholeListPart: Truth | null = FALSE;
    let list: readonly unknown[] = [];
    if (mask?.callList) wholeListPart = UNKNOWN;
    else {
      const value = callListOf(request);
      if (Array.isArray(value)) {
        if (this.index.callRules.length > 0 && !this.callValuesOf(value, mask)) return null;
        wholeListPart = null;
        list = value;
      }
    }
    const state = time === 'w' ? '+' : time;
    let digits = '';
    for (const body of this.index.ruleBodies) {
      let value: Truth = TRUE;
      if (body.window >= 0)
        value = state === '?' ? UNKNOWN : state === '-' || open[body.window] === 0 ? FALSE : TRUE;
      if (value !== FALSE && body.leafRule >= 0)
        value = and(value, this.leafRuleValues[body.leafRule] as Truth);
      for (let i = 0; value !== FALSE && i < body.exact.length; i++)
        value = and(value, this.exactValue(body.exact[i]!, request, mask));
      if (value !== FALSE && body.callRule >= 0)
        value = and(value, wholeListPart ?? this.callPart(body, list, mask, unpaired));
      digits += String(value);
    }
    const parts = this.parts;
    parts[0] = `#${state}`;
    let n = 1;
    for (const { leaf, index } of this.index.contextFlags)
      parts[n++] = mask?.identity[index] ? '?' : leaf.classOf(valueAt(identity, leaf.path));
    parts[n] = digits;
    return parts.join(',');
  }

  /** A rule's call part over a call list that callValuesOf judged. */
  private callPart(body: RuleBody, list: readonly unknown[], mask: KeyMask | null, unpaired: boolean): Truth {
    if (!body.deny) return list.length > 0 ? (this.everyCallHolds[body.callRule] as Truth) : FALSE;
    if (unpaired && body.combined)
      return this.unpairedDenyPart(this.index.callRules[body.callRule]!, list, mask);
    return this.someCallHolds[body.callRule] as Truth;
  }

  /**
   * Fills `leafRuleValues`: per conjunction of request and caller set conditions, its value
   * (UNKNOWN on a leaf the mask covers). false: a compared value is a number, a boolean or a
   * mixed array (compared by its JSON text), which only a key by classes keeps apart.
   */
  private leafRuleValuesOf(request: unknown, identity: unknown, mask: KeyMask | null): boolean {
    const leaves = this.index.setLeaves;
    const held = this.setsMetByLeaf;
    for (let i = 0; i < leaves.length; i++) {
      const { leaf, root, index } = leaves[i]!;
      if (mask !== null && (root === 'request' ? mask.request[index] : mask.identity[index])) {
        held[i] = UNKNOWN_VALUE;
        continue;
      }
      const met = leaf.setsOf(valueAt(root === 'request' ? request : identity, leaf.path));
      if (met === null) return false;
      held[i] = met;
    }
    const rules = this.index.leafRules;
    for (let r = 0; r < rules.length; r++) this.leafRuleValues[r] = conjunction(rules[r]!, held);
    return true;
  }

  /** `boolean_in` / `number_in` (or `_not_in`) of the generated Rego on an exact leaf's value. */
  private exactValue(test: ExactTest, request: unknown, mask: KeyMask | null): Truth {
    const { leaf, index } = this.index.exactLeaves[test.leaf]!;
    if (mask?.request[index]) return UNKNOWN;
    const value = valueAt(request, leaf.path);
    // Neither `in` nor `not_in` holds on a value of another type (or an absent one).
    if (typeof value !== test.type) return FALSE;
    return test.values.has(value as boolean | number) !== test.negate ? TRUE : FALSE;
  }

  /**
   * Fills `setsMetByCallField` for call `index`: per call field, the sets its value meets, or
   * UNKNOWN_VALUE where an unknown pointer names the field for this call (by index or `*`).
   * false: a field holds a number, a boolean or a mixed array (compared by its JSON text).
   */
  private callSetsAt(call: unknown, index: number, mask: KeyMask | null): boolean {
    const leaves = this.index.callLeaves;
    const held = this.setsMetByCallField;
    for (let i = 0; i < leaves.length; i++) {
      const name = leaves[i]!.path[0]!;
      if (mask !== null && callFieldUnknown(mask, i, index, name)) {
        held[i] = UNKNOWN_VALUE;
        continue;
      }
      const met = leaves[i]!.setsOf(isPlainObject(call) ? ownValue(call, name) : undefined);
      if (met === null) return false;
      held[i] = met;
    }
    return true;
  }

  /**
   * Fills `someCallHolds` and `everyCallHolds` for a call list: per conjunction of call
   * conditions, its Kleene OR over the calls (`some call`, a deny rule) and AND (`every call`, an
   * allow rule); a call's value is the AND of its conditions, UNKNOWN on a field an unknown pointer
   * names for that call. false (the key is then by classes) when a call field holds a number, a
   * boolean or an array of other than strings, which compare by their JSON text.
   */
  private callValuesOf(calls: readonly unknown[], mask: KeyMask | null): boolean {
    const rules = this.index.callRules;
    const some = this.someCallHolds.fill(FALSE);
    const every = this.everyCallHolds.fill(TRUE);
    for (let index = 0; index < calls.length; index++) {
      if (!this.callSetsAt(calls[index], index, mask)) return false;
      for (let r = 0; r < rules.length; r++) {
        const value = conjunction(rules[r]!, this.setsMetByCallField);
        some[r] = or(some[r] as Truth, value);
        every[r] = and(every[r] as Truth, value);
      }
    }
    return true;
  }

  /**
   * The call part of a deny rule combining two or more call fields over an unpaired batch
   * (threeValued.ts callPartLines): FALSE when some condition holds on no call, TRUE when one holds
   * on some call and every other on every call, else UNKNOWN. Pairing the fields by position would
   * be a guess, so no call is judged whole. `calls` passed callValuesOf already.
   */
  private unpairedDenyPart(
    tests: readonly SetTest[],
    calls: readonly unknown[],
    mask: KeyMask | null,
  ): Truth {
    const onSome = this.conditionOnSomeCall.fill(FALSE, 0, tests.length);
    const onEvery = this.conditionOnEveryCall.fill(TRUE, 0, tests.length);
    for (let index = 0; index < calls.length; index++) {
      this.callSetsAt(calls[index], index, mask);
      for (let t = 0; t < tests.length; t++) {
        const v = testValue(tests[t]!, this.setsMetByCallField);
        onSome[t] = or(onSome[t] as Truth, v);
        onEvery[t] = and(onEvery[t] as Truth, v);
      }
    }
    for (let t = 0; t < tests.length; t++) if (onSome[t] === FALSE) return FALSE;
    for (let k = 0; k < tests.length; k++) {
      if (onSome[k] !== TRUE) continue;
      let others = true;
      for (let m = 0; m < tests.length && others; m++) if (m !== k && onEvery[m] !== TRUE) others = false;
      if (others) return TRUE;
    }
    return UNKNOWN;
  }
}
