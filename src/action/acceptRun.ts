import * as core from '@actions/core';
import type { GitHubClient } from '../github/client.js';
import { shortDigest } from '../acceptance/impactDigest.js';
import { runAccept } from './acceptMode.js';
import type { RunContext } from './context.js';
import { logInfo, writeJobSummary } from './log.js';
import type { Settings } from './settings.js';

/**
 * mode: accept as a step: a refusal is the commenter's answer (a reply on the pull request), not a
 * failed job, since this workflow's checks attach to the default branch, not to the pull request.
 */
export async function runAcceptMode(
  settings: Settings,
  context: RunContext,
  client: GitHubClient,
): Promise<void> {
  const result = await runAccept({ client, settings, context, log: logInfo });
  core.setOutput('accepted-by', result.outcome === 'accepted' ? result.by : '');
  core.setOutput('impact-digest', result.outcome === 'accepted' ? result.digest : '');
  switch (result.outcome) {
    case 'ignored':
      logInfo(`nothing to accept: ${result.why}`);
      return;
    case 'refused':
      await writeJobSummary(`policy-replay did not accept: ${result.reason} (replied: ${result.replyUrl})\n`);
      return;
    default:
      logInfo(`accepted by @${result.by} for ${shortDigest(result.digest)}`);
      await writeJobSummary(
        `policy-replay: impact ${shortDigest(result.digest)} accepted by @${result.by}.\n`,
      );
  }
}
