/**
 * The terminal view of a Rego replay or drift report (docs/rego.md "The report"): the decision
 * replayed and how it is read, the buckets of both sides, the changes by direction, the edits and
 * what each caused, the changed requests with their result differences, how the sides were
 * evaluated, and the malformed events. Values from the log (ids, results, messages) are cleaned
 * of terminal controls. Pure.
 */
import type { RegoChangeKind } from '../regoPolicy/classify.js';
import type {
  RegoChangeRow,
  RegoEditEntry,
  RegoGroup,
  RegoLostDirection,
  RegoReport,
  RegoResult,
} from '../regoReplay/regoReport.js';
import { directionOrder, fallbackNote, REGO_DIRECTIONS } from '../regoReplay/regoReport.js';
import { countText as n, percentText } from './numbers.js';
import { plain, terminal, timeCell, type Terminal, type TextOptions } from './terminal.js';
import { malformedLines } from './text.js';
import type { FidelitySummary } from '../fidelity/report.js';

export const DIRECTION_WORDS: Record<RegoChangeKind, string> = {
  newly_allowed: 'newly allowed',
  unknown_to_allow: 'unknown → allowed',
  undefined_to_defined: 'undefined → defined',
  newly_denied: 'newly denied',
  unknown_to_deny: 'unknown → denied',
  defined_to_undefined: 'defined → undefined',
  error: 'evaluation failed on one side',
  result_changed: 'result changed, decision the same',
};

const LOST_WORDS: Record<RegoLostDirection, string> = {
  deny_to_unknown: 'denied → unknown',
  allow_to_unknown: 'allowed → unknown',
};

/** A group's direction in words: a change's, or a request's the head can no longer judge. */
export function groupDirectionWords(direction: string): string {
  return (
    (DIRECTION_WORDS as Record<string, string>)[direction] ??
    (LOST_WORDS as Record<string, string>)[direction] ??
    direction
  );
}

/** An edit in words: `rule data.httpapi.authz.allow modified (authz.rego:12)`, `data /org/managers added`. */
export function editWords(e: RegoEditEntry): string {
  return e.kind === 'rule'
    ? `rule ${e.ref} ${e.change} (${e.file}:${e.line})`
    : `data ${e.pointer} ${e.change}`;
}

export function becauseWords(because: readonly RegoEditEntry[], joint: boolean): string {
  // An empty cause set is never hidden (as for rule documents): nothing named could explain it.
  if (because.length === 0) return 'unexplained';
  const names = because.slice(0, MAX_NAMED).map((e) => (e.kind === 'rule' ? e.ref : `data ${e.pointer}`));
  const more = because.length > MAX_NAMED ? ` and ${n(because.length - MAX_NAMED)} more` : '';
  return joint ? `${names.join(' + ')}${more} (together)` : `${names.join(', ')}${more}`;
}

/**
 * The edits a view names in one cell, and lists (a new policy's edits are all its rules); the JSON
 * report holds every one.
 */
const MAX_NAMED = 8;
const MAX_EDITS_LISTED = 20;

/** The edits listed, the rest counted. */
export function listedEdits(edits: readonly RegoEditEntry[]): { shown: RegoEditEntry[]; more: string[] } {
  const rest = edits.length - MAX_EDITS_LISTED;
  return {
    shown: edits.slice(0, MAX_EDITS_LISTED),
    more: rest > 0 ? [`… and ${n(rest)} more edits (each in the JSON report)`] : [],
  };
}

export function mappingWords(report: RegoReport): string {
  const m = report.meta.rego.mapping;
  if (m.kind === 'field') return `allow = result.${m.field}`;
  if (m.kind === 'deny-when-nonempty') return 'denied when the result (a set of violations) is not empty';
  return 'the result is the allow';
}

/** One change's difference, compactly: `/headers/x: "a" → "b"`; an error's message instead. */
export function differenceWords(row: RegoChangeRow): string {
  if (row.change === 'error') return `error: ${row.errors.head ?? row.errors.base ?? ''}`;
  return row.differences
    .map(
      (d) =>
        `${d.pointer === '' ? '(result)' : d.pointer}: ${d.base ?? 'undefined'} → ${d.head ?? 'undefined'}`,
    )
    .join('; ');
}

