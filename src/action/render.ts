import { escapeMarkdown } from '../render/escape.js';
import { replayMarkdownSections } from '../render/markdown.js';
import type { GateFailure } from './gate.js';
import type { PolicyOutcome } from './runReport.js';
import { fenced } from './body.js';

export interface RunMarkdownOptions {
  verdict: 'pass' | 'fail';
  failed: GateFailure[];
  policies: PolicyOutcome[];
  redactSubjects: boolean;
  maxRows: number;
  title: string;
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
  if (options.failed.length > 0) {
    head.push(
      '',
      '**Failed gate rules**',
      '',
      ...options.failed.map((f) => `- ${escapeMarkdown(f.reason, 400)}`),
    );
  }
  sections.push(head.join('\n'));
  for (const policy of options.policies) {
    if (policy.no_traffic && policy.errors.length === 0 && policy.report === null) {
      sections.push(
        `### ${escapeMarkdown(policy.path)}\n\n**No traffic to replay**: no sample was found for this policy (looked for ${policy.traffic_looked.map((p) => escapeMarkdown(p)).join(', ')}).`,
      );
      continue;
    }
    if (policy.report) {
      const parts = replayMarkdownSections(policy.report, {
        redactSubjects: options.redactSubjects,
        maxRows: options.maxRows,
      });
      if (policy.no_traffic) parts.push('**No traffic to replay** for this policy.');
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
        `<details><summary>Rego diff: ${escapeMarkdown(policy.path)}</summary>`,
        '',
        fenced(policy.rego_diff, 'diff'),
        '',
        '</details>',
      ].join('\n'),
    );
  }
  return sections;
}
