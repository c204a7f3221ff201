/**
 * The report of a raw-Rego replay (docs/rego.md "The report"): the replay report's shape (meta,
 * errors, result with the same buckets, counts, changes, groups, `by_edit`, base counts, sample
 * window and malformed examples), with what a Rego decision adds: the new change directions, each
 * change's result differences and failure messages, the edits as Rego rules and data paths, and how
 * each side was evaluated. Types only, and the edits' JSON form.
 */
import type { ReportError, ReportMeta } from '../replay/report/report.js';
import type { MalformedExample } from '../replay/report/report.js';
import type { RegoChangeKind } from '../regoPolicy/classify.js';
import type { ResultDifference } from '../regoPolicy/resultDiff.js';
import type { RegoEdit } from '../regoPolicy/regoEdits.js';
import type { GroupPartial } from './regoGroups.js';

/** A side's decision of a request: `none` when a defined result does not have the mapped shape. */
export type RegoDecision = 'allow' | 'deny' | 'unknown' | 'error' | 'none';

/**
 * The danger order of the directions (changes, groups and the comment list them so): as for rule
 * documents, newly allowed, unknown → allow, newly denied, unknown → deny, each with the Rego
 * direction that comes closest after it.
 */
export const REGO_DIRECTIONS = [
  'newly_allowed',
  'unknown_to_allow',
  'undefined_to_defined',
  'newly_denied',
  'unknown_to_deny',
  'defined_to_undefined',
  'error',
  'result_changed',
] as const satisfies readonly RegoChangeKind[];

/**
 * Drift's order, as for rule documents: what the service allowed and the policy now denies first,
 * then newly allowed, each with the Rego direction closest to it, then from unknown (a logged
 * result the mapping cannot read).
 */
export const REGO_DRIFT_DIRECTIONS = [
  'newly_denied',
  'defined_to_undefined',
  'newly_allowed',
  'undefined_to_defined',
  'unknown_to_allow',
  'unknown_to_deny',
  'error',
  'result_changed',
] as const satisfies readonly RegoChangeKind[];

/** The order a report of this mode lists its directions in. */
export const directionOrder = (mode: 'compare' | 'drift'): readonly RegoChangeKind[] =>
  mode === 'drift' ? REGO_DRIFT_DIRECTIONS : REGO_DIRECTIONS;

/** An edit in the report: a rule by its reference and where it starts in the head, or a data path. */
export type RegoEditEntry =
  | { kind: 'rule'; ref: string; change: RegoEdit['change']; file: string; line: number }
  | { kind: 'data'; pointer: string; change: RegoEdit['change'] };

export function editEntry(edit: RegoEdit): RegoEditEntry {
  return edit.kind === 'rule'
    ? { kind: 'rule', ref: edit.ref, change: edit.change, file: edit.location.file, line: edit.location.line }
    : { kind: 'data', pointer: edit.pointer, change: edit.change };
}

export interface RegoChangeRow {
  request_id: string;
  occurred_at: string | null;
  change: RegoChangeKind;
  current_decision: RegoDecision;
  draft_decision: RegoDecision;
  /** At most MAX_DIFFERENCES, each a JSON pointer into the result with both sides' values. */
  differences: ResultDifference[];
  /** The failure messages of a side that failed (`error` changes). */
  errors: { base: string | null; head: string | null };
  because: RegoEditEntry[];
  joint: boolean;
}

/**
 * The requests the base decides and the head cannot, as for rule documents: not changes, but a
 * denied one may hide a newly allowed request, so it comes first.
 */
export const REGO_LOST_DIRECTIONS = ['deny_to_unknown', 'allow_to_unknown'] as const;
export type RegoLostDirection = (typeof REGO_LOST_DIRECTIONS)[number];

export interface RegoGroup<D extends string = RegoChangeKind> {
  direction: D;
  because: RegoEditEntry[];
  joint: boolean;
  count: number;
  first_at: string | null;
  last_at: string | null;
  examples: string[];
}

export type DirectionCounts = Record<RegoChangeKind, number>;

export interface RegoByEditRow extends DirectionCounts {
  edits: RegoEditEntry[];
  joint: boolean;
}

/** How the sides were evaluated (docs/rego.md "Unknown input"): the imprecision is counted here. */
export interface RegoEvaluationStats {
  /** Records a side evaluated by partial evaluation (an erased or masked part it can read). */
  partial: { base: number; head: number };
  /** Of those, the ones partial evaluation left undecided (`input_not_recorded`). */
  partial_unevaluable: { base: number; head: number };
  /** Whether a side reads the whole input (then every unknown is read, and nothing is cached). */
  whole_input: { base: boolean; head: boolean };
  /** Non-deterministic built-ins a side reached without a recorded result, by name. */
  nd_builtin_not_recorded: Record<string, number>;
  /**
   * The erased or masked pointers that left a side unevaluable (`input_not_recorded`), with how
   * many evaluations each did; at most 100 pointers, the rest under `(other pointers)`.
   */
  input_not_recorded: Record<string, number>;
}

