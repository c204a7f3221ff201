import type { DriftReport } from '../replay/drift.js';
import { groupTextCells } from './groupTable.js';
import { countText as n, percentText } from './numbers.js';
import {
  plain,
  terminal,
  requestTable,
  UNEVALUABLE_MEANING,
  type Terminal,
  type TextOptions,
} from './terminal.js';
import { headerLines, malformedLines, ruleHitLines, unevaluableLines } from './text.js';

type Result = NonNullable<DriftReport['result']>;

/**
 * Pure: the drift report for a terminal, in the replay text's layout and number formats, every
 * line within `options.width` columns; what the live gateway let through that the head denies
 * comes first (docs/drift.md).
 */
export function renderDriftText(report: DriftReport, options: TextOptions): string {
  const t = terminal(options);
  const r = report.result;
  const out = headerLines(report.meta, t, { headNote: '  (saved policy)', window: r?.sample_window });
  if (!r) {
    out.push(
      '',
      t.paint.red(
        t.paint.bold(t.fit(`invalid policy: ${report.errors.length} problem(s), nothing replayed`)),
      ),
    );
    for (const e of report.errors)
      out.push(t.fit(`  ${e.file}:${e.line}:${e.column}: ${e.path || '(document)'}: ${e.message}`));
    return `${out.join('\n')}\n`;
  }
  out.push(
    '',
    ...countLines(r, t),
    ...groupLines(r, t),
    ...revisionLines(r, t),
    ...unevaluableLines(r, t),
    ...driftLines(r, t),
    ...malformedLines(r, t),
    ...ruleHitLines('rule hits (head)', r.rule_hits, t),
  );
  return `${out.join('\n')}\n`;
}

function countLines(r: Result, t: Terminal): string[] {
  const p = t.paint;
  const exposure = t.fit(
    `exposure ${n(r.newly_denied)} request${r.newly_denied === 1 ? '' : 's'} the live gateway allowed ${r.newly_denied === 1 ? 'is' : 'are'} denied by the head`,
  );
  const drift = t.fit(
    `drift    ${n(r.drift_total)} total: ${n(r.newly_denied)} recorded allow, now denied; ${n(r.newly_allowed)} recorded deny, now allowed`,
  );
  return [
    t.fit(`decisions: allowed, denied or ${UNEVALUABLE_MEANING}`),
    ...t.table(
      ['', 'evaluated', 'allowed', 'denied', 'unevaluable', 'malformed', 'no recorded decision'],
      [
        [
          'head',
          n(r.evaluated),
          n(r.allowed),
          n(r.denied),
          n(r.unevaluable),
          n(r.malformed.count),
          n(r.without_recorded_decision),
        ],
      ],
    ),
    '',
    r.newly_denied > 0 ? p.red(p.bold(exposure)) : exposure,
    r.newly_allowed > 0 ? p.yellow(drift) : r.drift_total === 0 ? p.green(drift) : drift,
  ];
}

function groupLines(r: Result, t: Terminal): string[] {
  if (r.drift_groups_total === 0) return [];
  return [
    '',
    t.paint.bold(
      t.fit(
        `what drifted (showing ${n(r.drift_groups.length)} of ${n(r.drift_groups_total)} groups, recorded allow → deny first)`,
      ),
    ),
    ...t.table(
      ['drift', 'requests', 'subjects', 'method and tools', 'head rules'],
      r.drift_groups.map((g) => groupTextCells(g, 'drift', plain)),
      ['drift', 'requests'],
    ),
  ];
}

/** Per recorded policy_revision: drift on one revision points at the deployment that differs. */
function revisionLines(r: Result, t: Terminal): string[] {
  if (r.policy_revisions.length === 0) return [];
  return [
    '',
    t.paint.bold(t.fit('by recorded policy_revision')),
    ...t.table(
      ['revision', 'records', 'drifted', 'drifted %', 'note'],
      r.policy_revisions.map((v) => [
        v.revision === null ? '(none)' : plain(v.revision),
        n(v.records),
        n(v.drift),
        percentText(v.drift, v.records),
        v.revision !== null && v.drift === 0 && v.records > 0 ? 'matches the head' : '',
      ]),
    ),
  ];
}

function driftLines(r: Result, t: Terminal): string[] {
  if (r.drifts.length === 0) return [];
  return requestTable(
    t,
    `drifts (showing ${n(r.drifts.length)} of ${n(r.drift_total)}, recorded allow → deny first)`,
    ['recorded', 'head'],
    r.drifts.map((d) => ({ ...d, decisions: [d.recorded_decision, d.replayed_decision] })),
  );
}
