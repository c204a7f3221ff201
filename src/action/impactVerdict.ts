import type { GitHubClient } from '../github/client.js';
import type { GateFailure } from '../gate/gate.js';
import { impactBlock, type ImpactBlock } from '../acceptance/hiddenBlock.js';
import { shortDigest } from '../acceptance/impactDigest.js';
import { acceptedDescription, judgedDescription, statusTargetUrl } from '../acceptance/statusText.js';
import { escapeMarkdown } from '../render/escape.js';
import { setStatus } from './commitStatus.js';
import { fromForkEvent, workflowRunUrl, type RunContext } from './context.js';
import { runImpactDigest } from './impact.js';
import { keptAcceptance } from './keptAcceptance.js';
import type { PolicyOutcome, RunReport } from './runReport.js';
import type { Settings } from './settings.js';

/**
 * A pull-request run's impact (docs/review.md "Accepting an intended change"): its digest, whether
 * a maintainer already accepted exactly this impact, the verdict that follows, the comment's notes
 * about it, and the commit status that carries it.
 */

export interface ImpactVerdict {
  digest: string;
  verdict: 'pass' | 'fail';
  acceptedBy: string | null;
  voided: { accepted_by: string; digest: string } | null;
  /** Safe markdown for the comment, under the headline. */
  notes: string[];
}

interface Deps {
  client: GitHubClient;
  settings: Settings;
  context: RunContext;
  pullNumber: number;
  log: (message: string) => void;
  warn: (message: string) => void;
}

export async function impactVerdict(
  deps: Deps,
  policies: readonly PolicyOutcome[],
  gateVerdict: 'pass' | 'fail',
  opaVersion: string | null,
): Promise<ImpactVerdict> {
  const digest = runImpactDigest(policies, deps.settings, {
    workspace: deps.context.workspace,
    tempDir: deps.context.tempDir,
    opaVersion,
  });
  const short = `\`${shortDigest(digest)}\``;
  if (gateVerdict === 'pass')
    return { digest, verdict: 'pass', acceptedBy: null, voided: null, notes: [`Impact ${short}.`] };
  let kept: Awaited<ReturnType<typeof keptAcceptance>>;
  try {
    kept = await keptAcceptance(
      {
        client: deps.client,
        repo: { owner: deps.context.owner, repo: deps.context.repo },
        settings: deps.settings,
        pullNumber: deps.pullNumber,
        log: deps.log,
      },
      digest,
    );
  } catch (error) {
    // Acceptance fails closed: a lookup that fails leaves the verdict as the gate said.
    deps.warn(`earlier acceptances could not be looked up: ${(error as Error).message}`);
    kept = { kind: 'none', note: null };
  }
  const howToAccept = `Impact ${short}. If this change is intended, a maintainer other than its author accepts this very impact by commenting \`/policy-replay accept ${shortDigest(digest)}\` (or approving with it as the review's first line); a push that changes the impact voids it.`;
  if (kept.kind === 'accepted')
    return {
      digest,
      verdict: 'pass',
      acceptedBy: kept.by,
      voided: null,
      notes: [
        `Impact ${short} **accepted by @${escapeMarkdown(kept.by)}**: the check passes for this impact only; a push that changes it voids the acceptance.`,
      ],
    };
  if (kept.kind === 'voided')
    return {
      digest,
      verdict: 'fail',
      acceptedBy: null,
      voided: { accepted_by: kept.by, digest: kept.digest },
      notes: [
        `**The acceptance by @${escapeMarkdown(kept.by)} was for impact \`${shortDigest(kept.digest)}\`, another impact**: a push changed what this pull request does, so it is judged again.`,
        howToAccept,
      ],
    };
  return {
    digest,
    verdict: 'fail',
    acceptedBy: null,
    voided: null,
    notes: [...(kept.note ? [escapeMarkdown(kept.note)] : []), howToAccept],
  };
}

/** The hidden block the comment ends with. */
export function impactCommentBlock(
  impact: ImpactVerdict,
  heads: { pullHead: string; judged: ImpactBlock['judged'] },
  failed: readonly GateFailure[],
): string {
  return impactBlock({
    digest: impact.digest,
    head: heads.pullHead,
    judged: { against: heads.judged.against, base: heads.judged.base, head: heads.judged.head },
    failed: [...new Set(failed.map((f) => f.rule))].sort(),
    accepted_by: impact.acceptedBy,
  });
}

/** Sets the commit status on the pull request's head; a refused write is a warning. */
export async function publishImpactStatus(
  deps: Deps,
  headSha: string,
  impact: ImpactVerdict,
  failed: readonly GateFailure[],
): Promise<void> {
  if (fromForkEvent(deps.context)) {
    deps.log(
      'a fork\'s pull request: its token cannot set commit statuses, so none is set (docs/action.md "Fork pull requests")',
    );
    return;
  }
  const runUrl =
    workflowRunUrl(deps.context) ?? `${deps.context.serverUrl}/${deps.context.owner}/${deps.context.repo}`;
  const rules = [...new Set(failed.map((f) => f.rule))];
  const warning = await setStatus(
    {
      client: deps.client,
      repo: { owner: deps.context.owner, repo: deps.context.repo },
      context: deps.settings.statusContext,
    },
    headSha,
    {
      state: impact.verdict === 'pass' ? 'success' : 'failure',
      description:
        impact.acceptedBy !== null
          ? acceptedDescription(impact.digest, impact.acceptedBy)
          : judgedDescription(impact.digest, rules),
      targetUrl: statusTargetUrl(runUrl, impact.digest),
    },
  );
  if (warning !== null) deps.warn(warning);
  else deps.log(`commit status ${deps.settings.statusContext} set on ${headSha}`);
}

/** The run report's `impact`. */
export function impactOfReport(impact: ImpactVerdict): NonNullable<RunReport['impact']> {
  return { digest: impact.digest, accepted_by: impact.acceptedBy, voided: impact.voided };
}
