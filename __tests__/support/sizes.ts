/**
 * How much generated input the suites check, set once for every run (docs/testing.md).
 *
 * The defaults are the sizes `npm test` and CI run: each is chosen so that its property still
 * meets the coverage floor its suite asserts (every outcome common, enough keys shared, at least
 * 2,000 three-valued records...). For a deeper run, POLICY_REPLAY_TEST_SCALE multiplies every count
 * of runs (policies, pairs, fast-check runs, ids; never the per-case sizes, which shape the cases):
 *
 *     POLICY_REPLAY_TEST_SCALE=10 npm run test:conformance
 *
 * One size alone can still be set by its variable (PROPERTY_POLICIES, SOUNDNESS_KEY_PAIRS, ...),
 * and the seeds by PROPERTY_SEED / SOUNDNESS_SEED, to reproduce a failure the suite printed.
 */
const SCALE = Number(process.env.POLICY_REPLAY_TEST_SCALE ?? 1);
if (!(SCALE > 0)) throw new Error(`POLICY_REPLAY_TEST_SCALE must be a positive number, not ${SCALE}`);

/** A count of runs: the default times the scale, or its own variable. */
function runs(base: number, variable?: string): number {
  const own = variable === undefined ? undefined : process.env[variable];
  return own !== undefined ? Number(own) : Math.max(1, Math.round(base * SCALE));
}

/** A size of one case: the default, or its own variable; not scaled. */
function each(base: number, variable: string): number {
  const own = process.env[variable];
  return own !== undefined ? Number(own) : base;
}

export const SIZES = {
  scale: SCALE,
  /** Runs of the small fast-check properties of the unit suites (fast-check's own default). */
  fastCheckRuns: runs(100),
  /** Distinct ids claimed by RequestIdTable's growth test (its table grows several times). */
  requestIds: runs(20_000),
  /** conformance/property.test.ts: generated policies, each with its inputs, under three evaluators. */
  property: {
    policies: runs(100, 'PROPERTY_POLICIES'),
    inputsPerPolicy: each(25, 'PROPERTY_INPUTS'),
    /** Decision cache keys: pairs of generated policies, and inputs per pair. */
    keyPairs: runs(100, 'PROPERTY_KEY_PAIRS'),
    keyInputs: each(1000, 'PROPERTY_KEY_INPUTS'),
  },
  /** conformance/soundness.test.ts: three-valued soundness and its cache keys. */
  soundness: {
    policies: runs(120, 'SOUNDNESS_POLICIES'),
    recordsPerPolicy: each(25, 'SOUNDNESS_RECORDS'),
    completions: each(30, 'SOUNDNESS_COMPLETIONS'),
    keyPairs: runs(100, 'SOUNDNESS_KEY_PAIRS'),
    keyRecords: each(1000, 'SOUNDNESS_KEY_RECORDS'),
  },
  /** conformance/attribution.test.ts: generated policy pairs, each with its variants compiled. */
  attribution: {
    pairs: runs(8, 'ATTRIBUTION_PAIRS'),
  },
  /** replay/changeGroupsProperty.test.ts: the collector alone, and whole replays of policy pairs. */
  changeGroups: {
    collectorRuns: runs(300),
    replayRuns: runs(25),
  },
} as const;
