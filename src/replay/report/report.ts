import type { UnevaluableReason } from '../../unknowns/reasons.js';
import type { RuleDiff } from '../../policy/ruleDiff.js';
import type { Edit } from '../../policy/edits.js';
import { inertJson } from '../../text/workflowCommands.js';
import type { CurrentDecision, DraftDecision } from '../evaluate/recordOutcome.js';

/** The directions in the danger order of docs/report.md (the index is changeGroup()'s number). */
export const DIRECTIONS = ['newly_allowed', 'unknown_to_allow', 'newly_denied', 'unknown_to_deny'] as const;
export type ChangeDirection = (typeof DIRECTIONS)[number];
/**
 * The directions of requests the base decides and the head cannot (docs/review.md): deny →
 * unknown first, since it may hide a newly allowed request.
 */
export const LOST_DIRECTIONS = ['deny_to_unknown', 'allow_to_unknown'] as const;
export type LostDirection = (typeof LOST_DIRECTIONS)[number];
export type GroupDirection = ChangeDirection | LostDirection;

import type { RuleChange } from '../../policy/edits.js';
export type { RuleChange };

/** A cause of a change (docs/review.md): an edit, in its JSON form. */
export type BecauseEntry = Edit;

export interface SubjectCount {
  subject: string | null;
  count: number;
}

/** An example with the time it is ordered by (shard partial reports only). */
export interface TimedExample {
  request_id: string;
  occurred_at: string | null;
}

/** A group of changes; LostGroup: of requests the head can no longer judge. */
export type ChangeGroup = RequestGroup<ChangeDirection>;
export type LostGroup = RequestGroup<LostDirection>;

export interface RequestGroup<D extends GroupDirection = GroupDirection> {
  direction: D;
  count: number;
  head_rules: string[];
  base_rules: string[];
  method: string | null;
  tools: string[];
  subjects: { distinct: number; top: SubjectCount[] };
  first_at: string | null;
  last_at: string | null;
  examples: string[];
  because: BecauseEntry[];
  /** The cause set is every edit, because only their combination decides (docs/review.md). */
  joint: boolean;
  /**
   * Shard partial reports only (`replay --shard`): every subject with its count and the examples
   * with their times, so that `merge` reproduces the single run's groups exactly. Merged away.
   */
  partial?: { subjects: SubjectCount[]; examples: TimedExample[] };
}

/** One request the head decides differently from the base (docs/report.md). */
export interface Change {
  request_id: string;
  occurred_at: string | null;
  subject: string | null;
  method: string | null;
  tools: string[];
  current_decision: CurrentDecision;
  draft_decision: DraftDecision;
  matched_rule_ids: string[];
}

/**
 * Where a malformed element is (docs/decision-logs.md "Positions"): `file` only when the sample
 * has several files; `line` (1-based physical line), or `index` (0-based) for an element of a
 * decision log's JSON array (an upload body is one line).
 */
export interface MalformedExample {
  file?: string;
  line?: number;
  index?: number;
  reason: string;
}

/**
 * One row of `result.by_edit` (docs/review.md): the changes whose cause set is exactly `edits`
 * (`joint`: only the edits together decide them). Rows sum to `changes_total`.
 */
export interface ByEditRow {
  edits: Edit[];
  joint: boolean;
  newly_allowed: number;
  newly_denied: number;
  unknown_to_allow: number;
  unknown_to_deny: number;
  /** The most frequent method/tools and subjects among the row's changes (up to 3 each). */
  top: {
    calls: { method: string | null; tools: string[]; count: number }[];
    subjects: SubjectCount[];
  };
}

/**
 * Requests the base decides and the head cannot (docs/review.md "Requests the head can no longer
 * judge"): not changes, reported apart, grouped like changes (directions allow_to_unknown and
 * deny_to_unknown).
 */
export interface NewlyUnevaluable {
  from_allow: number;
  from_deny: number;
  groups: LostGroup[];
  groups_total: number;
}

export interface ReplayResult {
  evaluated: number;
  allowed: number;
  denied: number;
  unevaluable: number;
  /** Records the static rule calls unevaluable for the head (docs/unknowns.md); ≥ unevaluable. */
  unevaluable_by_reading: number;
  unevaluable_reasons: UnevaluableReason[];
  unevaluable_by_reason: Partial<Record<UnevaluableReason, number>>;
  changes: Change[];
  changes_total: number;
  newly_allowed: number;
  newly_denied: number;
  from_unknown: number;
  /** docs/explain.md: what the edit changed, by meaning; null in drift mode (no edit). */
  rule_diff: RuleDiff | null;
  /** docs/explain.md: the changes grouped (capped at meta.max_groups, uncapped in a shard report). */
  change_groups: ChangeGroup[];
  change_groups_total: number;
  /** docs/review.md: the changes by cause set; null in drift mode. */
  by_edit: ByEditRow[] | null;
  /** docs/review.md: base decided, head cannot; null in drift mode. */
  newly_unevaluable: NewlyUnevaluable | null;
  /**
   * The base's own counts over the same evaluated records (docs/review.md "Base | head | Δ"); null
   * without a base, and in drift mode.
   */
  base_counts: { allowed: number; denied: number; unevaluable: number } | null;
  /** The earliest and latest occurred_at of the replayed records (null: none carried one). */
  sample_window: { first_at: string | null; last_at: string | null };
  rule_hits: Record<string, number>;
  malformed: { count: number; examples: MalformedExample[] };
  recorded_mismatch: number;
  /** Added by the caller when manifests were given (docs/fidelity.md "In the replay report"). */
  fidelity?: object;
  /**
   * docs/coverage.md: every kind of request the edit decides differently, covered or not. Added by
   * the caller when asked for (the CLI's replay); null in drift mode and without a base or a head.
   * A shard's carries what merge needs (coverageMerge.ts).
   */
  coverage?: CoverageSection | null;
}

