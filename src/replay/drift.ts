import type { RunReplayResult } from './run.js';
import type {
  Change,
  ChangeDirection,
  ChangeGroup,
  MalformedExample,
  ReplayReport,
} from './report/report.js';
import { compareGroups } from './report/changeGroups.js';
import type { UnevaluableReason } from '../unknowns/reasons.js';

/** A recorded live decision the saved policy no longer reproduces. */
export interface Drift {
  request_id: string;
  occurred_at: string | null;
  subject: string | null;
  method: string | null;
  tools: string[];
  recorded_decision: 'allow' | 'deny';
  replayed_decision: 'allow' | 'deny';
  matched_rule_ids: string[];
}

export interface DriftResult {
  evaluated: number;
  allowed: number;
  denied: number;
  unevaluable: number;
  unevaluable_by_reading: number;
  unevaluable_reasons: UnevaluableReason[];
  unevaluable_by_reason: Partial<Record<UnevaluableReason, number>>;
  without_recorded_decision: number;
  drift_total: number;
  newly_allowed: number;
  newly_denied: number;
  drifts: Drift[];
  /**
   * The drifts grouped like a replay's changes (docs/explain.md): direction = recorded → now, the
   * head rules are the saved policy's, base_rules and because are always empty.
   */
  drift_groups: ChangeGroup[];
  drift_groups_total: number;
  policy_revisions: { revision: string | null; records: number; drift: number }[];
  /** The earliest and latest occurred_at of the replayed records, when the replay reports them. */
  sample_window?: { first_at: string | null; last_at: string | null };
  rule_hits: Record<string, number>;
  malformed: { count: number; examples: MalformedExample[] };
  fidelity?: object;
}

export interface DriftReport {
  meta: ReplayReport['meta'];
  errors: ReplayReport['errors'];
  result: DriftResult | null;
}

/**
 * The drift report (docs/report.md "The drift report"): the replay in drift mode, renamed so nobody reads
 * a drift as a PR change. `newly_allowed` = recorded deny, replayed allow.
 */
export function toDriftReport(run: RunReplayResult): DriftReport {
  const { report, outcome } = run;
  if (!report.result || !outcome) return { meta: report.meta, errors: report.errors, result: null };
  const r = report.result;
  const revisions = [...outcome.revisions.entries()]
    .map(([revision, stats]) => ({ revision, records: stats.records, drift: stats.drift }))
    .sort((a, b) => b.drift - a.drift || compareRevision(a.revision, b.revision));
  return {
    meta: report.meta,
    errors: [],
    result: {
      evaluated: r.evaluated,
      allowed: r.allowed,
      denied: r.denied,
      unevaluable: r.unevaluable,
      unevaluable_by_reading: r.unevaluable_by_reading,
      unevaluable_reasons: r.unevaluable_reasons,
      unevaluable_by_reason: r.unevaluable_by_reason,
      without_recorded_decision: outcome.withoutRecordedDecision,
      drift_total: r.changes_total,
      newly_allowed: r.newly_allowed,
      newly_denied: r.newly_denied,
      drifts: r.changes.map(toDrift),
      // The replay kept every group: reordered for drift before the same cap is applied.
      drift_groups: driftOrdered(outcome.groups.map((t) => t.group)).slice(0, r.change_groups.length),
      drift_groups_total: r.change_groups_total,
      policy_revisions: revisions,
      ...(r.sample_window ? { sample_window: r.sample_window } : {}),
      rule_hits: r.rule_hits,
      malformed: r.malformed,
      ...(r.fidelity ? { fidelity: r.fidelity } : {}),
    },
  };
}

/** Drift's direction order (docs/drift.md "Order"): recorded allow → deny first. */
export const DRIFT_DIRECTIONS: readonly ChangeDirection[] = [
  'newly_denied',
  'newly_allowed',
  'unknown_to_allow',
  'unknown_to_deny',
];

/** Groups in drift's direction order, then as a replay orders them (count, then the key). */
export function driftOrdered(groups: readonly ChangeGroup[]): ChangeGroup[] {
  return [...groups].sort(
    (a, b) =>
      DRIFT_DIRECTIONS.indexOf(a.direction) - DRIFT_DIRECTIONS.indexOf(b.direction) || compareGroups(a, b),
  );
}

export function compareRevision(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function toDrift(change: Change): Drift {
  return {
    request_id: change.request_id,
    occurred_at: change.occurred_at,
    subject: change.subject,
    method: change.method,
    tools: change.tools,
    recorded_decision: change.current_decision as 'allow' | 'deny',
    replayed_decision: change.draft_decision,
    matched_rule_ids: change.matched_rule_ids,
  };
}
