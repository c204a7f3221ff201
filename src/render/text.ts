import type { ReplayReport } from '../replay/report/report.js';
import { describePosition } from '../traffic/sample.js';
import { UNEVALUABLE_ADVICE } from './advice.js';
import { groupTextCells } from './groupTable.js';
import { editLabel } from './editLabel.js';
import { coverageLines } from './coverageText.js';
import { countText as n } from './numbers.js';
import {
  plain,
  terminal,
  timeCell,
  requestTable,
  UNEVALUABLE_MEANING,
  type Terminal,
  type TextOptions,
} from './terminal.js';

export type { TextOptions } from './terminal.js';

type Meta = ReplayReport['meta'];
type Result = NonNullable<ReplayReport['result']>;

/**
 * Pure: the terminal report for a person, every line within `options.width` columns. Colour only
 * when asked (the CLI asks on a TTY).
 */
export function renderReplayText(report: ReplayReport, options: TextOptions): string {
  const t = terminal(options);
  const p = t.paint;
  const m = report.meta;
  const out = headerLines(m, t, { window: report.result?.sample_window });
  out.push('');
  if (report.errors.length > 0 || report.result === null) {
    out.push(p.red(p.bold(t.fit(`invalid policy: ${report.errors.length} problem(s), nothing replayed`))));
    for (const e of report.errors)
      out.push(t.fit(`  ${e.file}:${e.line}:${e.column}: ${e.path || '(document)'}: ${e.message}`));
    return `${out.join('\n')}\n`;
  }
  const r = report.result;
  out.push(
    ...countLines(m, r, t),
    ...byEditLines(r, t),
    ...coverageLines(r, t),
    ...groupLines(r, t),
    ...unevaluableLines(r, t),
    ...changeLines(r, t),
    ...malformedLines(r, t),
    ...fidelityLines(r, t),
    ...ruleHitLines(
      m.status === 'deleted' ? 'rule hits (base: the policy is deleted)' : 'rule hits (head)',
      r.rule_hits,
      t,
    ),
  );
  return `${out.join('\n')}\n`;
}

/** The versions, the policies and the sample; shared with the drift text (`headNote`). */
export function headerLines(
  m: Meta,
  t: Terminal,
  extra: { headNote?: string; window?: Result['sample_window'] } = {},
): string[] {
  const headNote = extra.headNote ?? '';
  const out: string[] = [];
  out.push(t.paint.bold(t.fit(`policy-replay ${m.version} (OPA ${m.opa_version})`)));
  if (m.head)
    out.push(t.fit(`head     ${plain(m.head.path)}  sha256:${m.head.sha256.slice(0, 12)}${headNote}`));
  if (m.base) out.push(t.fit(`base     ${plain(m.base.path)}  sha256:${m.base.sha256.slice(0, 12)}`));
  else if (m.status === 'added')
    out.push(t.fit('base     (none: a new policy; every scoreable request is a change from unknown)'));
  out.push(t.fit(`traffic  ${plain(m.traffic.path)}  sha256:${m.traffic.sha256.slice(0, 12)}`));
  const files = m.traffic.files;
  if (files.length > 1)
    out.push(
      t.fit(
        `         ${n(files.length)} files in path order: ${plain(files[0]!.path)} … ${plain(files[files.length - 1]!.path)}`,
      ),
    );
  if (m.traffic.format === 'opa-decision-log') {
    out.push(
      t.fit(
        `         OPA decision log: ${n(m.skipped.non_decision)} other log lines and ${n(m.skipped.other_path)} decisions of other paths skipped`,
      ),
    );
  }
  if (extra.window?.first_at && extra.window.last_at)
    out.push(t.fit(`window   ${timeCell(extra.window.first_at)} – ${timeCell(extra.window.last_at)}`));
  if (m.since !== null || m.limit !== null) {
    out.push(
      t.fit(
        `filter   since ${m.since ?? '-'}, limit ${m.limit ?? '-'}, ${n(m.excluded_without_time)} excluded without a time`,
      ),
    );
  }
  return out;
}