/** What one side's decision rested on for a kind (docs/coverage.md "Kinds"). */
export interface CoverageBasis {
  by: 'missing_context' | 'deny_rules' | 'default' | 'allow_rules' | 'no_policy';
  rules: string[];
}

/** One kind of changed request (docs/report.md "coverage"). */
export interface CoverageClass {
  key: string;
  direction: 'newly_allowed' | 'newly_denied';
  because: BecauseEntry[];
  joint: boolean;
  base_by: CoverageBasis;
  head_by: CoverageBasis;
  covered_by: number;
  /** The first sample record of the kind, or null. */
  example: string | null;
  /** Null when replaying the witness through the compiled policies did not show the change. */
  witness: { id: string; description: string } | null;
  /** Only in a shard's partial report: where `example` is in sample order, so merge takes the first. */
  partial?: { example_position: number | null };
}

export interface CoverageSection {
  mode: 'exact' | 'capped' | 'not_analysed';
  /** The request shape analysed: `any` also when `mcp` was asked for and the sample broke it. */
  shape: 'mcp' | 'any';
  /** Window memberships: exact (no window) or over a horizon from the sample's first record. */
  time: { exact: boolean; horizon: { start: string; days: number } | null };
  /** How the sample was placed: complete records placed, records with unknowns left out. */
  records: { placed: number; partial: number; outside_mcp_shape: number | null };
  kinds: number;
  newly_allowed: { kinds: number; covered: number };
  newly_denied: { kinds: number; covered: number };
  /** Capped at meta.max_groups: uncovered newly allowed first, then kind order. */
  classes: CoverageClass[];
  classes_total: number;
  not_analysed: string[];
  /**
   * Only in a shard's partial report (classes then uncapped, in kind order): under `--shape mcp`
   * the same section under `any`, which merge takes when some shard's records broke the shape.
   */
  partial?: { any: CoverageSection | null };
}

/** meta.head is `{path, sha256}`; meta.base is `{path, ref, sha256}` (ref: the commit, when known). */
export interface PolicyRef {
  path: string;
  ref?: string | null;
  sha256: string;
}

export interface ReportMeta {
  tool: 'policy-replay';
  version: string;
  opa_version: string;
  head: PolicyRef | null;
  base: PolicyRef | null;
  traffic: TrafficMeta;
  /** Lines of a decision log that are not replayed, counted (zero for our own format). */
  skipped: { non_decision: number; other_path: number };
  since: string | null;
  limit: number | null;
  /** `changed` (base and head), `added` (no base), `deleted` (no head: counts are the base's). */
  status: 'changed' | 'added' | 'deleted' | 'drift';
  excluded_without_time: number;
  max_changes: number;
  max_groups: number;
  /** docs/unknowns.md: how unevaluable is judged, for both sides. */
  unevaluable_mode: 'precise' | 'static';
  shard?: { index: number; count: number };
  /**
   * How `because` and `by_edit` were computed (docs/review.md): `counterfactual`, or `syntactic`
   * when the change has more than `max_edits` edits (or no base to revert to). Absent in drift mode.
   */
  attribution?: { method: 'counterfactual' | 'syntactic'; edits: number; max_edits: number };
}

/** One file of the sample: its path as shown, its SHA-256 as stored, elements read from it. */
export interface TrafficFileMeta {
  path: string;
  sha256: string;
  /** Non-blank lines or array elements read; null when nothing was replayed (`errors`). */
  count: number | null;
}

/**
 * The sample: `path` as given (several arguments joined by `, `), `sha256` of the files' bytes
 * concatenated in sample order (a single file's own digest), the format, and every file.
 */
export interface TrafficMeta {
  path: string;
  sha256: string;
  format: 'records' | 'opa-decision-log';
  files: TrafficFileMeta[];
}

export interface ReportError {
  file: string;
  path: string;
  line: number;
  column: number;
  message: string;
}

/** The JSON report of one policy's replay; key order is part of the byte-identical contract. */
export interface ReplayReport {
  meta: ReportMeta;
  errors: ReportError[];
  result: ReplayResult | null;
}

export const MAX_MALFORMED_EXAMPLES = 20;

/**
 * Serialises a report the one way the project does: 2-space JSON and a final newline, with `##[`
 * inside strings written `#\u0023[` so that printing the report (or `cat`-ing the file in a later
 * workflow step) issues no workflow command (README "Security model").
 */
export function reportToJson(value: unknown): string {
  return `${inertJson(JSON.stringify(value, null, 2))}\n`;
}

/**
 * Keeps the first MAX_MALFORMED_EXAMPLES examples by (position, reason): sample order, and an
 * order a shard merge reproduces when a minified `.json` array puts many records on one line.
 */
export function keepFirstExamples<E extends MalformedExample>(examples: E[], example: E): void {
  const full = examples.length >= MAX_MALFORMED_EXAMPLES;
  if (full && compareExamples(example, examples[examples.length - 1]!) >= 0) return;
  let at = examples.length;
  while (at > 0 && compareExamples(examples[at - 1]!, example) > 0) at--;
  examples.splice(at, 0, example);
  if (examples.length > MAX_MALFORMED_EXAMPLES) examples.pop();
}

/**
 * The report's order of malformed examples: by file (files are read in this sorted order), then
 * line or element index, then reason.
 */
export function compareExamples(a: MalformedExample, b: MalformedExample): number {
  const fa = a.file ?? '';
  const fb = b.file ?? '';
  if (fa !== fb) return fa < fb ? -1 : 1;
  return (
    (a.line ?? a.index ?? 0) - (b.line ?? b.index ?? 0) ||
    (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0)
  );
}
