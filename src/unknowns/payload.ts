/**
 * The unknown set as the generated Rego reads it (docs/unknowns.md "Three-valued evaluation"): the
 * payload under `input.policy_replay`, built by the replay, read by the three-valued entrypoint.
 */
import { callIndexOf, effectivePointers } from './unknownData.js';

/** The top-level input key that carries the unknown set to the three-valued entrypoint. */
export const UNKNOWNS_KEY = 'policy_replay';

/** The payload under UNKNOWNS_KEY. */
export interface UnknownsPayload {
  /**
   * Pointers as segments relative to `/input`; the call index of a pointer under
   * `/input/request/mcp/calls` is a number (so it compares with the call's index), `*` any index.
   */
  unknown: (string | number)[][];
  /** The calls were recorded unpaired (docs/traffic.md "Unpaired batches"). */
  unpaired: boolean;
}

/**
 * The payload of a record's unknown set: its pointers as they apply to the record's calls
 * (effectivePointers), a call's index as a number.
 */
export function unknownsPayload(
  pointers: readonly (readonly string[])[],
  unpaired: { call_count: number } | null,
): UnknownsPayload {
  const unknown = effectivePointers({ pointers, unpaired }).map((pointer): (string | number)[] => {
    const index = callIndexOf(pointer);
    return index === null ? [...pointer] : ['request', 'mcp', 'calls', index, ...pointer.slice(4)];
  });
  return { unknown, unpaired: unpaired !== null };
}