/** The decisions of each side, the decided-although-unevaluable note and the changes line. */
function countLines(m: Meta, r: Result, t: Terminal): string[] {
  const p = t.paint;
  const out: string[] = [];
  if (m.status === 'deleted')
    out.push(p.bold(t.fit('policy deleted: the counts below are what the base decided')), '');
  out.push(t.fit(`decisions: allowed, denied or ${UNEVALUABLE_MEANING}`));
  const base = r.base_counts;
  const side = m.status === 'deleted' ? 'base' : 'head';
  out.push(
    ...t.table(
      ['', 'evaluated', 'allowed', 'denied', 'unevaluable', 'malformed'],
      [
        ...(base && m.status !== 'deleted'
          ? [
              [
                'base',
                n(r.evaluated),
                n(base.allowed),
                n(base.denied),
                n(base.unevaluable),
                n(r.malformed.count),
              ],
            ]
          : []),
        [side, n(r.evaluated), n(r.allowed), n(r.denied), n(r.unevaluable), n(r.malformed.count)],
      ],
    ),
  );
  const decided = r.unevaluable_by_reading - r.unevaluable;
  if (decided > 0) {
    // docs/unknowns.md: decided although a rule reads something the record lacks.
    out.push(
      t.fit(
        `decided  ${n(decided)} lacked recorded data a rule reads yet were decided (static rule: ${n(r.unevaluable_by_reading)} unevaluable)`,
      ),
    );
  } else if (m.unevaluable_mode === 'static') {
    out.push(
      t.fit('unevaluable judged by the static rule: any rule reading missing data (--unevaluable static)'),
    );
  }
  out.push('');
  const changeLine = t.fit(
    `changes  ${n(r.changes_total)} total: ${n(r.newly_allowed)} newly allowed, ${n(r.newly_denied)} newly denied, ${n(r.from_unknown)} from unknown`,
  );
  out.push(
    r.newly_allowed > 0
      ? p.red(p.bold(changeLine))
      : r.changes_total > 0
        ? p.yellow(changeLine)
        : p.green(changeLine),
  );
  const lost = r.newly_unevaluable;
  if (lost && lost.from_allow + lost.from_deny > 0) {
    out.push(
      p.yellow(
        t.fit(
          `lost     ${n(lost.from_allow + lost.from_deny)} the base decides the head can no longer judge (${n(lost.from_allow)} the base allowed, ${n(lost.from_deny)} the base denied)`,
        ),
      ),
    );
  }
  if (r.recorded_mismatch > 0) {
    out.push(p.yellow(t.fit(`recorded ${n(r.recorded_mismatch)} recorded decisions differ from the base's`)));
  }
  return out;
}

/** What each edit did (docs/review.md "by_edit"): a cause set per row, newly allowed first. */
function byEditLines(r: Result, t: Terminal): string[] {
  const rows = r.by_edit ?? [];
  if (rows.length === 0) return [];
  return [
    '',
    t.paint.bold(
      t.fit(`by edit (${n(rows.length)} cause set${rows.length === 1 ? '' : 's'}, most newly allowed first)`),
    ),
    ...t.table(
      ['edit', 'newly allowed', 'newly denied', 'from unknown'],
      rows.map((row) => {
        const edits = row.edits.map((e) => plain(editLabel(e, r.rule_diff))).join(' + ');
        return [
          row.joint ? `${edits}, together` : edits || 'unexplained (a policy-replay bug: please report it)',
          n(row.newly_allowed),
          n(row.newly_denied),
          n(row.unknown_to_allow + row.unknown_to_deny),
        ];
      }),
      ['newly allowed', 'newly denied', 'from unknown'],
    ),
  ];
}

