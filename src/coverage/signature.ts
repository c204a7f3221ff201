/**
 * A record's atoms as a short string, its **signature** (docs/coverage.md "Placing a request"),
 * computed where the replay reads the record (a worker thread) and placed in the kinds later, once
 * per distinct signature.
 *
 * The kinds need the time horizon, which starts at the sample's first record and so is known only
 * after the replay; and under `--shape mcp` a sample that breaks the shape is analysed again under
 * `any`. A record's atoms depend on neither: each field holds a constant or not, each window holds
 * its time or not, whatever the horizon, and projecting the atoms of one shape's constants from
 * another's loses nothing, because a constant's bit is read from the value alone. So the signature
 * holds the atoms over every constant of either shape: the three flags, every request field's
 * `present` and constant bits, every window's membership, whether there are calls and several, and
 * the distinct calls' own atoms (a batch's quantified bits and the per-call shape are functions of
 * that set). `SignaturePlacer` maps a signature to the assignment and shape check of a built
 * space, as assignmentOf and hasShape would give for any record of that signature.
 *
 * A partial record's signature also says which atoms its unknowns hide, so that it can be placed
 * where every completion of them falls (covered.ts).
 */
import { inForce, lookup, requestPath } from '../engine/reference.js';
import { BuiltinError } from '../engine/timeBuiltins.js';
import type { ActiveWindow, Policy } from '../policy/schema.js';
import type { CallField } from '../policy/fields.js';
import type { Bdd } from './bdd.js';
import { CALL_FIELDS, MCP_METHODS } from './callModel.js';
import { assignField, callsOf, type Assignment } from './concrete.js';
import { allocateField, type FieldAtoms } from './fieldAtoms.js';
import { allRules, collect, type AtomSpace } from './space.js';
import {
  ATTRIBUTES_RESOLVED,
  callFieldLocation,
  isCallListUnknown,
  isUnknown,
  REQUEST_TIME,
  VERIFIED as VERIFIED_AT,
  type Location,
} from '../unknowns/location.js';
import type { UnknownPointer } from '../unknowns/pointer.js';
import { allEffectivePointers, type UnknownData } from '../unknowns/unknownData.js';

export interface SignatureSpace {
  /** The request fields, numbered after the three flags. */
  readonly fields: readonly FieldAtoms[];
  /** Where each field is in the input (requestPath, computed once). */
  readonly paths: readonly (readonly string[])[];
  /** Numbered after the fields, then `hasCalls` and `many`. */
  readonly windows: readonly ActiveWindow[];
  /** One call's fields, numbered from 0 in a vector of their own; `method` has the MCP methods. */
  readonly callFields: readonly FieldAtoms[];
  readonly requestBits: number;
  readonly callBits: number;
}

const VERIFIED = 0;
const RESOLVED = 1;
const TIME = 2;

/** The signature atoms of a policy pair: the same in every thread, for every shape and horizon. */
export function signatureSpace(base: Policy | null, head: Policy | null): SignatureSpace {
  const collected = collect(allRules(base, head));
  const none = new Set<string>();
  let next = TIME + 1;
  const fields: FieldAtoms[] = [];
  for (const field of [...collected.request.keys()].sort()) {
    const { kind, constants } = collected.request.get(field)!;
    const allocated = allocateField(field, kind, constants, false, none, next);
    fields.push(allocated.atoms);
    next = allocated.next;
  }
  const windows = [...collected.windows.values()];
  let callNext = 0;
  const callFields = CALL_FIELDS.map((name) => {
    const wanted = new Set(collected.call.get(name) ?? []);
    if (name === 'method') for (const method of MCP_METHODS) wanted.add(method);
    const allocated = allocateField(name, { kind: 'call', name }, wanted, false, none, callNext);
    callNext = allocated.next;
    return allocated.atoms;
  });
  const paths = fields.map((f) => (f.kind.kind === 'call' ? [] : requestPath(f.kind)));
  return { fields, paths, windows, callFields, requestBits: next + windows.length + 2, callBits: callNext };
}

