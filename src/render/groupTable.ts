import type { BecauseEntry, ChangeDirection, ChangeGroup } from '../replay/report/report.js';
import { cell, escapeMarkdown } from './escape.js';

/**
 * The "What changes, and why" table (docs/explain.md "Where the groups are shown"): one line per
 * change group. Pure; the markdown (comment, summary, drift issue) and the terminal report share
 * the wording here.
 */

const n = (value: number) => value.toLocaleString('en-US');

/** Tools listed per group before "+N more": a batch may call dozens. */
const MAX_TOOLS_SHOWN = 6;

export type GroupContext = 'replay' | 'drift';

const DIRECTION_WORDS: Record<GroupContext, Record<ChangeDirection, string>> = {
  replay: {
    newly_allowed: 'newly allowed',
    unknown_to_allow: 'unknown → allowed',
    newly_denied: 'newly denied',
    unknown_to_deny: 'unknown → denied',
  },
  drift: {
    newly_allowed: 'recorded deny, now allowed',
    unknown_to_allow: 'unknown → allowed',
    newly_denied: 'recorded allow, now denied',
    unknown_to_deny: 'unknown → denied',
  },
};

export function directionWords(direction: ChangeDirection, context: GroupContext = 'replay'): string {
  return DIRECTION_WORDS[context][direction];
}

export const allows = (direction: ChangeDirection) =>
  direction === 'newly_allowed' || direction === 'unknown_to_allow';

/** What an empty `because` means: the base decided nothing, or — for a newly_* group — a bug. */
export function emptyBecause(direction: ChangeDirection): string {
  return direction.startsWith('unknown_')
    ? 'the base could not decide these requests'
    : 'unexplained (a policy-replay bug: please report it)';
}

/** One rule edit or setting change as a reader names it, each once. */
export function becauseTexts(because: readonly BecauseEntry[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const entry of because) {
    if ('rule' in entry) {
      if (seen.has(entry.rule)) continue;
      seen.add(entry.rule);
      out.push(`${entry.rule} (${entry.change})`);
    } else {
      out.push(`${entry.setting}: ${entry.from ?? 'none'} → ${entry.to ?? 'none'}`);
    }
  }
  return out;
}

/** `method tool, tool` with the tools capped; raw text (the caller escapes for its medium). */
export function requestKind(group: Pick<ChangeGroup, 'method' | 'tools'>): {
  method: string | null;
  tools: string[];
  more: number;
} {
  return {
    method: group.method,
    tools: group.tools.slice(0, MAX_TOOLS_SHOWN),
    more: Math.max(0, group.tools.length - MAX_TOOLS_SHOWN),
  };
}

export interface GroupTableOptions {
  /** Rows to show (the table says "showing N of M"). */
  rows: number;
  /** Show subjects as the change rows do under redaction. */
  subjectName: (subject: string) => string;
  context?: GroupContext;
}

/** The markdown section, or null when nothing changed. */
export function groupsMarkdown(
  groups: readonly ChangeGroup[] | undefined,
  total: number | undefined,
  options: GroupTableOptions,
): string | null {
  if (groups === undefined || total === undefined || total === 0) return null;
  const context = options.context ?? 'replay';
  const rows = groups.slice(0, Math.max(0, options.rows));
  const heading = context === 'drift' ? 'What drifted' : 'What changes, and why';
  // "showing N of M groups" is the documented wording (docs/explain.md), kept for any M, one
  // included, so a reader's script matches it every time.
  const lines = [`**${heading}** (showing ${n(rows.length)} of ${n(total)} groups, most dangerous first)`];
  if (rows.length > 0) {
    lines.push(
      '',
      `| change | requests | subjects | method and tools | ${context === 'drift' ? 'head rules' : 'because'} |`,
      '|---|---:|---|---|---|',
      ...rows.map((g) => groupRow(g, context, options.subjectName)),
    );
  }
  return lines.join('\n');
}

function groupRow(g: ChangeGroup, context: GroupContext, subjectName: (s: string) => string): string {
  const words = directionWords(g.direction, context);
  const direction = allows(g.direction) ? `**${words}**` : words;
  const top = g.subjects.top.map(
    (s) => `${s.subject === null ? '(none)' : subjectName(s.subject)} (${n(s.count)})`,
  );
  const subjects = `${n(g.subjects.distinct)}: ${top.join(', ')}${g.subjects.distinct > top.length ? ', …' : ''}`;
  const kind = requestKind(g);
  const tools = kind.tools.map((t) => escapeMarkdown(t, 100)).join(', ');
  const what = [cell(kind.method), tools, kind.more > 0 ? `+${n(kind.more)} more` : '']
    .filter((x) => x !== '')
    .join(' ');
  let why: string;
  if (context === 'drift') {
    why =
      g.head_rules.length === 0 ? '— (the default)' : g.head_rules.map((id) => escapeMarkdown(id)).join(', ');
  } else {
    const texts = becauseTexts(g.because);
    why =
      texts.length === 0
        ? g.direction.startsWith('unknown_')
          ? `_${emptyBecause(g.direction)}_`
          : `**${emptyBecause(g.direction)}**`
        : texts.map((t) => escapeMarkdown(t)).join(', ');
  }
  return `| ${direction} | ${n(g.count)} | ${subjects} | ${what} | ${why} |`;
}

/** The terminal table's cells for one group (values already free of control characters). */
export function groupTextCells(
  g: ChangeGroup,
  context: GroupContext,
  plain: (value: string | null) => string,
): string[] {
  const top = g.subjects.top.map((s) => `${plain(s.subject)} (${n(s.count)})`);
  const kind = requestKind(g);
  const what = [
    plain(kind.method),
    ...(kind.tools.length > 0 ? [plain(kind.tools.join(','))] : []),
    ...(kind.more > 0 ? [`+${n(kind.more)} more`] : []),
  ].join(' ');
  const why =
    context === 'drift'
      ? g.head_rules.join(',') || '- (the default)'
      : becauseTexts(g.because).join(', ') || emptyBecause(g.direction);
  return [
    directionWords(g.direction, context),
    n(g.count),
    `${n(g.subjects.distinct)}: ${top.join(', ')}${g.subjects.distinct > top.length ? ', …' : ''}`,
    what,
    why,
  ];
}
