import type { GateFailure } from '../gate/gate.js';
import { failureCause, type FailureCause } from '../gate/failureCause.js';
import type { ReplayReport } from '../replay/report/report.js';
import { boundedList } from '../text/listing.js';
import { escapeMarkdown } from './escape.js';

/**
 * "Why it fails" (docs/action.md "The comment"): each failed gate rule of one policy, and whether
 * this pull request caused it or it is an evidence problem the pull request did not cause — then
 * what is wrong with the evidence and who fixes it. Pure.
 */

const n = (value: number) => value.toLocaleString('en-US');

const CAUSE_WORDS: Record<FailureCause, string> = {
  'pull-request': '**caused by this pull request**',
  evidence: '**evidence problem not caused by this PR**',
  error: '**the run could not judge this policy**',
};

interface FidelityLike {
  invalid?: number;
  blocking_gaps?: { path: string; reason: string; manifests: number }[];
  reports?: { id: string; missing_evidence: { impact: string }[] }[];
  /** Named invalid manifests, when the report carries them. */
  invalid_manifests?: { file: string; line?: number; problems?: { message: string }[] }[];
}

export interface PolicyEvidence {
  path: string;
  report: ReplayReport | null;
  /** Where the manifests were read from (a directory or a glob), when any were. */
  manifests: string | null;
}

/** The cause of one policy's failure, with its unevaluable counts when the rule is a share. */
export function causeOf(failure: Pick<GateFailure, 'rule'>, report: ReplayReport | null): FailureCause {
  const r = report?.result ?? null;
  return failureCause(
    failure.rule,
    r === null ? undefined : { head: r.unevaluable, base: r.base_counts?.unevaluable ?? null },
  );
}

function manifestNames(fidelity: FidelityLike, manifests: string | null): string {
  const named = (fidelity.invalid_manifests ?? []).map(
    (m) =>
      `${m.file}${m.line !== undefined ? `:${m.line}` : ''}${m.problems?.[0] ? ` (${m.problems[0].message})` : ''}`,
  );
  if (named.length > 0) return `invalid: ${escapeMarkdown(boundedList(named), 600)}`;
  const invalid = fidelity.invalid ?? 0;
  return invalid > 0
    ? `${n(invalid)} invalid manifest${invalid === 1 ? '' : 's'}${manifests !== null ? ` in ${escapeMarkdown(manifests)}` : ''}`
    : '';
}

function gapNames(fidelity: FidelityLike): string {
  const gaps = (fidelity.blocking_gaps ?? []).map(
    (g) => `${g.path}: ${g.reason} (${g.manifests} manifest${g.manifests === 1 ? '' : 's'})`,
  );
  if (gaps.length === 0) return '';
  const ids = (fidelity.reports ?? [])
    .filter((r) => r.missing_evidence.some((g) => g.impact === 'blocks_replay'))
    .map((r) => r.id);
  return `gaps that block replay: ${escapeMarkdown(boundedList(gaps), 600)}${ids.length > 0 ? `; in manifest ${escapeMarkdown(boundedList(ids), 300)}` : ''}`;
}

/** What is wrong with the evidence, and who fixes it. */
function evidenceDetail(failure: GateFailure, evidence: PolicyEvidence): string {
  const fidelity = (evidence.report?.result?.fidelity ?? {}) as FidelityLike;
  if (failure.rule === 'blocking-gaps' || failure.rule.startsWith('fidelity<')) {
    const what = [manifestNames(fidelity, evidence.manifests), gapNames(fidelity)].filter((x) => x !== '');
    return `${what.length > 0 ? `${what.join('; ')}. ` : ''}The export pipeline that ships the sample's manifests fixes it.`;
  }
  if (failure.rule === 'malformed') {
    const first = evidence.report?.result?.malformed.examples[0];
    const at =
      first?.line !== undefined
        ? `line ${first.line}`
        : first?.index !== undefined
          ? `element ${first.index}`
          : '';
    const place = [first?.file, at].filter((x) => x !== undefined && x !== '').join(', ');
    const where = first
      ? ` (first: ${escapeMarkdown(`${place !== '' ? `${place}: ` : ''}${first.reason}`, 200)})`
      : '';
    return `Records the sample holds cannot be read${where}. The export pipeline fixes it.`;
  }
  if (failure.rule === 'no-traffic') {
    return 'The workflow step that fetches the exported sample (or the export pipeline) fixes it.';
  }
  return '';
}

/** The reason without the policy path it starts with: the section already names the policy. */
function ownReason(failure: GateFailure, path: string): string {
  const prefix = `${path}: `;
  return failure.reason.startsWith(prefix) ? failure.reason.slice(prefix.length) : failure.reason;
}

/** The section, or null when nothing of this policy failed. */
export function whyItFailsMarkdown(
  failures: readonly GateFailure[],
  evidence: PolicyEvidence,
): string | null {
  if (failures.length === 0) return null;
  const lines = failures.map((f) => {
    const cause = causeOf(f, evidence.report);
    const detail = cause === 'evidence' ? evidenceDetail(f, evidence) : '';
    return `- ${escapeMarkdown(ownReason(f, evidence.path), 400)} — ${CAUSE_WORDS[cause]}${detail !== '' ? `. ${detail}` : '.'}`;
  });
  return ['**Why it fails**', '', ...lines].join('\n');
}