/** Bits written by variable, read back as hexadecimal text (four bits a digit). */
class Bits {
  readonly values: Uint8Array;
  constructor(size: number) {
    this.values = new Uint8Array(size);
  }
  set(variable: number, value: boolean): void {
    this.values[variable] = value ? 1 : 0;
  }
  text(): string {
    let text = '';
    for (let i = 0; i < this.values.length; i += 4) {
      const digit =
        this.values[i]! | ((this.values[i + 1] ?? 0) << 1) | ((this.values[i + 2] ?? 0) << 2) | ((this.values[i + 3] ?? 0) << 3);
      text += digit.toString(16);
    }
    return text;
  }
}

function bitsOf(text: string, size: number): Uint8Array {
  const values = new Uint8Array(size);
  for (let d = 0; d < text.length; d++) {
    const digit = parseInt(text[d]!, 16);
    for (let k = 0; k < 4 && 4 * d + k < size; k++) values[4 * d + k] = (digit >> k) & 1;
  }
  return values;
}

function callText(sig: SignatureSpace, call: unknown): string {
  const bits = new Bits(sig.callBits);
  for (const atoms of sig.callFields) assignField(bits, atoms, lookup(call, [atoms.field]));
  return bits.text();
}

/**
 * The signature of an OPA input. A present time is taken to be a valid RFC 3339 instant when a
 * window reads it; `inForce` throws otherwise, as assignmentOf does.
 */
export function signatureOf(sig: SignatureSpace, input: unknown): string {
  return signatureWith(sig, input, null)!;
}

/**
 * The signature, or with `unknown` (the record's unknown set, effective pointers) the signature of
 * a partial record: `?`, the bits, `/` and the mask of the unknown ones (a field, a flag, the time
 * and with it every window), and for one call its bits and mask alike. null when the unknowns
 * reach the calls of a list that cannot be pinned down: the list itself, an unpaired batch (the
 * caller's to say), or a field of a list of two calls or more.
 */
function signatureWith(sig: SignatureSpace, input: unknown, unknown: readonly UnknownPointer[] | null): string | null {
  const bits = new Bits(sig.requestBits);
  const mask = new Bits(sig.requestBits);
  const hidden = (location: Location): boolean => unknown !== null && isUnknown(unknown, location);
  const flag = (at: number, path: Location): void => {
    const found = lookup(input, path as string[]);
    bits.set(at, found.present && found.value === true);
    mask.set(at, hidden(path));
  };
  flag(VERIFIED, VERIFIED_AT);
  flag(RESOLVED, ATTRIBUTES_RESOLVED);
  const time = lookup(input, ['request', 'time']);
  const timeHidden = hidden(REQUEST_TIME);
  bits.set(TIME, time.present);
  mask.set(TIME, timeHidden);
  sig.fields.forEach((atoms, i) => {
    assignField(bits, atoms, lookup(input, sig.paths[i]!));
    if (hidden(sig.paths[i]!)) for (const v of [atoms.present, ...atoms.bits]) mask.set(v, true);
  });
  const windowsAt = sig.requestBits - 2 - sig.windows.length;
  sig.windows.forEach((w, i) => {
    bits.set(windowsAt + i, !timeHidden && time.present && inForce(w, time.value));
    mask.set(windowsAt + i, timeHidden);
  });
  if (unknown !== null && isCallListUnknown(unknown)) return null;
  const calls = callsOf(input);
  bits.set(sig.requestBits - 2, calls.length > 0);
  bits.set(sig.requestBits - 1, calls.length > 1);
  const head = unknown === null ? bits.text() : `?${bits.text()}/${mask.text()}`;
  if (calls.length === 0) return head;
  if (unknown === null) return `${head}:${[...new Set(calls.map((call) => callText(sig, call)))].sort().join(',')}`;
  const callMasks = calls.map((_, i) => {
    const callMask = new Bits(sig.callBits);
    for (const atoms of sig.callFields)
      if (hidden(callFieldLocation(i, atoms.field as CallField)))
        for (const v of [atoms.present, ...atoms.bits]) callMask.set(v, true);
    return callMask;
  });
  const anyHidden = callMasks.some((m) => m.values.includes(1));
  if (calls.length === 1) return `${head}:${callText(sig, calls[0])}/${callMasks[0]!.text()}`;
  if (anyHidden) return null;
  return `${head}:${[...new Set(calls.map((call) => callText(sig, call)))].sort().join(',')}`;
}