export function renderRegoText(report: RegoReport, options: TextOptions): string {
  const t = terminal(options);
  const r = report.result;
  const drift = report.meta.status === 'drift';
  const out = headerLines(report, t);
  if (r === null) {
    out.push(
      '',
      t.paint.red(t.fit(`${n(report.errors.length)} problem(s) in the policies; nothing replayed`)),
    );
    for (const e of report.errors)
      out.push(t.fit(`  ${plain(e.file)}:${e.line}:${e.column}: ${plain(e.message)}`));
    return `${out.join('\n')}\n`;
  }
  out.push(
    ...countLines(r, t, drift ? 'replayed' : report.meta.status === 'deleted' ? 'base' : 'head'),
    ...changeSummary(r, t, drift),
    ...groupLines(
      drift ? 'drifts by direction' : 'what changes, and why',
      r.change_groups,
      r.change_groups_total,
      t,
      !drift,
    ),
    ...(r.newly_unevaluable === null
      ? []
      : groupLines(
          'requests the head can no longer judge',
          r.newly_unevaluable.groups,
          r.newly_unevaluable.groups_total,
          t,
          true,
        )),
    ...editLines(r, t),
  );
  for (const line of fallbackNote(report.meta)) out.push('', t.fit(line));
  out.push(
    ...changeRows(r, t, drift),
    ...evaluationLines(r, t),
    ...fidelityLines(r, t),
    ...malformedLines(r, t),
  );
  return `${out.join('\n')}\n`;
}

function headerLines(report: RegoReport, t: Terminal): string[] {
  const { meta } = report;
  const head = meta.head?.path ?? '-';
  const title =
    meta.status === 'drift'
      ? `drift of ${plain(head)}`
      : meta.status === 'deleted'
        ? `${plain(meta.base?.path ?? '-')} (deleted: the counts are the base's)`
        : `${plain(meta.base?.path ?? '(new)')} → ${plain(head)}`;
  const skipped = meta.skipped.non_decision + meta.skipped.other_path;
  return [
    t.paint.bold(t.fit(`policy-replay (Rego): ${title}`)),
    t.fit(
      `  decision ${plain(meta.rego.decision_path)}: ${mappingWords(report)}; OPA ${plain(meta.rego.engine_version)}`,
    ),
    t.fit(
      `  sample ${plain(meta.traffic.path)}${skipped > 0 ? ` (${n(skipped)} lines skipped: other paths or not decisions)` : ''}`,
    ),
  ];
}

function countLines(r: RegoResult, t: Terminal, side: 'replayed' | 'base' | 'head'): string[] {
  const drift = side === 'replayed';
  const share = (x: number) => percentText(x, r.evaluated);
  const rows = [
    ['allowed', n(r.allowed), share(r.allowed)],
    ['denied', n(r.denied), share(r.denied)],
    ['unevaluable', n(r.unevaluable), share(r.unevaluable)],
  ];
  const out = [
    '',
    t.paint.bold(
      t.fit(`${n(r.evaluated)} events replayed${drift ? ' (the policy against the recorded results)' : ''}`),
    ),
  ];
  if (r.base_counts !== null) {
    const b = r.base_counts;
    out.push(
      ...t.table(
        ['', 'base', 'head', 'share'],
        [
          ['allowed', n(b.allowed), n(r.allowed), share(r.allowed)],
          ['denied', n(b.denied), n(r.denied), share(r.denied)],
          ['unevaluable', n(b.unevaluable), n(r.unevaluable), share(r.unevaluable)],
        ],
      ),
    );
  } else out.push(...t.table(['', side, 'share'], rows));
  for (const reason of r.unevaluable_reasons)
    out.push(t.fit(`  unevaluable, ${reason}: ${n(r.unevaluable_by_reason[reason] ?? 0)}`));
  return out;
}

function changeSummary(r: RegoResult, t: Terminal, drift: boolean): string[] {
  const noun = `${drift ? 'drift' : 'change'}${r.changes_total === 1 ? '' : 's'}`;
  const out = ['', t.paint.bold(t.fit(`${n(r.changes_total)} ${noun}`))];
  for (const d of directionOrder(drift ? 'drift' : 'compare'))
    if (r[d] > 0) {
      const line = t.fit(`  ${DIRECTION_WORDS[d]}: ${n(r[d])}`);
      out.push(d === 'newly_allowed' ? t.paint.red(line) : line);
    }
  for (const row of r.policy_revisions ?? [])
    out.push(
      t.fit(
        `  revision ${plain(row.revision ?? '(none recorded)')}: ${n(row.drift)} of ${n(row.records)} events drifted`,
      ),
    );
  if (drift && r.without_recorded_result !== null && r.without_recorded_result > 0)
    out.push(t.fit(`  without a recorded result (erased or masked): ${n(r.without_recorded_result)}`));
  if (r.newly_unevaluable !== null) {
    const lost = r.newly_unevaluable.from_allow + r.newly_unevaluable.from_deny;
    if (lost > 0)
      out.push(
        t.fit(
          `  the base decides and the head cannot: ${n(lost)} (${n(r.newly_unevaluable.from_deny)} were denied, ${n(r.newly_unevaluable.from_allow)} allowed)`,
        ),
      );
  }
  return out;
}

