/**
 * How much generated input the suites check, set once for every run (docs/testing.md).
 *
 * Two tiers. `full` is what CI runs: each size is chosen so that its property meets the coverage
 * floor its suite asserts (every outcome common, enough keys shared, at least 2,000 three-valued
 * records...). `quick`, the default of `npm test` on a developer machine, runs every suite and
 * every test with smaller volumes (fewer generated policies, records, iterations, fewer of a
 * matrix of equivalent CLI runs); the suites scale their floors with the volume. The tier:
 *
 * - POLICY_REPLAY_TEST_TIER=quick|full, when set;
 * - otherwise `full` when CI is set (GitHub Actions sets CI=true; `.ci/run` sets the tier itself);
 * - otherwise `quick`.
 *
 * For a deeper run, POLICY_REPLAY_TEST_SCALE multiplies every count of runs of the tier (policies,
 * pairs, fast-check runs, ids; never the per-case sizes, which shape the cases):
 *
 *     POLICY_REPLAY_TEST_SCALE=10 npm run test:conformance
 *
 * One size alone can still be set by its variable (PROPERTY_POLICIES, SOUNDNESS_KEY_PAIRS, ...),
 * and the seeds by PROPERTY_SEED / SOUNDNESS_SEED, to reproduce a failure the suite printed.
 */
export type TestTier = 'quick' | 'full';

/** The tier an environment selects (exported for its test). */
export function tierOf(env: NodeJS.ProcessEnv): TestTier {
  const own = env.POLICY_REPLAY_TEST_TIER;
  if (own !== undefined && own !== '') {
    if (own !== 'quick' && own !== 'full')
      throw new Error(`POLICY_REPLAY_TEST_TIER must be quick or full, not ${own}`);
    return own;
  }
  // Any CI that sets CI (GitHub Actions: CI=true) runs the full tier.
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0' ? 'full' : 'quick';
}

export const TIER: TestTier = tierOf(process.env);
const FULL = TIER === 'full';

/** The full tier's value, or the quick one's. */
export function tiered<T>(full: T, quick: T): T {
  return FULL ? full : quick;
}

const SCALE = Number(process.env.POLICY_REPLAY_TEST_SCALE ?? 1);
if (!(SCALE > 0)) throw new Error(`POLICY_REPLAY_TEST_SCALE must be a positive number, not ${SCALE}`);

/** A count of runs: the tier's default times the scale, or its own variable. */
function runs(full: number, quick: number, variable?: string): number {
  const own = variable === undefined ? undefined : process.env[variable];
  return own !== undefined ? Number(own) : Math.max(1, Math.round(tiered(full, quick) * SCALE));
}

/** A size of one case: the tier's default, or its own variable; not scaled. */
function each(full: number, quick: number, variable: string): number {
  const own = process.env[variable];
  return own !== undefined ? Number(own) : tiered(full, quick);
}

export const SIZES = {
  tier: TIER,
  scale: SCALE,
  /** Runs of the small fast-check properties of the unit suites (fast-check's own default). */
  fastCheckRuns: runs(100, 100),
  /** Distinct ids claimed by RequestIdTable's growth test (its table grows several times). */
  requestIds: runs(20_000, 20_000),
  /** conformance/property.test.ts: generated policies, each with its inputs, under three evaluators. */
  property: {
    policies: runs(100, 20, 'PROPERTY_POLICIES'),
    inputsPerPolicy: each(25, 25, 'PROPERTY_INPUTS'),
    /** Decision cache keys: pairs of generated policies, and inputs per pair. */
    keyPairs: runs(100, 20, 'PROPERTY_KEY_PAIRS'),
    keyInputs: each(1000, 1000, 'PROPERTY_KEY_INPUTS'),
  },
  /** conformance/soundness.test.ts: three-valued soundness and its cache keys. */
  soundness: {
    policies: runs(120, 20, 'SOUNDNESS_POLICIES'),
    recordsPerPolicy: each(25, 25, 'SOUNDNESS_RECORDS'),
    completions: each(30, 30, 'SOUNDNESS_COMPLETIONS'),
    keyPairs: runs(100, 20, 'SOUNDNESS_KEY_PAIRS'),
    keyRecords: each(1000, 1000, 'SOUNDNESS_KEY_RECORDS'),
  },
  /** conformance/attribution.test.ts: generated policy pairs, each with its variants compiled. */
  attribution: {
    pairs: runs(8, 4, 'ATTRIBUTION_PAIRS'),
  },
  /**
   * coverage/coverageProperty.test.ts: generated policy pairs analysed symbolically, and random
   * inputs per pair checked against the reference evaluator (full: 100,000 inputs a run).
   */
  coverage: {
    pairs: runs(200, 20, 'COVERAGE_PAIRS'),
    inputsPerPair: each(500, 250, 'COVERAGE_INPUTS'),
  },
  /** replay/changeGroupsProperty.test.ts: the collector alone, and whole replays of policy pairs. */
  changeGroups: {
    collectorRuns: runs(300, 50),
    replayRuns: runs(25, 5),
  },
  /** replay/projection.test.ts: fast-check runs of the decision-class properties. */
  projectionRuns: runs(3000, 400),
  /** replay/numbers.test.ts: generated records of numbers JavaScript cannot hold, each run through OPA. */
  numbersInputs: runs(400, 100),
  /** replay/streaming.test.ts: generated records replayed while the heap is sampled. */
  streamingRecords: each(200_000, 80_000, 'STREAMING_RECORDS'),
  /**
   * The shard counts N of the --shard suite (replay/shard.test.ts): each N replays the example N
   * times more. Quick leaves out N = 7, equivalent to N = 3.
   */
  shardCounts: tiered([1, 3, 7], [1, 3]),
  /**
   * replay/merge.test.ts: the N of its byte-for-byte matrix, each a CLI replay of the example per
   * shard, every shard analysing the coverage under both shapes. Quick runs N = 3 only (the plain
   * shards every other merge test reads); N = 1 and 7 are full-only.
   */
  mergeShardCounts: tiered([1, 3, 7], [3]),
  /**
   * How many shards the merge cases with options split the example into (merge.test.ts: --since
   * and --limit, the sample breaking the MCP shape in one shard; decisionLogs.test.ts: a console
   * stream of two files). Quick: 2, still more than one shard each.
   */
  optionShards: tiered(3, 2),
  /**
   * regoPolicy/soundness.test.ts: random completions of the hidden parts of each record the Rego
   * replay decides (beside the value the service really saw).
   */
  regoCompletions: each(24, 6, 'REGO_COMPLETIONS'),
  /** regoPolicy/corpusReplay.test.ts: generated requests per corpus family, through a real OPA server per variant. */
  regoCorpusInputs: each(300, 100, 'REGO_CORPUS_INPUTS'),
  /** regoPolicy/soundness.test.ts: generated requests per family whose hidden parts are completed. */
  regoSoundnessInputs: each(120, 50, 'REGO_SOUNDNESS_INPUTS'),
  /** regoPolicy/regoBecause.test.ts: generated requests per corpus head whose changes are blamed. */
  regoBecauseInputs: each(200, 100, 'REGO_BECAUSE_INPUTS'),
  /** regoPolicy/regoEdits.test.ts: generated requests every head with all edits reverted must decide as the base. */
  regoRevertInputs: each(300, 100, 'REGO_REVERT_INPUTS'),
} as const;
