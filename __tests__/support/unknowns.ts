import { isTrafficRecord } from '../../src/traffic/record.js';

/**
 * Whether records may carry `unknown_paths` (the "precise unevaluable" work). Decision events with
 * `erased`/`masked` pointers under /input become such records (docs/decision-logs.md); until that
 * support is merged they are malformed, so the assertions that need them replayed run only when it
 * is there. Remove this gate once it has landed.
 */
export const SUPPORTS_UNKNOWN_PATHS = isTrafficRecord({
  request_id: 'probe',
  input: {},
  unknown_paths: ['/input/identity/claims'],
});
