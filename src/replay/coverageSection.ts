/**
 * `result.coverage` (docs/coverage.md, docs/report.md): the symbolic comparison of the replay's two
 * policies, its kinds placed against the replayed sample, and a witness per kind that the compiled
 * policies themselves decide as the kind states.
 *
 * The kinds depend on a time horizon that starts at the sample's first record, which is known only
 * once the replay has read the sample. A record's atoms do not (coverage/signature.ts): the replay
 * gives each record it counts its signature where it evaluates it (a worker thread), and counts
 * them by distinct signature in sample order; here each distinct signature is placed once. Under
 * `--shape mcp` a sample that breaks the shape costs one more analysis, under `any`, placed from
 * the same signatures. A shard cannot know whether another shard's records break the shape, so it
 * carries both analyses, every class uncapped with its example's sample position, and merge picks
 * and sums (report/coverageMerge.ts).
 */
import { analyseCoverage, type CoverageAnalysis } from '../coverage/analyse.js';
import { placeSignatures, type SampleCoverage } from '../coverage/covered.js';
import type { Kind } from '../coverage/kinds.js';
import type { Shape } from '../coverage/space.js';
import { witnessOf, type WitnessRecord } from '../coverage/witness.js';
import type { Policy } from '../policy/schema.js';
import type { Edit } from '../policy/edits.js';
import type { RuleDiff } from '../policy/ruleDiff.js';
import { evaluationInput } from '../traffic/evaluationInput.js';
import type { TrafficRecord } from '../traffic/record.js';
import { signatureSpace, type SampleSignatures } from '../coverage/signature.js';
import { CauseFinder } from './evaluate/attribution.js';
import { BASIS_DEFAULT, BASIS_MISSING_CONTEXT } from './evaluate/changeExplanation.js';
import type { UnevaluableMode } from './evaluate/unknownSides.js';
import type { ReplaySide } from './replay.js';
import type { CoverageClass, CoverageSection } from './report/report.js';
import { syntacticBecause } from './report/syntacticBecause.js';
import { setClasses } from './report/coverageMerge.js';
import { describeWitness } from './witnessText.js';

/**
 * A time bound more than a size: a diagram that keeps growing stops here well under 10 s on a
 * loaded 2-core machine (past it, the time per node of the worst generated pairs climbs), and the
 * bundled example needs under a quarter of it without the MCP shape (docs/coverage.md "Limits").
 */
export const DEFAULT_MAX_COVERAGE_NODES = 6_000_000;
export const HORIZON_DAYS = 366;

export interface CoverageRunOptions {
  shape: Shape;
  maxNodes: number;
}

export interface CoverageInputs {
  base: ReplaySide;
  head: ReplaySide;
  /** The replayed records by signature (the replay's outcome: `signatures`). */
  signatures: SampleSignatures;
  /**
   * The earliest occurred_at of the records the run selects, in every shard (the aggregator's
   * horizonStart): the horizon's start.
   */
  firstAt: string | null;
  diff: RuleDiff;
  /** The edits `because` is attributed to counterfactually; null: syntactically. */
  edits: readonly Edit[] | null;
  unevaluable: UnevaluableMode;
  maxGroups: number;
  /** A shard's partial report: the section as merge needs it (report/coverageMerge.ts). */
  shard: boolean;
}

export interface CoverageRun {
  section: CoverageSection;
  /** Every kind's witness that replayed as stated, in kind order (not capped). */
  witnesses: WitnessRecord[];
}

function hasWindows(...policies: Policy[]): boolean {
  return policies.some((p) => p.rules.some((r) => r.active_window !== undefined));
}

/** The analysis under one shape, and the replayed records placed in its kinds. */
function analysedUnder(inputs: CoverageInputs, options: CoverageRunOptions, start: string, shape: Shape) {
  const analysis = analyseCoverage(inputs.base.policy, inputs.head.policy, {
    shape,
    horizon: { start, days: HORIZON_DAYS },
    maxNodes: options.maxNodes,
  });
  const sig = signatureSpace(inputs.base.policy, inputs.head.policy);
  return { analysis, placed: placeSignatures(analysis, sig, inputs.signatures) };
}

/** The analysis under the shape asked for, dropped to `any` when some replayed record breaks it. */
function analyseAgainstSample(inputs: CoverageInputs, options: CoverageRunOptions, start: string) {
  const first = analysedUnder(inputs, options, start, options.shape);
  if (options.shape === 'any') return { ...first, outsideMcpShape: null };
  const outside = first.placed.outsideShape;
  return {
    ...(outside === 0 ? first : analysedUnder(inputs, options, start, 'any')),
    outsideMcpShape: outside,
  };
}

/** The edits a witness's change is attributed to, as `by_edit` attributes a replayed change. */
function becauseOf(kind: Kind, record: WitnessRecord, inputs: CoverageInputs, finder: CauseFinder | null) {
  if (finder !== null && inputs.edits !== null) {
    const traffic = record as unknown as TrafficRecord;
    const head = kind.direction === 'newly_allowed' ? 2 : 0;
    const { causes, joint } = finder.causesOf(traffic, evaluationInput(traffic), head);
    return { because: causes.map((i) => inputs.edits![i]!), joint };
  }
  const bits = (by: string) =>
    by === 'default' ? BASIS_DEFAULT : by === 'missing_context' ? BASIS_MISSING_CONTEXT : 0;
  const missing = new Set([kind.base, kind.head].flatMap((b) => (b.by === 'missing_context' ? b.rules : [])));
  const basis = {
    headRules: kind.head.by === 'missing_context' ? [] : kind.head.rules,
    baseRules: kind.base.by === 'missing_context' ? [] : kind.base.rules,
    basis: bits(kind.head.by) | bits(kind.base.by),
    missing,
  };
  return { because: syntacticBecause(basis, inputs.diff), joint: false };
}