export interface RegoResult {
  evaluated: number;
  allowed: number;
  denied: number;
  unevaluable: number;
  unevaluable_reasons: string[];
  unevaluable_by_reason: Record<string, number>;
  changes: RegoChangeRow[];
  changes_total: number;
  newly_allowed: number;
  newly_denied: number;
  /** The base could not be evaluated, or there is no base (a new policy), and the head decides. */
  unknown_to_allow: number;
  unknown_to_deny: number;
  /** unknown_to_allow + unknown_to_deny, named as in the rule documents' report. */
  from_unknown: number;
  undefined_to_defined: number;
  defined_to_undefined: number;
  error: number;
  result_changed: number;
  /** The edits of the change (without a base: every rule and data path, added); null in drift mode. */
  edits: RegoEditEntry[] | null;
  change_groups: RegoGroup[];
  change_groups_total: number;
  by_edit: RegoByEditRow[] | null;
  /** Requests the base decides and the head cannot, with their groups; null in drift mode. */
  newly_unevaluable: {
    from_allow: number;
    from_deny: number;
    groups: RegoGroup<RegoLostDirection>[];
    groups_total: number;
  } | null;
  base_counts: { allowed: number; denied: number; unevaluable: number } | null;
  sample_window: { first_at: string | null; last_at: string | null };
  malformed: { count: number; examples: MalformedExample[] };
  /** Compare mode: records whose head result differs from the recorded one. */
  recorded_mismatch: number;
  /** Drift mode: records whose result was erased or masked (nothing recorded to compare with). */
  without_recorded_result: number | null;
  /** Drift mode: the events decided on both sides and the drifts among them, by policy revision. */
  policy_revisions: RegoRevisionRow[] | null;
  evaluation: RegoEvaluationStats;
  /** With manifests: the fidelity section, as for rule documents (docs/fidelity.md). */
  fidelity?: object;
  /** Only in a shard's partial report (`--shard`): what `merge` needs to give the single run's report. */
  partial?: RegoPartial;
}

/** A shard's kept changes (the most recent of each direction) and every group, before any cap. */
export interface RegoPartial {
  changes: RegoChangeRow[];
  /** Each group with its examples' `occurred_at`, one per example: merge keeps the most recent three. */
  groups: GroupPartial<RegoChangeKind>[];
  /** The same for the requests the head can no longer judge (null in drift mode). */
  lost_groups: GroupPartial<RegoLostDirection>[];
}

export interface RegoMeta extends ReportMeta {
  policy_kind: 'rego';
  rego: {
    decision_path: string;
    mapping: { kind: 'boolean' } | { kind: 'field'; field: string } | { kind: 'deny-when-nonempty' };
    rego_version: { base: 'v0' | 'v1' | null; head: 'v0' | 'v1' | null };
    engine_version: string;
  };
}

export interface RegoReport {
  meta: RegoMeta;
  errors: ReportError[];
  result: RegoResult | null;
}

export interface RegoRevisionRow {
  /** The bundle revision the service decided with (`--bundle` names the bundle); null: none logged. */
  revision: string | null;
  records: number;
  drift: number;
}

/**
 * The order of `by_edit` rows, as for rule documents: newly allowed descending, then newly
 * denied descending; Rego's other directions next, each descending in danger order; then the
 * edits' text, then a joint row after its edits alone.
 */
export function compareEditRows(a: RegoByEditRow, b: RegoByEditRow): number {
  const order = [
    'newly_allowed',
    'newly_denied',
    ...REGO_DIRECTIONS.filter((d) => d !== 'newly_allowed' && d !== 'newly_denied'),
  ] as const;
  for (const d of order) if (a[d] !== b[d]) return b[d] - a[d];
  const [x, y] = [JSON.stringify(a.edits), JSON.stringify(b.edits)];
  return (x < y ? -1 : x > y ? 1 : 0) || Number(a.joint) - Number(b.joint);
}

/**
 * Why `because` was read rather than replayed when attribution fell back (docs/rego.md "The
 * report"): the views say so, as the rule documents' do. No line when each change was attributed
 * by reverting edits.
 */
export function fallbackNote(meta: Pick<RegoMeta, 'attribution' | 'status'>): string[] {
  const { attribution } = meta;
  if (attribution?.method !== 'syntactic') return [];
  const why =
    meta.status === 'added'
      ? 'there is no base to revert edits to (a new policy)'
      : attribution.edits > attribution.max_edits
        ? `this change has ${attribution.edits} edits, more than the ${attribution.max_edits} that --max-attribution-edits allows`
        : 'the base and the head are of different Rego versions, so no edit can be reverted alone';
  return [`Causes not replayed: ${why}; "because" names every edit the decision can reach.`];
}
