import { renderRegoMarkdown } from '../render/regoMarkdown.js';
import { escapeHtmlText, escapeMarkdown } from '../render/escape.js';
import { replayMarkdownSections } from '../render/markdown.js';
import type { GateFailure } from '../gate/gate.js';
import type { PolicyOutcome } from './runReport.js';
import { fenced } from '../render/fitSections.js';
import { failureMessage, shownBlockers } from './policyFailure.js';
import { boundedList } from '../text/listing.js';
import { acceptedHeadline, headline, headlineTotals } from '../render/headline.js';
import { causeOf, whyItFailsMarkdown } from '../render/whyItFails.js';
import { failureCause } from '../gate/failureCause.js';
import { NO_LINKS, type RunLinks } from '../render/provenance.js';

const MAX_FAILURES_SHOWN = 50;

export interface RunMarkdownOptions {
  verdict: 'pass' | 'fail';
  failed: GateFailure[];
  /** The failing impact a maintainer accepted (docs/review.md): the headline says so. */
  accepted?: { by: string; digest: string };
  policies: PolicyOutcome[];
  redactSubjects: boolean;
  maxRows: number;
  /** Rows of each policy's "By edit" and "What changes, and why" tables. */
  maxGroupRows: number;
  /** Run-level notes shown under the headline (already safe markdown). */
  notes?: string[];
  /** Where links go and which commits were judged. */
  links?: RunLinks;
  /** The job summary, the long version: folded sections open, the flowchart, the Rego diffs. */
  summary?: boolean;
  /** Draw the by-edit flowchart in the comment (the summary always does). */
  flowchart?: boolean;
}

/**
 * The sections of the PR comment and the job summary, in the order they may be cut from the end
 * (docs/action.md "The comment"): the headline over every policy, then each policy decision first,
 * then (the summary only) the Rego diffs.
 */
export function runMarkdownSections(options: RunMarkdownOptions): string[] {
  const sections = [headSection(options)];
  const single = options.policies.length === 1;
  for (const policy of options.policies) {
    const failures = options.failed.filter((f) => f.policy === policy.path);
    if (policy.blockers?.length) sections.push(blockerSection(policy));
    if (policy.no_traffic && policy.errors.length === 0 && policy.report === null) {
      sections.push(
        `### ${escapeMarkdown(policy.path)}\n\n**No traffic to replay**: no sample was found for this policy (looked for ${boundedList(policy.traffic_looked.map((p) => escapeMarkdown(p)))}).`,
      );
    }
    if (policy.report) {
      const report = policy.report;
      sections.push(
        ...renderedOrFailure(policy, () =>
          replayMarkdownSections(report, {
            redactSubjects: options.redactSubjects,
            maxRows: options.maxRows,
            maxGroupRows: options.maxGroupRows,
            untitled: single,
            links: policyLinks(options.links ?? NO_LINKS, policy.path),
            previousPath: policy.status === 'renamed' ? policy.previous_path : null,
            warnings: policyWarnings(policy),
            failures: failures.filter((f) => !isBlocker(policy, f)),
            manifests: policy.manifests,
            expanded: options.summary === true,
            flowchart: options.summary === true || options.flowchart === true,
          }),
        ),
      );
    } else if (policy.rego_report) {
      const report = policy.rego_report;
      const why = whyItFailsMarkdown(
        failures.filter((f) => !isBlocker(policy, f)),
        { path: policy.path, report: null, manifests: policy.manifests },
      );
      sections.push(
        ...renderedOrFailure(policy, () => [
          renderRegoMarkdown(report, {
            maxGroupRows: options.maxGroupRows,
            links: policyLinks(options.links ?? NO_LINKS, policy.path),
            whyItFails: why,
          }).trimEnd(),
        ]),
      );
    } else {
      const why = whyItFailsMarkdown(
        failures.filter((f) => !isBlocker(policy, f)),
        { path: policy.path, report: null, manifests: policy.manifests },
      );
      if (why !== null) sections.push(why);
    }
  }
  if (options.summary === true) sections.push(...regoDiffSections(options.policies));
  return sections;
}