/**
 * The kind's witness, replayed through both compiled policies; null with the reason when it cannot
 * be built or the compiled policies do not decide it as the kind states.
 */
function checkedWitness(
  analysis: CoverageAnalysis,
  kind: Kind,
  number: number,
  inputs: CoverageInputs,
): { witness: WitnessRecord | null; problem: string | null } {
  let witness: WitnessRecord;
  try {
    witness = witnessOf(analysis.space!, kind, number);
  } catch (error) {
    return { witness: null, problem: `no witness for ${kind.key}: ${(error as Error).message}` };
  }
  const input = evaluationInput(witness as unknown as TrafficRecord);
  const word = (allow: boolean) => (allow ? 'allow' : 'deny');
  const base = word(inputs.base.engine.evaluate(input, witness.request_id).allow);
  const head = word(inputs.head.engine.evaluate(input, witness.request_id).allow);
  const stated = kind.direction === 'newly_allowed' ? 'deny → allow' : 'allow → deny';
  if (`${base} → ${head}` === stated) return { witness, problem: null };
  return {
    witness: null,
    problem: `${witness.request_id} (${kind.key}): the compiled policies decide it ${base} → ${head}, not ${stated}`,
  };
}

function sectionOf(analysis: CoverageAnalysis, placed: SampleCoverage, inputs: CoverageInputs): CoverageRun {
  const finder =
    inputs.edits === null
      ? null
      : new CauseFinder(inputs.head.policy, inputs.base.policy, inputs.edits, inputs.unevaluable);
  const witnesses: WitnessRecord[] = [];
  const problems: string[] = [];
  const classes = analysis.kinds.map((kind, i): CoverageClass => {
    const { witness, problem } = checkedWitness(analysis, kind, i + 1, inputs);
    if (problem !== null) problems.push(problem);
    if (witness !== null) witnesses.push(witness);
    const coverage = placed.kinds.get(kind.key)!;
    return {
      key: kind.key,
      direction: kind.direction,
      ...(witness === null ? { because: [], joint: false } : becauseOf(kind, witness, inputs, finder)),
      base_by: { by: kind.base.by, rules: [...kind.base.rules] },
      head_by: { by: kind.head.by, rules: [...kind.head.rules] },
      covered_by: coverage.covered_by,
      example: coverage.example,
      witness: witness === null ? null : { id: witness.request_id, description: describeWitness(witness) },
      ...(inputs.shard ? { partial: { example_position: coverage.position } } : {}),
    };
  });
  const section = emptySection(analysis.mode, analysis.options.shape);
  setClasses(section, classes, inputs.maxGroups, inputs.shard);
  section.records.placed = placed.placed;
  section.records.partial = placed.partial;
  section.not_analysed = [
    ...analysis.notAnalysed,
    ...(analysis.capped === null ? [] : [analysis.capped]),
    ...problems,
  ];
  return { section, witnesses };
}

function emptySection(mode: CoverageSection['mode'], shape: Shape): CoverageSection {
  return {
    mode,
    shape,
    time: { exact: true, horizon: null },
    records: { placed: 0, partial: 0, outside_mcp_shape: null },
    kinds: 0,
    newly_allowed: { kinds: 0, covered: 0 },
    newly_denied: { kinds: 0, covered: 0 },
    classes: [],
    classes_total: 0,
    not_analysed: [],
  };
}

/** The coverage section of a compare replay of two policy versions, and its witnesses. */
export async function coverageOf(inputs: CoverageInputs, options: CoverageRunOptions): Promise<CoverageRun> {
  const windows = hasWindows(inputs.base.policy, inputs.head.policy);
  if (windows && inputs.firstAt === null) {
    const section = emptySection('not_analysed', options.shape);
    section.not_analysed = [
      'no record the run selects carries a time, so the windows have no horizon to start from',
    ];
    if (inputs.shard) section.partial = { any: null };
    return { section, witnesses: [] };
  }
  // Without windows the horizon decides nothing; any fixed start keeps the report reproducible.
  const start = inputs.firstAt ?? '1970-01-01T00:00:00Z';
  const time = windows
    ? { exact: false, horizon: { start, days: HORIZON_DAYS } }
    : { exact: true, horizon: null };
  if (inputs.shard) return shardCoverage(inputs, options, start, time);
  const { analysis, placed, outsideMcpShape } = analyseAgainstSample(inputs, options, start);
  const run = sectionOf(analysis, placed, inputs);
  run.section.time = time;
  run.section.records.outside_mcp_shape = outsideMcpShape;
  return run;
}

/**
 * A shard's section: whether the whole sample keeps the MCP shape is known only to merge, so
 * under `mcp` the shard also carries the `any` analysis of its records, which merge takes when
 * some shard's records broke the shape. Its witnesses are not written (merge may pick either).
 */
function shardCoverage(
  inputs: CoverageInputs,
  options: CoverageRunOptions,
  start: string,
  time: CoverageSection['time'],
): CoverageRun {
  const under = (shape: Shape) => {
    const { analysis, placed } = analysedUnder(inputs, options, start, shape);
    const { section } = sectionOf(analysis, placed, inputs);
    section.time = time;
    section.records.outside_mcp_shape = options.shape === 'any' ? null : placed.outsideShape;
    return section;
  };
  const section = under(options.shape);
  const any = options.shape === 'any' ? null : under('any');
  // The section under `any` has the shape's placement count too: the shard's own, summed by merge.
  if (any !== null) any.records.outside_mcp_shape = section.records.outside_mcp_shape;
  section.partial = { any };
  return { section, witnesses: [] };
}
