import { MAX_COMMENT_LENGTH } from '../github/stickyComment.js';
import { fitWithFewerRows, splitRowBudget, utf16Length, utf8Length } from '../render/fitSections.js';
import { repositoryUrl, runUrl } from '../render/links.js';
import type { RunLinks } from '../render/provenance.js';
import type { RunContext } from './context.js';
import type { JudgedCommits } from './judgedCommits.js';

/**
 * Fitting the comment and the job summary into GitHub's limits (docs/action.md "The comment"):
 * fewer rows before fewer sections, and the comment's flowchart only when everything else fits.
 */

export const SUMMARY_LIMIT = 1024 * 1024;
/** Room for the hidden marker and a little slack under GitHub's comment limit. */
export const COMMENT_LIMIT = MAX_COMMENT_LENGTH - 200;
/**
 * Comment and issue bodies are fitted in UTF-16 code units, never fewer than code points: the body
 * stays within 65,536 characters however they are counted (GitHub counts code points, JavaScript's
 * `.length` UTF-16 units; an emoji is one of the first and two of the second).
 */
export const commentMeasure = utf16Length;

/** Links of the run's own pages and the commits it judged. */
export function runLinks(context: RunContext, judged: JudgedCommits | null): RunLinks {
  const repository = repositoryUrl(context.serverUrl, context.owner, context.repo);
  return {
    repository,
    run: runUrl(repository, context.runId),
    judged:
      judged === null ? null : { against: judged.against, base_sha: judged.base, head_sha: judged.head },
  };
}

/** The job summary's body, capped at 1 MiB the same way as the comment. */
export function fittedSummary(render: (rows: number) => readonly string[], maxRows: number): string {
  return fitWithFewerRows(
    render,
    maxRows,
    SUMMARY_LIMIT - 1024,
    utf8Length,
    (omitted) =>
      `_${omitted} more section(s) left out: the job summary is capped at 1 MiB; the JSON report (output \`report\`) has everything._`,
  ).body;
}

/**
 * The comment body: with the flowchart when the whole comment fits with it, else without; then
 * fewer change rows before fewer sections, with a note saying what was cut.
 */
export function fitComment(
  render: (flowchart: boolean) => (budget: number) => string[],
  rowBudget: number,
  maxGroups: number,
  maxChanges: number,
  runLink: string | null,
): string {
  const summaryPointer = `see the job summary${runLink ? ` of [this run](${runLink})` : ''}`;
  const attempt = (flowchart: boolean) =>
    fitWithFewerRows(
      render(flowchart),
      rowBudget,
      COMMENT_LIMIT - 400,
      commentMeasure,
      (omitted) =>
        `_${omitted} more section(s) did not fit in one comment: ${summaryPointer} for the full report._`,
    );
  const withChart = attempt(true);
  const complete = (f: typeof withChart) => f.omitted === 0 && f.rows === rowBudget;
  const fitted = complete(withChart) ? withChart : attempt(false);
  const shown = splitRowBudget(fitted.rows, maxGroups, maxChanges);
  return fitted.rows < rowBudget && fitted.omitted === 0
    ? `${fitted.body}\n_Tables shortened to ${shown.second} change row(s) and ${shown.first} group row(s) to fit one comment: ${summaryPointer} for more._\n`
    : fitted.body;
}
