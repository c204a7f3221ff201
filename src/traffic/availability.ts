import type { PolicyFeatures } from '../policy/features.js';
import type { CallField } from '../policy/fields.js';
import type { TrafficCall, TrafficInput, TrafficRecord } from './record.js';

/** Every unevaluable reason of docs/traffic.md, sorted (the order reports list them in). */
export const UNEVALUABLE_REASONS = [
  'attributes_unavailable',
  'batch_call_pairing_unavailable',
  'claims_unavailable',
  'mcp_not_recorded',
  'subject_unverified',
  'time_not_recorded',
  'tool_not_recorded',
] as const;
export type UnevaluableReason = (typeof UNEVALUABLE_REASONS)[number];

const NONE: readonly UnevaluableReason[] = Object.freeze([]);

// One bit per reason, in UNEVALUABLE_REASONS order, so collecting is allocation-free and the
// result comes out sorted and distinct.
const ATTRIBUTES = 1 << 0;
const PAIRING = 1 << 1;
const CLAIMS = 1 << 2;
const MCP = 1 << 3;
const UNVERIFIED = 1 << 4;
const TIME = 1 << 5;
const TOOL = 1 << 6;

/**
 * What a policy loses for each `unavailable` entry: the reason bit when the policy reads the
 * feature, else 0. Computed once per policy, then reused for every record.
 */
export interface AvailabilityProfile {
  byEntry: Readonly<Record<string, number>>;
  unpaired: number;
}

export function availabilityProfile(features: PolicyFeatures): AvailabilityProfile {
  const any = features.any;
  const readsCallPayload = any.callFields.length > 0 || any.arguments || any.jsonrpc;
  return {
    byEntry: {
      mcp: readsCallPayload ? MCP : 0,
      'mcp.tool': any.callFields.includes('tool') ? TOOL : 0,
      'mcp.arguments': any.arguments ? MCP : 0,
      'identity.verification': any.caller ? UNVERIFIED : 0,
      'identity.attributes': any.directory ? ATTRIBUTES : 0,
      'identity.claims': any.subjectOrIssuer || any.claims ? CLAIMS : 0,
      time: any.window ? TIME : 0,
    },
    unpaired: any.combinesCallFields ? PAIRING : 0,
  };
}

const profiles = new WeakMap<PolicyFeatures, AvailabilityProfile>();

function profileOf(features: PolicyFeatures): AvailabilityProfile {
  let profile = profiles.get(features);
  if (profile === undefined) {
    profile = availabilityProfile(features);
    profiles.set(features, profile);
  }
  return profile;
}

/**
 * The reasons a record is unevaluable for a policy (docs/traffic.md "Absent is not unavailable"): sorted, distinct, empty
 * when the record is scoreable. A row applies only when the policy reads the feature the record
 * lacks. The returned array is shared when empty: do not mutate it.
 */
export function unevaluableReasons(
  record: TrafficRecord,
  features: PolicyFeatures,
): readonly UnevaluableReason[] {
  const unavailable = record.unavailable;
  const hasUnavailable = unavailable !== undefined && unavailable.length > 0;
  if (!hasUnavailable && record.unpaired === undefined) return NONE;
  const profile = profileOf(features);
  let bits = 0;
  if (hasUnavailable) for (const entry of unavailable) bits |= profile.byEntry[entry] ?? 0;
  if (record.unpaired !== undefined) bits |= profile.unpaired;
  if (bits === 0) return NONE;
  const reasons: UnevaluableReason[] = [];
  for (let i = 0; i < UNEVALUABLE_REASONS.length; i++) {
    if ((bits & (1 << i)) !== 0) reasons.push(UNEVALUABLE_REASONS[i] as UnevaluableReason);
  }
  return reasons;
}

const PAIRED_FIELDS: readonly CallField[] = ['method', 'tool', 'resource_uri', 'prompt'];

/**
 * The input with `request.mcp.calls` rebuilt from an unpaired batch by the simplest pairing: call
 * `i` takes the `i`-th value of each list and lacks the key when the list is shorter. The decision
 * on it is exact for any policy none of whose rules combines two call fields (each call condition
 * then only sees how many calls carry which value, which every pairing preserves). Pure: the
 * record is not modified. A record without `unpaired` returns its own input.
 */
export function pairUnpaired(record: TrafficRecord): TrafficInput {
  const unpaired = record.unpaired;
  if (unpaired === undefined) return record.input;
  const calls: TrafficCall[] = [];
  for (let i = 0; i < unpaired.call_count; i++) {
    const call: TrafficCall = {};
    for (const field of PAIRED_FIELDS) {
      const list = unpaired[field];
      if (list !== undefined && i < list.length) call[field] = list[i];
    }
    calls.push(call);
  }
  const input = record.input;
  const request = input.request ?? {};
  return { ...input, request: { ...request, mcp: { ...(request.mcp ?? {}), calls } } };
}

/** The input a policy is evaluated on: the recorded input, with an unpaired batch paired. */
export function evaluationInput(record: TrafficRecord): TrafficInput {
  return record.unpaired === undefined ? record.input : pairUnpaired(record);
}