/** A signature's assignment in a built space, and whether its records have the space's shape. */
export interface Placement {
  assignment: Assignment;
  shaped: boolean;
}

/** Places signatures in one built space (its variables matched to the signature's by name). */
export class SignaturePlacer {
  /** [space variable, signature bit] of the request variables, and of one call's. */
  private readonly request: [number, number][] = [];
  private readonly call: [number, number][] = [];

  constructor(
    private readonly space: AtomSpace,
    private readonly sig: SignatureSpace,
  ) {
    if (space.windows.length !== sig.windows.length) throw new Error('the signature has other windows');
    this.request.push([space.flags.verified, VERIFIED], [space.flags.resolved, RESOLVED], [space.flags.timePresent, TIME]);
    const byName = new Map(sig.fields.map((f) => [f.field, f]));
    for (const atoms of space.fields) this.pair(this.request, atoms, byName.get(atoms.field));
    const windowsAt = sig.requestBits - 2 - sig.windows.length;
    space.windows.forEach((w, i) => this.request.push([w.variable, windowsAt + i]));
    this.request.push([space.calls.hasCalls, sig.requestBits - 2], [space.calls.many, sig.requestBits - 1]);
    const callByName = new Map(sig.callFields.map((f) => [f.field, f]));
    for (const atoms of space.calls.fields.values()) this.pair(this.call, atoms, callByName.get(atoms.field));
  }

  private pair(into: [number, number][], atoms: FieldAtoms, own: FieldAtoms | undefined): void {
    if (own === undefined) throw new Error(`the signature has no field ${atoms.field}`);
    into.push([atoms.present, own.present]);
    atoms.constants.forEach((c, i) => {
      const k = own.constants.indexOf(c);
      if (k < 0) throw new Error(`the signature has no constant ${c} of ${atoms.field}`);
      into.push([atoms.bits[i]!, own.bits[k]!]);
    });
  }

  place(signature: string): Placement {
    const { space, sig } = this;
    const [requestText, callsText] = signature.split(':') as [string, string | undefined];
    const bits = bitsOf(requestText, sig.requestBits);
    const a: Assignment = new Map();
    for (const [variable, bit] of this.request) a.set(variable, bits[bit] === 1);
    const calls = callsText === undefined ? [] : callsText.split(',').map((text) => this.callValues(text));
    const many = a.get(space.calls.many)!;
    // One call: its own atoms. Two or more: the quantified bits (the call atoms stay false).
    if (!many && calls.length === 1) for (const [variable, value] of calls[0]!) a.set(variable, value);
    const holds = (call: Assignment, predicate: Bdd) => space.m.evaluate(predicate, (v) => call.get(v) ?? false);
    for (const bit of space.calls.bits) {
      const each = many ? calls.map((call) => holds(call, bit.predicate)) : [];
      a.set(bit.variable, bit.quantifier === 'exists' ? each.some(Boolean) : each.length > 0 && each.every(Boolean));
    }
    a.set(space.calls.quiet, many && space.batch?.profiles.quietOf(a, calls.map(valueOf)) === true);
    const shaped =
      space.m.evaluate(space.constraint, (v) => a.get(v) ?? false) &&
      calls.every((call) => holds(call, space.calls.shape));
    return { assignment: a, shaped };
  }