/** A groups table: direction, requests, causes and examples, and how many groups there are. */
function groupLines(
  title: string,
  groups: readonly RegoGroup<string>[],
  total: number,
  t: Terminal,
  because: boolean,
): string[] {
  if (total === 0) return [];
  return [
    '',
    t.paint.bold(
      t.fit(`${title}${groups.length < total ? ` (showing ${n(groups.length)} of ${n(total)} groups)` : ''}`),
    ),
    ...t.table(
      ['direction', 'requests', ...(because ? ['because'] : []), 'examples'],
      groups.map((g) => [
        groupDirectionWords(g.direction),
        n(g.count),
        ...(because ? [plain(becauseWords(g.because, g.joint))] : []),
        plain(g.examples.join(', ')),
      ]),
      because ? ['because', 'examples'] : ['examples'],
    ),
  ];
}

function editLines(r: RegoResult, t: Terminal): string[] {
  if (r.edits === null) return [];
  const out = ['', t.paint.bold(t.fit(`${n(r.edits.length)} edit(s)`))];
  const { shown: listed, more } = listedEdits(r.edits);
  for (const e of listed) out.push(t.fit(`  ${plain(editWords(e))}`));
  for (const line of more) out.push(t.fit(`  ${line}`));
  if (r.by_edit !== null && r.by_edit.length > 0) {
    const shown = REGO_DIRECTIONS.filter((d) => r[d] > 0);
    out.push('', t.paint.bold(t.fit('changes by cause')));
    out.push(
      ...t.table(
        ['because', ...shown.map((d) => DIRECTION_WORDS[d].split(',')[0]!)],
        r.by_edit.map((row) => [plain(becauseWords(row.edits, row.joint)), ...shown.map((d) => n(row[d]))]),
        ['because'],
      ),
    );
  }
  return out;
}

function changeRows(r: RegoResult, t: Terminal, drift: boolean): string[] {
  if (r.changes.length === 0) return [];
  const more = r.changes_total - r.changes.length;
  const out = [
    '',
    t.paint.bold(
      t.fit(
        `${drift ? 'drifts' : 'changes'}${more > 0 ? ` (first ${n(r.changes.length)}; ${n(more)} more)` : ''}`,
      ),
    ),
  ];
  out.push(
    ...t.table(
      [
        'request',
        'time',
        'change',
        drift ? 'recorded' : 'base',
        drift ? 'replayed' : 'head',
        // A drift has no edit to name.
        ...(drift ? [] : ['because']),
        'difference',
      ],
      r.changes.map((c) => [
        plain(c.request_id),
        timeCell(c.occurred_at),
        c.change,
        c.current_decision,
        c.draft_decision,
        ...(drift ? [] : [plain(becauseWords(c.because, c.joint))]),
        plain(differenceWords(c)),
      ]),
      ['request', 'change'],
    ),
  );
  return out;
}

function evaluationLines(r: RegoResult, t: Terminal): string[] {
  const e = r.evaluation;
  const out: string[] = [];
  const sides = (['base', 'head'] as const).filter((s) => e.partial[s] > 0);
  for (const s of sides)
    out.push(
      t.fit(
        `  ${s}: ${n(e.partial[s])} events read an erased or masked part (partial evaluation); ${n(e.partial_unevaluable[s])} left unevaluable${e.whole_input[s] ? ' (the policy reads the whole input, so some may be imprecision)' : ''}`,
      ),
    );
  for (const [name, count] of Object.entries(e.nd_builtin_not_recorded))
    out.push(t.fit(`  ${plain(name)}: not in the event's nd_builtin_cache on ${n(count)} evaluations`));
  for (const [pointer, count] of Object.entries(e.input_not_recorded))
    out.push(
      t.fit(`  ${plain(pointer)}: erased or masked and read, ${n(count)} evaluations left unevaluable`),
    );
  return out.length === 0 ? [] : ['', t.paint.bold(t.fit('evaluation')), ...out];
}

/** The fidelity section in one line per fact: the worst level, the manifests by level, each blocking gap. */
export function fidelityWords(r: RegoResult): string[] {
  const f = r.fidelity as FidelitySummary | undefined;
  if (f === undefined) return [];
  const levels = Object.entries(f.levels)
    .filter(([, count]) => count > 0)
    .map(([level, count]) => `${level} ${n(count)}`)
    .join(', ');
  return [
    `worst ${f.worst ?? 'none'}; ${n(f.manifests)} manifests${levels ? ` (${levels})` : ''}; ${n(f.records_by_level.no_manifest)} events with no manifest`,
    ...f.blocking_gaps.map((g) => `blocking gap ${g.path}: ${g.reason} (${n(g.manifests)} manifests)`),
  ];
}

function fidelityLines(r: RegoResult, t: Terminal): string[] {
  const words = fidelityWords(r);
  return words.length === 0
    ? []
    : ['', t.paint.bold(t.fit('fidelity')), ...words.map((w) => t.fit(`  ${plain(w)}`))];
}
