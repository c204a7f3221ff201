/**
 * Sections of a Rego report's markdown that the rule documents' comment also has (docs/rego.md
 * "The report", after docs/review.md and docs/explain.md): the warnings a reader weighs before
 * trusting the numbers, and the groups table ("What changes, and why"). Every value from the log
 * or the policy goes through escape.ts. Pure.
 */
import type { RegoGroup, RegoResult } from '../regoReplay/regoReport.js';
import { cell } from './escape.js';
import { countText as n, percentText } from './numbers.js';
import { humanTime } from '../text/times.js';
import { becauseWords, groupDirectionWords } from './regoText.js';

/** What an operator can do about each reason a Rego side was left undecided. */
export const REGO_UNEVALUABLE_ADVICE: Record<string, string> = {
  input_not_recorded:
    "The service's decision-log mask erased or masked input the policy reads (the pointers under Evaluation). Narrow the mask for these paths, or expect these requests to stay unscored.",
  nd_builtin_not_recorded:
    'A non-deterministic builtin (the clock, HTTP, a JWT check) was reached without a recorded result. Run the service with `nd_builtin_cache: true`.',
  evaluation_error:
    'The policy failed on these requests (a conflict or a runtime error): see each change’s message.',
  no_decision:
    'The result has no decision the mapping reads. Check `--decision-field` or `--deny-when-nonempty` against what the decision returns.',
};

const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

/** The warnings, as the rule documents' comment gives them; empty when there is nothing to weigh. */
export function regoWarningLines(r: RegoResult, drift: boolean): string[] {
  const lines: string[] = [];
  const lost = r.newly_unevaluable;
  if (lost !== null && lost.from_allow + lost.from_deny > 0)
    lines.push(
      `**${plural(lost.from_allow + lost.from_deny, 'request', 'requests')} the head can no longer judge** (${n(lost.from_allow)} the base allowed, ${n(lost.from_deny)} the base denied)${lost.from_deny > 0 ? ': one the base denied may be one the head would allow' : ''}.`,
    );
  if (!drift && r.recorded_mismatch > 0)
    lines.push(
      `${plural(r.recorded_mismatch, 'logged result disagrees', 'logged results disagree')} with the base: the service may not be running the base in Git.`,
    );
  if (r.unevaluable > 0) {
    lines.push(
      `${percentText(r.unevaluable, r.evaluated)} of the replayed events are unevaluable (${n(r.unevaluable)} of ${n(r.evaluated)}): neither allowed nor denied here.`,
    );
    for (const reason of r.unevaluable_reasons)
      lines.push(
        `${cell(reason)} (${n(r.unevaluable_by_reason[reason] ?? 0)}): ${REGO_UNEVALUABLE_ADVICE[reason] ?? ''}`.trimEnd(),
      );
  }
  return lines;
}

/**
 * The groups table: one line per group (direction, requests, causes, the time span, examples),
 * the first `maxRows`, and how many there are in all.
 */
export function regoGroupTable(
  title: string,
  groups: readonly RegoGroup<string>[],
  total: number,
  options: { maxRows: number; because: boolean },
): string[] {
  if (total === 0) return [];
  const shown = groups.slice(0, options.maxRows);
  const span = (g: RegoGroup<string>) =>
    g.first_at === null || g.last_at === null ? '—' : `${humanTime(g.first_at)} – ${humanTime(g.last_at)}`;
  return [
    '',
    `**${title}**${shown.length < total ? ` (showing ${n(shown.length)} of ${n(total)} groups)` : ''}`,
    '',
    `| direction | requests | ${options.because ? 'because | ' : ''}when | examples |`,
    `|---|---:|${options.because ? '---|' : ''}---|---|`,
    ...shown.map(
      (g) =>
        `| ${groupDirectionWords(g.direction)} | ${n(g.count)} | ${options.because ? `${cell(becauseWords(g.because, g.joint))} | ` : ''}${cell(span(g))} | ${g.examples.map((e) => cell(e)).join(', ')} |`,
    ),
  ];
}