function groupLines(r: Result, t: Terminal): string[] {
  const out: string[] = [];
  const groups = r.change_groups ?? [];
  const groupsTotal = r.change_groups_total ?? 0;
  if (groupsTotal > 0) {
    out.push(
      '',
      t.paint.bold(
        t.fit(
          `what changes, and why (showing ${n(groups.length)} of ${n(groupsTotal)} groups, most dangerous first)`,
        ),
      ),
      ...t.table(
        ['change', 'requests', 'subjects', 'method and tools', 'because'],
        groups.map((g) => groupTextCells(g, 'replay', plain)),
        ['change', 'requests'],
      ),
    );
  }
  return out;
}

/** The unevaluable reasons with what to do about each; shared with the drift text. */
export function unevaluableLines(
  r: Pick<Result, 'unevaluable' | 'unevaluable_reasons' | 'unevaluable_by_reason'>,
  t: Terminal,
): string[] {
  if (r.unevaluable === 0) return [];
  return [
    '',
    t.paint.bold(t.fit('unevaluable reasons')),
    ...t.table(
      ['reason', 'requests', 'what to do'],
      r.unevaluable_reasons.map((reason) => [
        reason,
        n(r.unevaluable_by_reason[reason] ?? 0),
        UNEVALUABLE_ADVICE[reason],
      ]),
      ['reason', 'requests'],
    ),
  ];
}

function changeLines(r: Result, t: Terminal): string[] {
  if (r.changes.length === 0) return [];
  return requestTable(
    t,
    `changes (showing ${n(r.changes.length)} of ${n(r.changes_total)}, most dangerous first)`,
    ['base', 'head'],
    r.changes.map((c) => ({ ...c, decisions: [c.current_decision, c.draft_decision] })),
  );
}

/** The malformed records with the first few examples; shared with the drift text. */
export function malformedLines(r: Pick<Result, 'malformed'>, t: Terminal): string[] {
  const out: string[] = [];
  if (r.malformed.count > 0) {
    out.push('', t.paint.bold(t.fit(`malformed records (${n(r.malformed.count)}, not replayed)`)));
    for (const e of r.malformed.examples)
      out.push(t.fit(`  ${plain(describePosition(e))}: ${plain(e.reason)}`));
    if (r.malformed.count > r.malformed.examples.length) {
      out.push(t.fit(`  … ${n(r.malformed.count - r.malformed.examples.length)} more`));
    }
  }
  return out;
}

function fidelityLines(r: Result, t: Terminal): string[] {
  const out: string[] = [];
  const fidelity = r.fidelity as
    | {
        worst: string | null;
        levels: Record<string, number>;
        records_by_level: Record<string, number>;
        blocking_gaps: { path: string; reason: string; manifests: number }[];
      }
    | undefined;
  if (fidelity) {
    out.push('', t.paint.bold(t.fit(`replay fidelity (worst: ${fidelity.worst ?? 'none'})`)));
    out.push(
      ...t.table(
        ['level', 'manifests', 'records'],
        ['exact', 'controlled', 'partial', 'unreplayable', 'no_manifest'].map((l) => [
          l,
          l === 'no_manifest' ? '-' : n(fidelity.levels[l] ?? 0),
          n(fidelity.records_by_level[l] ?? 0),
        ]),
      ),
    );
    for (const g of fidelity.blocking_gaps)
      out.push(
        t.paint.red(t.fit(`  blocks replay: ${g.path} (${g.reason}) in ${n(g.manifests)} manifest(s)`)),
      );
  }
  return out;
}

/** Rule hits of one side; shared with the drift text. */
export function ruleHitLines(title: string, hits: Record<string, number>, t: Terminal): string[] {
  return [
    '',
    t.paint.bold(t.fit(title)),
    ...t.table(
      ['rule', 'hits'],
      Object.entries(hits).map(([id, c]) => [plain(id), n(c)]),
    ),
  ];
}
