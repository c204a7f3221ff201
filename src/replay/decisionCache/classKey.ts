import { callListOf, isPlainObject, ownValue, valueAt } from './readSet.js';
import type { PolicyIndex } from './policyIndex.js';
import type { KeyMask } from './unknownMask.js';
import { exactClass, type ValueLeaf } from './valueClasses.js';
import type { TimeState, WindowBits } from './windows.js';

/**
 * The key by classes: the time, each leaf's value class and the calls by their kinds
 * (docs/decision-cache.md "The key by classes"). Finer than the folded key; what the reasons of an
 * unevaluable record depend on, and the decision key's fallback when a value is keyed exactly.
 */

/**
 * How the calls are keyed: `distinct`, the distinct kinds of call (two-valued: `some call` and
 * `every call` depend on neither order nor repetition); `ordered`, one entry per call in order
 * (three-valued on paired calls: unknown pointers name calls by index); `per-field`, the classes
 * each call field holds on any call (three-valued on an unpaired batch).
 */
export type CallsClassing = 'distinct' | 'ordered' | 'per-field';

/** Builds keys by classes for one PolicyIndex; its part buffer is reused from record to record. */
export class ClassKeyBuilder {
  /** The key's parts: the time, each leaf's class, the calls. */
  private readonly parts: string[];

  constructor(private readonly index: PolicyIndex) {
    this.parts = new Array<string>(index.requestLeaves.length + index.identityLeaves.length + 2).fill('');
  }

  /** The key; `open` holds the window bits when `time` is `w`. */
  build(
    request: unknown,
    identity: unknown,
    time: TimeState,
    open: WindowBits,
    mask: KeyMask | null,
    calls: CallsClassing,
  ): string {
    let text: string = time;
    if (time === 'w') {
      text = '';
      for (let i = 0; i < this.index.windows.length; i++) text += open[i] === 1 ? '1' : '0';
    }
    // The parts are joined once: one flat string, which the cache's Map hashes without first
    // flattening a chain of concatenations.
    const parts = this.parts;
    parts[0] = text;
    let n = 1;
    const leaves = this.index.requestLeaves;
    for (let i = 0; i < leaves.length; i++)
      parts[n++] = mask?.request[i] ? '?' : leaves[i]!.classOf(valueAt(request, leaves[i]!.path));
    const people = this.index.identityLeaves;
    for (let i = 0; i < people.length; i++)
      parts[n++] = mask?.identity[i] ? '?' : people[i]!.classOf(valueAt(identity, people[i]!.path));
    if (mask?.callList) parts[n] = '|?';
    else parts[n] = `|${this.callsClass(callListOf(request), calls, mask?.callFields ?? null)}`;
    return parts.join(',');
  }

  private callsClass(calls: unknown, classing: CallsClassing, masked: readonly boolean[] | null): string {
    if (calls === undefined) return '-';
    if (!Array.isArray(calls)) return exactClass('X', calls);
    const leaves = this.index.callLeaves;
    if (leaves.length === 0) return calls.length === 0 ? '[]' : '[+]';
    if (classing === 'per-field') return perFieldClass(leaves, calls as unknown[], masked);
    const classes: string[] = [];
    for (const call of calls as unknown[]) {
      let tuple = '';
      // A call that is not an object reads like one without the fields: undefined in the Rego.
      for (let i = 0; i < leaves.length; i++) {
        const leaf = leaves[i]!;
        tuple += masked?.[i] ? '?;' : `${leaf.classOf(callField(call, leaf))};`;
      }
      classes.push(tuple);
    }
    if (classing === 'distinct') {
      const distinct = classes.length > 1 ? [...new Set(classes)].sort() : classes;
      return `{${distinct.join('|')}}`;
    }
    return `[${classes.join('|')}]`;
  }
}

function callField(call: unknown, leaf: ValueLeaf): unknown {
  return isPlainObject(call) ? ownValue(call, leaf.path[0]!) : undefined;
}

/**
 * An unpaired batch (paired by position for the evaluation): per call field, the set of classes
 * its calls hold (`-` for a call lacking the key). The three-valued rules of an unpaired batch
 * read nothing else: `all(c)` and `some(c)` per condition, and whether there is a call.
 */
function perFieldClass(
  leaves: readonly ValueLeaf[],
  calls: readonly unknown[],
  masked: readonly boolean[] | null,
): string {
  let text = calls.length === 0 ? '<0' : '<+';
  for (let i = 0; i < leaves.length; i++) {
    const leaf = leaves[i]!;
    if (masked?.[i]) {
      text += ';?';
      continue;
    }
    const classes = new Set<string>();
    for (const call of calls) classes.add(leaf.classOf(callField(call, leaf)));
    text += `;${[...classes].sort().join('|')}`;
  }
  return `${text}>`;
}
