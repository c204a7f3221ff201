/**
 * The drift report of a Rego policy (docs/rego.md "Drift"), as the rule documents' drift report
 * names it so nobody reads a drift as a pull request's change: `drift_total`, `drifts` with the
 * recorded and the replayed decision, `drift_groups`, `without_recorded_decision`, in drift's order
 * (recorded allow → now denied first; the aggregator kept and cut them in that order). The replay
 * report of drift mode renamed, nothing computed again; compare-only fields are left out. Pure.
 */
import type { RegoChangeKind } from '../regoPolicy/classify.js';
import {
  REGO_DRIFT_DIRECTIONS,
  type RegoChangeRow,
  type RegoDecision,
  type RegoGroup,
  type RegoMeta,
  type RegoReport,
  type RegoResult,
  type RegoRevisionRow,
} from './regoReport.js';
import type { ReportError } from '../replay/report/report.js';

export interface RegoDrift {
  request_id: string;
  occurred_at: string | null;
  change: RegoChangeKind;
  recorded_decision: RegoDecision;
  replayed_decision: RegoDecision;
  /** At most 3: a JSON pointer into the result, the logged value and the replayed one. */
  differences: { pointer: string; recorded: string | null; replayed: string | null }[];
  /** The replay's failure message (`error` drifts); a logged result never failed. */
  error: string | null;
}

type DriftCounts = Record<(typeof REGO_DRIFT_DIRECTIONS)[number], number>;

/** What a drift report says as a replay report does. */
type Shared =
  | 'evaluated'
  | 'allowed'
  | 'denied'
  | 'unevaluable'
  | 'unevaluable_reasons'
  | 'unevaluable_by_reason'
  | 'sample_window'
  | 'malformed'
  | 'evaluation'
  | 'fidelity';

export interface RegoDriftResult extends DriftCounts, Pick<RegoResult, Shared> {
  /** Events whose result the mask erased or masked: nothing recorded to drift from. */
  without_recorded_decision: number;
  drift_total: number;
  drifts: RegoDrift[];
  /** Grouped as changes are, direction recorded → now; `because` is always empty (no edit). */
  drift_groups: RegoGroup[];
  drift_groups_total: number;
  policy_revisions: RegoRevisionRow[];
}

export interface RegoDriftReport {
  meta: RegoMeta;
  errors: ReportError[];
  result: RegoDriftResult | null;
}

/** A drift-mode replay report under drift's names. */
export function toRegoDriftReport(report: RegoReport): RegoDriftReport {
  const r = report.result;
  if (r === null) return { meta: report.meta, errors: report.errors, result: null };
  return {
    meta: report.meta,
    errors: report.errors,
    result: {
      evaluated: r.evaluated,
      allowed: r.allowed,
      denied: r.denied,
      unevaluable: r.unevaluable,
      unevaluable_reasons: r.unevaluable_reasons,
      unevaluable_by_reason: r.unevaluable_by_reason,
      without_recorded_decision: r.without_recorded_result ?? 0,
      drift_total: r.changes_total,
      ...(Object.fromEntries(REGO_DRIFT_DIRECTIONS.map((d) => [d, r[d]])) as DriftCounts),
      drifts: r.changes.map(driftOf),
      drift_groups: r.change_groups,
      drift_groups_total: r.change_groups_total,
      policy_revisions: r.policy_revisions ?? [],
      sample_window: r.sample_window,
      malformed: r.malformed,
      evaluation: r.evaluation,
      ...(r.fidelity === undefined ? {} : { fidelity: r.fidelity }),
    },
  };
}

function driftOf(row: RegoChangeRow): RegoDrift {
  return {
    request_id: row.request_id,
    occurred_at: row.occurred_at,
    change: row.change,
    recorded_decision: row.current_decision,
    replayed_decision: row.draft_decision,
    differences: row.differences.map((d) => ({ pointer: d.pointer, recorded: d.base, replayed: d.head })),
    error: row.errors.head,
  };
}