/** The headline over the whole run, the run's notes, and failures no policy owns. */
function headSection(options: RunMarkdownOptions): string {
  const byPath = new Map(options.policies.map((p) => [p.path, p.report]));
  const failures = options.failed.map((f) => ({
    rule: f.rule,
    cause: f.policy === undefined ? failureCause(f.rule) : causeOf(f, byPath.get(f.policy) ?? null),
  }));
  const totals = headlineTotals(options.policies.map((p) => p.report ?? p.rego_report ?? null));
  const line = headline({ verdict: options.verdict, failures, totals });
  const accepted = options.accepted;
  const head = [`## ${accepted ? acceptedHeadline(line, accepted.by, accepted.digest.slice(0, 12)) : line}`];
  if (options.policies.length > 1) {
    head.push('', `${options.policies.length} policy files changed; each has its own section below.`);
  }
  for (const note of options.notes ?? []) head.push('', note);
  // Capped, so the head section always fits in one comment whatever the number of failures.
  const runWide = options.failed.filter((f) => f.policy === undefined);
  if (runWide.length > 0) {
    const shown = runWide.slice(0, MAX_FAILURES_SHOWN);
    head.push('', '**Why it fails**', '', ...shown.map((f) => `- ${escapeMarkdown(f.reason, 400)}`));
    if (runWide.length > shown.length) {
      head.push(`- … and ${runWide.length - shown.length} more (the JSON report lists every one)`);
    }
  }
  return head.join('\n');
}

function isBlocker(policy: PolicyOutcome, failure: GateFailure): boolean {
  return (policy.blockers ?? []).some((b) => b.rule === failure.rule);
}

/** Notes of one policy that belong with its warnings. */
function policyWarnings(policy: PolicyOutcome): string[] {
  const warnings: string[] = [];
  if (policy.no_traffic) warnings.push('**No traffic to replay** for this policy.');
  if (policy.base_errors && policy.base_errors.length > 0) {
    warnings.push(
      `The base version is invalid (${policy.base_errors.length} problem${policy.base_errors.length === 1 ? '' : 's'}, first: ${escapeMarkdown(`${policy.base_errors[0]!.path}: ${policy.base_errors[0]!.message}`, 300)}), so it was not compared: every base decision is \`unknown\`.`,
    );
  }
  return warnings;
}

/** The generated Rego diffs, folded: the job summary keeps them, the comment does not. */
function regoDiffSections(policies: readonly PolicyOutcome[]): string[] {
  return policies
    .filter((p) => p.rego_diff)
    .map((p) =>
      [
        `<details><summary>Rego diff: ${escapeHtmlText(p.path)}</summary>`,
        '',
        fenced(p.rego_diff!, 'diff'),
        '',
        '</details>',
      ].join('\n'),
    );
}

/** A policy that was not judged: why, whose problem it is, and what to do (README "Security model"). */
export function blockerSection(policy: PolicyOutcome): string {
  const { shown, more } = shownBlockers(policy.blockers ?? []);
  const lines = shown.map(
    (b) =>
      `- **${escapeMarkdown(b.rule)}** (${CAUSE_NOTE[failureCause(b.rule)]}): ${escapeMarkdown(b.message, 1000)}`,
  );
  if (more > 0) lines.push(`- and ${more.toLocaleString('en-US')} more (the run report lists them all)`);
  return `### ${escapeMarkdown(policy.path)}\n\n**Not judged**: this policy fails the check whatever \`fail-on\` says.\n\n${lines.join('\n')}`;
}

const CAUSE_NOTE = {
  'pull-request': 'caused by this pull request',
  evidence: 'an evidence problem not caused by this PR',
  error: 'the run could not judge this policy',
} as const;

/**
 * One policy's sections, or, when rendering them throws, one section saying so: a report no
 * renderer foresaw must not take the other policies' sections (or the comment) with it.
 */
export function renderedOrFailure(policy: PolicyOutcome, render: () => string[]): string[] {
  try {
    return render();
  } catch (error) {
    return [
      `### ${escapeMarkdown(policy.path)}\n\n**This policy's report could not be rendered** (${escapeMarkdown(failureMessage(error), 300)}); the JSON report (output \`report\`) has it.`,
    ];
  }
}

/** The run's links with the policy's own drift issue, when the run found one. */
function policyLinks(links: RunLinks, path: string): RunLinks {
  const driftIssue =
    links.driftIssues && Object.hasOwn(links.driftIssues, path) ? links.driftIssues[path] : null;
  return driftIssue ? { ...links, driftIssue } : links;
}
