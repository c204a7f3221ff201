/**
 * The unknown set as the generated Rego reads it (docs/unknowns.md "Three-valued evaluation"): the
 * payload under `input.policy_replay`, built by the replay, read by the three-valued entrypoint.
 */
import { isArrayIndex } from './pointer.js';

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
 * The payload of a record's unknown set. On an unpaired batch a pointer naming one call names
 * that field on every call (`*`), and one beyond `callCount` changes nothing (dropped).
 */
export function unknownsPayload(
  pointers: readonly (readonly string[])[],
  unpaired: { call_count: number } | null,
): UnknownsPayload {
  const unknown: (string | number)[][] = [];
  for (const pointer of pointers) {
    const underCalls =
      pointer.length >= 4 && pointer[0] === 'request' && pointer[1] === 'mcp' && pointer[2] === 'calls';
    if (!underCalls || !isArrayIndex(pointer[3]!)) {
      unknown.push([...pointer]);
      continue;
    }
    const index = Number(pointer[3]);
    if (unpaired === null) unknown.push(['request', 'mcp', 'calls', index, ...pointer.slice(4)]);
    else if (index < unpaired.call_count) unknown.push(['request', 'mcp', 'calls', '*', ...pointer.slice(4)]);
  }
  return { unknown, unpaired: unpaired !== null };
}
