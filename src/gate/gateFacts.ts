import type { CoverageFacts, GateFacts } from './gate.js';
import type { CoverageSection, ReplayReport } from '../replay/report/report.js';
import type { DriftReport } from '../replay/drift.js';
import type { RegoReport } from '../regoReplay/regoReport.js';

interface FidelityFacts {
  worst: GateFacts['fidelityWorst'];
  invalid: number;
  blocking_gaps: { manifests: number }[];
}

/** What the gate needs to know about one policy's report (a replay or a drift report). */
export function gateFactsOf(report: ReplayReport | DriftReport, extra: Partial<GateFacts> = {}): GateFacts {
  if (report.result && 'drift_total' in report.result) {
    const d = report.result;
    const fidelity = d.fidelity as FidelityFacts | undefined;
    return {
      path: report.meta.head?.path ?? '',
      invalid: false,
      noTraffic: false,
      evaluated: d.evaluated,
      unevaluable: d.unevaluable,
      changesTotal: 0,
      newlyAllowed: 0,
      newlyDenied: 0,
      malformed: d.malformed.count,
      ...fidelityFacts(fidelity),
      driftTotal: d.drift_total,
      ...extra,
    };
  }
  const r = (report as ReplayReport).result;
  const fidelity = r?.fidelity as FidelityFacts | undefined;
  return {
    path: report.meta.head?.path ?? report.meta.base?.path ?? '',
    invalid: report.errors.length > 0,
    noTraffic: false,
    deleted: report.meta.status === 'deleted',
    evaluated: r?.evaluated ?? 0,
    unevaluable: r?.unevaluable ?? 0,
    changesTotal: r?.changes_total ?? 0,
    newlyAllowed: r?.newly_allowed ?? 0,
    newlyDenied: r?.newly_denied ?? 0,
    newlyUnevaluable: (r?.newly_unevaluable?.from_allow ?? 0) + (r?.newly_unevaluable?.from_deny ?? 0),
    malformed: r?.malformed.count ?? 0,
    ...fidelityFacts(fidelity),
    ...(r?.coverage ? { coverage: coverageFacts(r.coverage) } : {}),
    ...extra,
  };
}

/**
 * The section counts kinds by direction and coverage over every kind, not only the classes shown,
 * so the rule sees kinds beyond `max_groups`.
 */
function coverageFacts(section: CoverageSection): CoverageFacts {
  return {
    mode: section.mode,
    uncoveredNewlyAllowed: section.newly_allowed.kinds - section.newly_allowed.covered,
    reasons: section.not_analysed,
  };
}

/**
 * What the gate knows about a Rego replay (docs/rego.md): a changed result alone is not a changed
 * decision, so `changes` counts every change but `result_changed`, which its own rule judges.
 */
export function gateFactsOfRego(report: RegoReport): GateFacts {
  const r = report.result;
  const drift = report.meta.status === 'drift';
  const changes = r === null ? 0 : r.changes_total - r.result_changed;
  return {
    path: report.meta.head?.path ?? '',
    invalid: report.errors.length > 0,
    noTraffic: false,
    deleted: report.meta.status === 'deleted',
    evaluated: r?.evaluated ?? 0,
    unevaluable: r?.unevaluable ?? 0,
    changesTotal: drift ? 0 : changes,
    newlyAllowed: drift ? 0 : (r?.newly_allowed ?? 0),
    newlyDenied: drift ? 0 : (r?.newly_denied ?? 0),
    newlyUnevaluable: (r?.newly_unevaluable?.from_allow ?? 0) + (r?.newly_unevaluable?.from_deny ?? 0),
    resultChanged: drift ? 0 : (r?.result_changed ?? 0),
    malformed: r?.malformed.count ?? 0,
    ...fidelityFacts(r?.fidelity as FidelityFacts | undefined),
    ...(drift ? { driftTotal: r?.changes_total ?? 0 } : {}),
  };
}

function fidelityFacts(fidelity: FidelityFacts | undefined) {
  return {
    fidelityWorst: fidelity?.worst ?? null,
    blockingGaps: fidelity ? fidelity.blocking_gaps.reduce((sum, g) => sum + g.manifests, 0) : 0,
    invalidManifests: fidelity?.invalid ?? 0,
  };
}
