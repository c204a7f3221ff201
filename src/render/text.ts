import type { ReplayReport } from '../replay/report/report.js';
import { describePosition } from '../traffic/sample.js';
import { UNEVALUABLE_ADVICE } from './advice.js';
import { groupTextCells } from './groupTable.js';

export interface TextOptions {
  colour: boolean;
}

const n = (value: number) => value.toLocaleString('en-US');

/** Removes terminal control sequences from values that come from traffic. */
function plain(value: string | null): string {
  if (value === null) return '-';
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '\ufffd');
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...(r[i] ?? '')].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c + ' '.repeat(widths[i]! - [...c].length))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

interface Paint {
  bold(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

type Meta = ReplayReport['meta'];
type Result = NonNullable<ReplayReport['result']>;

function painter(colour: boolean): Paint {
  const paint = (code: string, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  return {
    bold: (t) => paint('1', t),
    red: (t) => paint('31', t),
    green: (t) => paint('32', t),
    yellow: (t) => paint('33', t),
  };
}

/** Pure: the terminal report for a person. Colour only when asked (the CLI asks on a TTY). */
export function renderReplayText(report: ReplayReport, options: TextOptions): string {
  const p = painter(options.colour);
  const m = report.meta;
  const out = headerLines(m, p);
  out.push('');
  if (report.errors.length > 0 || report.result === null) {
    out.push(p.red(p.bold(`invalid policy: ${report.errors.length} problem(s), nothing replayed`)));
    for (const e of report.errors)
      out.push(`  ${e.file}:${e.line}:${e.column}: ${e.path || '(document)'}: ${e.message}`);
    return `${out.join('\n')}\n`;
  }
  const r = report.result;
  out.push(
    ...countLines(m, r, p),
    ...groupLines(r, p),
    ...unevaluableLines(r, p),
    ...changeLines(r, p),
    ...malformedLines(r, p),
    ...fidelityLines(r, p),
    ...ruleHitLines(m, r, p),
  );
  return `${out.join('\n')}\n`;
}

/** The versions, the policies and the sample. */
function headerLines(m: Meta, p: Paint): string[] {
  const out: string[] = [];
  out.push(p.bold(`policy-replay ${m.version}`) + ` (OPA ${m.opa_version})`);
  if (m.head) out.push(`head     ${plain(m.head.path)}  sha256:${m.head.sha256.slice(0, 12)}`);
  if (m.base) out.push(`base     ${plain(m.base.path)}  sha256:${m.base.sha256.slice(0, 12)}`);
  else if (m.status === 'added')
    out.push('base     (none: a new policy; every scoreable request is a change from unknown)');
  out.push(`traffic  ${plain(m.traffic.path)}  sha256:${m.traffic.sha256.slice(0, 12)}`);
  const files = m.traffic.files;
  if (files.length > 1)
    out.push(
      `         ${n(files.length)} files in path order: ${plain(files[0]!.path)} … ${plain(files[files.length - 1]!.path)}`,
    );
  if (m.traffic.format === 'opa-decision-log') {
    out.push(
      `         OPA decision log: ${n(m.skipped.non_decision)} other log lines and ${n(m.skipped.other_path)} decisions of other paths skipped`,
    );
  }
  if (m.since !== null || m.limit !== null) {
    out.push(
      `filter   since ${m.since ?? '-'}, limit ${m.limit ?? '-'}, ${n(m.excluded_without_time)} excluded without a time`,
    );
  }
  return out;
}

/** The totals, the decided-although-unevaluable note and the changes line. */
function countLines(m: Meta, r: Result, p: Paint): string[] {
  const out: string[] = [];
  if (m.status === 'deleted')
    out.push(p.bold('policy deleted: the counts below are what the base decided'), '');
  out.push(
    ...table(
      ['evaluated', 'allowed', 'denied', 'unevaluable', 'malformed'],
      [[n(r.evaluated), n(r.allowed), n(r.denied), n(r.unevaluable), n(r.malformed.count)]],
    ),
  );
  const decided = r.unevaluable_by_reading - r.unevaluable;
  if (decided > 0) {
    // docs/unknowns.md: decided although a rule reads something the record lacks.
    out.push(
      `decided  ${n(decided)} lacked recorded data a rule reads yet were decided (static rule: ${n(r.unevaluable_by_reading)} unevaluable)`,
    );
  } else if (m.unevaluable_mode === 'static') {
    out.push('unevaluable judged by the static rule: any rule reading missing data (--unevaluable static)');
  }
  out.push('');
  const changeLine = `changes  ${n(r.changes_total)} total: ${n(r.newly_allowed)} newly allowed, ${n(r.newly_denied)} newly denied, ${n(r.from_unknown)} from unknown`;
  out.push(
    r.newly_allowed > 0
      ? p.red(p.bold(changeLine))
      : r.changes_total > 0
        ? p.yellow(changeLine)
        : p.green(changeLine),
  );
  if (r.recorded_mismatch > 0) {
    out.push(p.yellow(`recorded ${n(r.recorded_mismatch)} recorded decisions differ from the base's`));
  }
  return out;
}

function groupLines(r: Result, p: Paint): string[] {
  const out: string[] = [];
  const groups = r.change_groups ?? [];
  const groupsTotal = r.change_groups_total ?? 0;
  if (groupsTotal > 0) {
    out.push(
      '',
      p.bold(
        `what changes, and why (showing ${n(groups.length)} of ${n(groupsTotal)} groups, most dangerous first)`,
      ),
    );
    out.push(
      ...table(
        ['change', 'requests', 'subjects', 'method and tools', 'because'],
        groups.map((g) => groupTextCells(g, 'replay', plain)),
      ).map((l) => `  ${l}`),
    );
  }
  return out;
}

function unevaluableLines(r: Result, p: Paint): string[] {
  const out: string[] = [];
  if (r.unevaluable > 0) {
    out.push('', p.bold('unevaluable reasons'));
    out.push(
      ...table(
        ['reason', 'requests', 'what to do'],
        r.unevaluable_reasons.map((reason) => [
          reason,
          n(r.unevaluable_by_reason[reason] ?? 0),
          UNEVALUABLE_ADVICE[reason],
        ]),
      ).map((l) => `  ${l}`),
    );
  }
  return out;
}

function changeLines(r: Result, p: Paint): string[] {
  const out: string[] = [];
  if (r.changes.length > 0) {
    out.push(
      '',
      p.bold(`changes (showing ${n(r.changes.length)} of ${n(r.changes_total)}, most dangerous first)`),
    );
    out.push(
      ...table(
        ['request', 'time', 'subject', 'method', 'tools', 'current', 'draft', 'matched'],
        r.changes.map((c) => [
          plain(c.request_id),
          plain(c.occurred_at),
          plain(c.subject),
          plain(c.method),
          c.tools.length ? plain(c.tools.join(',')) : '-',
          c.current_decision,
          c.draft_decision,
          c.matched_rule_ids.length ? plain(c.matched_rule_ids.join(',')) : '-',
        ]),
      ).map((l) => `  ${l}`),
    );
  }
  return out;
}

function malformedLines(r: Result, p: Paint): string[] {
  const out: string[] = [];
  if (r.malformed.count > 0) {
    out.push('', p.bold(`malformed records (${n(r.malformed.count)}, not replayed)`));
    for (const e of r.malformed.examples) out.push(`  ${plain(describePosition(e))}: ${plain(e.reason)}`);
    if (r.malformed.count > r.malformed.examples.length) {
      out.push(`  … ${n(r.malformed.count - r.malformed.examples.length)} more`);
    }
  }
  return out;
}

function fidelityLines(r: Result, p: Paint): string[] {
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
    out.push('', p.bold(`replay fidelity (worst: ${fidelity.worst ?? 'none'})`));
    out.push(
      ...table(
        ['level', 'manifests', 'records'],
        ['exact', 'controlled', 'partial', 'unreplayable', 'no_manifest'].map((l) => [
          l,
          l === 'no_manifest' ? '-' : n(fidelity.levels[l] ?? 0),
          n(fidelity.records_by_level[l] ?? 0),
        ]),
      ).map((l) => `  ${l}`),
    );
    for (const g of fidelity.blocking_gaps)
      out.push(p.red(`  blocks replay: ${g.path} (${g.reason}) in ${n(g.manifests)} manifest(s)`));
  }
  return out;
}

function ruleHitLines(m: Meta, r: Result, p: Paint): string[] {
  const out: string[] = [];
  out.push(
    '',
    p.bold(m.status === 'deleted' ? 'rule hits (base: the policy is deleted)' : 'rule hits (head)'),
  );
  out.push(
    ...table(
      ['rule', 'hits'],
      Object.entries(r.rule_hits).map(([id, c]) => [plain(id), n(c)]),
    ).map((l) => `  ${l}`),
  );
  return out;
}
