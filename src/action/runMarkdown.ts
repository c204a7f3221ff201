import { escapeHtmlText, escapeMarkdown } from '../render/escape.js';
import { replayMarkdownSections } from '../render/markdown.js';
import type { GateFailure } from '../gate/gate.js';
import type { PolicyOutcome } from './runReport.js';
import { fenced } from '../render/fitSections.js';
import { failureMessage, shownBlockers } from './policyFailure.js';
import { boundedList } from '../text/listing.js';

const MAX_FAILURES_SHOWN = 50;

export interface RunMarkdownOptions {
  verdict: 'pass' | 'fail';
  failed: GateFailure[];
  policies: PolicyOutcome[];
  redactSubjects: boolean;
  maxRows: number;
  /** Rows of each policy's "What changes, and why" table. */
  maxGroupRows: number;
  title: string;
  /** Run-level notes shown under the verdict (already safe markdown). */
  notes?: string[];
}

/**
 * The sections of the PR comment and the job summary, in the order they may be cut from the end:
 * verdict and gate failures first, then each policy, then the Rego diffs.
 */
export function runMarkdownSections(options: RunMarkdownOptions): string[] {
  const sections: string[] = [];
  const icon = options.verdict === 'pass' ? '✅' : '❌';
  const head = [`## ${icon} ${options.title}: ${options.verdict}`];
  head.push(
    '',
    `${options.policies.length} polic${options.policies.length === 1 ? 'y file' : 'y files'} changed; each is replayed against its recorded traffic.`,
  );
  for (const note of options.notes ?? []) head.push('', note);
  if (options.failed.length > 0) {
    // Capped, so the verdict section always fits in one comment whatever the number of failures.
    const shown = options.failed.slice(0, MAX_FAILURES_SHOWN);
    head.push('', '**Failed gate rules**', '', ...shown.map((f) => `- ${escapeMarkdown(f.reason, 400)}`));
    if (options.failed.length > shown.length) {
      head.push(`- … and ${options.failed.length - shown.length} more (the JSON report lists every one)`);
    }
  }
  sections.push(head.join('\n'));
  for (const policy of options.policies) {
    if (policy.blockers?.length) sections.push(blockerSection(policy));
    if (policy.no_traffic && policy.errors.length === 0 && policy.report === null) {
      sections.push(
        `### ${escapeMarkdown(policy.path)}\n\n**No traffic to replay**: no sample was found for this policy (looked for ${boundedList(policy.traffic_looked.map((p) => escapeMarkdown(p)))}).`,
      );
      continue;
    }
    if (policy.report) {
      const report = policy.report;
      const parts = renderedOrFailure(policy, () =>
        replayMarkdownSections(report, {
          redactSubjects: options.redactSubjects,
          maxRows: options.maxRows,
          maxGroupRows: options.maxGroupRows,
        }),
      );
      if (policy.no_traffic) parts.push('**No traffic to replay** for this policy.');
      if (policy.base_errors && policy.base_errors.length > 0) {
        parts[0] = `${parts[0]}\n\nThe base version is invalid (${policy.base_errors.length} problem${policy.base_errors.length === 1 ? '' : 's'}, first: ${escapeMarkdown(`${policy.base_errors[0]!.path}: ${policy.base_errors[0]!.message}`, 300)}), so it was not compared: every current decision is \`unknown\`.`;
      }
      if (policy.status === 'renamed' && policy.previous_path) {
        parts[0] = `${parts[0]}\n\nRenamed from ${escapeMarkdown(policy.previous_path)}.`;
      }
      sections.push(...parts);
    }
  }
  for (const policy of options.policies) {
    if (!policy.rego_diff) continue;
    sections.push(
      [
        `<details><summary>Rego diff: ${escapeHtmlText(policy.path)}</summary>`,
        '',
        fenced(policy.rego_diff, 'diff'),
        '',
        '</details>',
      ].join('\n'),
    );
  }
  return sections;
}

/** A policy that was not judged: why, and what to do (README "Security model"). */
export function blockerSection(policy: PolicyOutcome): string {
  const { shown, more } = shownBlockers(policy.blockers ?? []);
  const lines = shown.map((b) => `- **${escapeMarkdown(b.rule)}**: ${escapeMarkdown(b.message, 1000)}`);
  if (more > 0) lines.push(`- and ${more.toLocaleString('en-US')} more (the run report lists them all)`);
  return `### ${escapeMarkdown(policy.path)}\n\n**Not judged**: this policy fails the check whatever \`fail-on\` says.\n\n${lines.join('\n')}`;
}

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
