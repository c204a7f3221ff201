import type { Policy } from '../../policy/schema.js';
import type { TrafficInput } from '../../traffic/record.js';
import { ClassKeyBuilder } from './classKey.js';
import { FoldedKeyBuilder } from './foldedKey.js';
import { indexPolicies, type PolicyIndex } from './policyIndex.js';
import { projectInput, type Json } from './readSet.js';
import { maskOf, type KeyMask, type Pointer } from './unknownMask.js';
import { readTime, type WindowBits } from './windows.js';

/** What a three-valued key needs of a record's unknown set. */
export interface KeyedUnknowns {
  mask: KeyMask;
  /** The record is an unpaired batch (its calls are keyed per field). */
  unpaired: boolean;
}

/**
 * The keys of the decisions of a set of policies, and the input reduced to what they read
 * (docs/decision-cache.md "What a key is"). A key is equal for two inputs only when every policy
 * decides them alike by construction; null when the time cannot be judged here (the record is
 * then evaluated on its own, errors and all).
 */
export class DecisionKeys {
  readonly index: PolicyIndex;
  /** The time's open (1) or closed (0) bit per window, filled by readTime for either builder. */
  private readonly windowBits: WindowBits;
  private readonly folded: FoldedKeyBuilder;
  private readonly byClasses: ClassKeyBuilder;

  /** The union of what `policies` read: one key serves every one of them. */
  constructor(policies: readonly Policy[]) {
    this.index = indexPolicies(policies);
    this.windowBits = new Uint8Array(this.index.windows.length);
    this.folded = new FoldedKeyBuilder(this.index);
    this.byClasses = new ClassKeyBuilder(this.index);
  }

  /** The input reduced to what the policies read, the request time included. */
  project(input: TrafficInput): Json {
    return projectInput(this.index.reads, input);
  }

  /** The mask of an unknown set's pointers (below `/input`). */
  maskOf(pointers: readonly Pointer[]): KeyMask {
    return maskOf(this.index, pointers);
  }

  /**
   * The key a decision is cached under: two-valued without `unknowns`, three-valued with them.
   * The folded key whenever it can be; else the key by classes, its calls by their distinct kinds
   * (two-valued), in order (paired) or per field (unpaired).
   */
  decisionKey(input: TrafficInput, unknowns: KeyedUnknowns | null): string | null {
    const request = (input as Json).request;
    const mask = unknowns === null ? null : unknowns.mask;
    const time = readTime(request, mask !== null && mask.time, this.index.windows, this.windowBits);
    if (time === null) return null;
    const identity = (input as Json).identity;
    const unpaired = unknowns !== null && unknowns.unpaired;
    const folded = this.folded.build(request, identity, time, this.windowBits, mask, unpaired);
    if (folded !== null) return folded;
    const calls = unknowns === null ? 'distinct' : unpaired ? 'per-field' : 'ordered';
    return this.byClasses.build(request, identity, time, this.windowBits, mask, calls);
  }

  /**
   * The key the reasons of an unevaluable record are cached under: always by classes, since two
   * records can agree on every rule's value while different conditions of theirs are U.
   */
  reasonKey(input: TrafficInput, unknowns: KeyedUnknowns): string | null {
    const request = (input as Json).request;
    const time = readTime(request, unknowns.mask.time, this.index.windows, this.windowBits);
    if (time === null) return null;
    const identity = (input as Json).identity;
    const calls = unknowns.unpaired ? 'per-field' : 'ordered';
    return this.byClasses.build(request, identity, time, this.windowBits, unknowns.mask, calls);
  }
}