  /**
   * A partial signature (`?`): its known atoms over the space's variables (the unknown ones left
   * out), and, for a list of two calls or more (every call known), the calls' atoms.
   */
  partial(signature: string): { known: Map<number, boolean>; calls: Assignment[] } {
    const { space, sig } = this;
    const [head, callsText] = signature.slice(1).split(':') as [string, string | undefined];
    const [bitsText, maskText] = head.split('/') as [string, string];
    const bits = bitsOf(bitsText, sig.requestBits);
    const mask = bitsOf(maskText, sig.requestBits);
    const known = new Map<number, boolean>();
    for (const [variable, bit] of this.request) if (mask[bit] === 0) known.set(variable, bits[bit] === 1);
    const many = known.get(space.calls.many)!;
    let calls: Assignment[] = [];
    if (callsText !== undefined && !many) {
      const [callText, callMaskText] = callsText.split('/') as [string, string];
      const callBits = bitsOf(callText, sig.callBits);
      const callMask = bitsOf(callMaskText, sig.callBits);
      for (const [variable, bit] of this.call) if (callMask[bit] === 0) known.set(variable, callBits[bit] === 1);
    } else if (callsText !== undefined) calls = callsText.split(',').map((text) => this.callValues(text));
    const holds = (call: Assignment, predicate: Bdd) => space.m.evaluate(predicate, (v) => call.get(v) ?? false);
    for (const bit of space.calls.bits) {
      const each = calls.map((call) => holds(call, bit.predicate));
      known.set(bit.variable, bit.quantifier === 'exists' ? each.some(Boolean) : each.length > 0 && each.every(Boolean));
    }
    const quiet = !many ? false : space.batch === null ? false : space.batch.profiles.quietOf(known, calls.map(valueOf), space.constraint);
    if (quiet !== undefined) known.set(space.calls.quiet, quiet);
    return { known, calls };
  }

  /** One call's atoms in the space's call variables. */
  private callValues(text: string): Assignment {
    const bits = bitsOf(text, this.sig.callBits);
    const values: Assignment = new Map();
    for (const [variable, bit] of this.call) values.set(variable, bits[bit] === 1);
    return values;
  }
}

const valueOf =
  (call: Assignment) =>
  (v: number): boolean =>
    call.get(v) ?? false;

/**
 * A record with unknowns that cannot be placed (its call list unknown or unpaired, a field of a
 * list of two calls or more unknown): counted in `partial`, in no kind. A placeable partial
 * record's signature starts with it.
 */
export const PARTIAL_SIGNATURE = '?';
/** A record whose time no window can read: the replay reports it malformed, so it is not placed. */
export const UNREADABLE_SIGNATURE = '!';

export interface SignatureCount {
  count: number;
  /** The request_id of its first record in sample order. */
  first: string;
  /** That record's position in sample order (the replay's line key), so shards' firsts compare. */
  position: number;
}

/** A sample's records by signature, in order of first appearance, and its partial records. */
export interface SampleSignatures {
  partial: number;
  readonly seen: Map<string, SignatureCount>;
}

export function emptySignatures(): SampleSignatures {
  return { partial: 0, seen: new Map() };
}

/**
 * Counts one replayed record, in sample order; `position` is its place in that order (any
 * increasing key). `own` copies a string that outlives its source (a
 * key or id read from a worker's packed run).
 */
export function addSignature(
  into: SampleSignatures,
  signature: string,
  requestId: string,
  position: number,
  own: (text: string) => string = (text) => text,
): void {
  if (signature.startsWith(PARTIAL_SIGNATURE)) into.partial++;
  // A bare `?` cannot be placed; a partial record's signature is placed like a complete one's.
  if (signature !== PARTIAL_SIGNATURE && signature !== UNREADABLE_SIGNATURE) {
    const entry = into.seen.get(signature);
    if (entry === undefined) into.seen.set(own(signature), { count: 1, first: own(requestId), position });
    else entry.count++;
  }
}

/**
 * A replayed record's signature, or what stands for it when it is not placed. `unknowns`: the
 * record's unknown set, null for a complete record.
 */
export function recordSignature(sig: SignatureSpace, input: unknown, unknowns: UnknownData | null): string {
  try {
    if (unknowns === null) return signatureOf(sig, input);
    if (unknowns.unpaired !== null) return PARTIAL_SIGNATURE;
    return signatureWith(sig, input, allEffectivePointers(unknowns)) ?? PARTIAL_SIGNATURE;
  } catch (error) {
    if (!(error instanceof BuiltinError)) throw error;
    // A partial record is counted as one whatever its time.
    return unknowns === null ? UNREADABLE_SIGNATURE : PARTIAL_SIGNATURE;
  }
}
