import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The unit project's setup (jest.config.js): no OPA. A unit suite that reaches the pinned OPA after
 * all (through testOpaPath or $OPA_PATH) fails here at once instead of passing slowly; it belongs in
 * the opa project, which it joins by importing `__tests__/support/opa.ts`.
 */
process.env.OPA_PATH = join(tmpdir(), 'policy-replay-unit-tests-have-no-opa', 'opa');
