import type { WitnessRecord } from '../coverage/witness.js';
import type { GateFailure } from '../gate/gate.js';
import type { ReplayReport, ReportError } from '../replay/report/report.js';
import type { DriftReport } from '../replay/drift.js';
import type { RegoReport } from '../regoReplay/regoReport.js';
import type { RegoDriftReport } from '../regoReplay/regoDriftReport.js';
import type { ChangeAnnotation } from './annotations.js';
import type { ImpactParts } from './impact.js';

/**
 * Why a policy was not judged (policyFailure.ts, evidence.ts): `untrusted-evidence`,
 * `ambiguous-sample` or `replay-failed`, annotated at `file`; fails the run whatever `fail-on`.
 */
export interface PolicyBlocker extends ReportError {
  rule: string;
}

/** One policy the run looked at. */
export interface PolicyOutcome {
  path: string;
  /** How the PR touched it; `scheduled` for drift runs. */
  status: 'added' | 'modified' | 'renamed' | 'removed' | 'scheduled';
  previous_path: string | null;
  traffic: string | null;
  /** The sample paths looked at, in order (the first that exists is `traffic`). */
  traffic_looked: string[];
  manifests: string | null;
  /** No sample was found: nothing replayed (the gate's `no-traffic`). */
  no_traffic: boolean;
  /** Problems of the head policy when it could not be replayed (also inside `report`). */
  errors: ReportError[];
  /** Problems of the base version: it was not compared, every current decision is `unknown`. */
  base_errors?: ReportError[];
  /** Present when the policy could not be judged: it was not replayed (or not to the end). */
  blockers?: PolicyBlocker[];
  /** Pull requests: the replay report. */
  report: ReplayReport | null;
  /** Rego bundle roots (docs/rego.md "The Action"): the Rego replay report (and `report` is null). */
  rego_report?: RegoReport;
  /** Drift runs: the drift report (and `report` is null). */
  drift?: DriftReport;
  /** Unified diff of the generated Rego, base → head ('' when none). Not in the JSON report. */
  rego_diff?: string;
  /** Pull requests: the annotations on the edited rules (docs/explain.md). Not in the JSON report. */
  annotations?: ChangeAnnotation[];
  /** Pull requests: what the impact digest needs beyond the report (impact.ts). Not in the JSON report. */
  impact?: ImpactParts;
  /** Pull requests: the coverage witnesses (witnessFiles.ts). Not in the JSON report. */
  witnesses?: WitnessRecord[];
}

/** The one JSON report a run writes (the `report` output points at it). */
export interface RunReport {
  tool: 'policy-replay';
  version: string;
  mode: 'pull-request' | 'drift';
  repository: string;
  pull_request: number | null;
  base_sha: string | null;
  head_sha: string | null;
  /**
   * Pull requests: the commits the policies were judged between (judgedCommits.ts): the merge
   * commit against the base tip, or the head against the merge base. Null in drift mode.
   */
  judged: { against: 'base-tip' | 'merge-base'; base_sha: string; head_sha: string } | null;
  verdict: 'pass' | 'fail';
  failed: GateFailure[];
  /**
   * Pull requests: the impact digest and its acceptance (docs/review.md). `accepted_by`: the
   * verdict is `pass` because that maintainer accepted this very impact, and `failed` lists what was
   * accepted; `voided`: an acceptance of another impact that this one no longer carries. Null in
   * drift mode and when no policy changed.
   */
  impact: {
    digest: string;
    accepted_by: string | null;
    voided: { accepted_by: string; digest: string } | null;
  } | null;
  /** A Rego root's drift report is written under drift's names (regoDriftReport.ts). */
  policies: (Omit<PolicyOutcome, 'rego_diff' | 'annotations' | 'impact' | 'witnesses' | 'rego_report'> & {
    rego_report?: RegoReport | RegoDriftReport;
  })[];
}

export interface RunTotals {
  evaluated: number;
  allowed: number;
  denied: number;
  unevaluable: number;
  changesTotal: number;
  newlyAllowed: number;
  worstFidelity: string | null;
}

const LEVEL_ORDER = ['exact', 'controlled', 'partial', 'unreplayable'];

export function runTotals(policies: readonly PolicyOutcome[]): RunTotals {
  const totals: RunTotals = {
    evaluated: 0,
    allowed: 0,
    denied: 0,
    unevaluable: 0,
    changesTotal: 0,
    newlyAllowed: 0,
    worstFidelity: null,
  };
  for (const p of policies) {
    const r = p.report?.result ?? p.drift?.result ?? p.rego_report?.result;
    if (!r) continue;
    totals.evaluated += r.evaluated;
    totals.allowed += r.allowed;
    totals.denied += r.denied;
    totals.unevaluable += r.unevaluable;
    // A Rego change that only changed the result is not a changed decision (the gate's count).
    // A drift is any drift, as the gate's `drift` counts it.
    const resultOnly = 'evaluation' in r && p.rego_report?.meta.status !== 'drift' ? r.result_changed : 0;
    totals.changesTotal += 'drift_total' in r ? r.drift_total : r.changes_total - resultOnly;
    totals.newlyAllowed += r.newly_allowed;
    const worst = (r.fidelity as { worst?: string | null } | undefined)?.worst ?? null;
    if (
      worst !== null &&
      (totals.worstFidelity === null ||
        LEVEL_ORDER.indexOf(worst) > LEVEL_ORDER.indexOf(totals.worstFidelity))
    ) {
      totals.worstFidelity = worst;
    }
  }
  return totals;
}
