/** The input a policy is evaluated on, an unpaired batch's calls rebuilt (docs/traffic.md "Unpaired batches"). */
import type { CallField } from '../policy/fields.js';
import type { TrafficCall, TrafficInput, TrafficRecord } from './record.js';

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
