import { ACCEPT_USAGE, parseAcceptCommand } from './command.js';
import { shortDigest } from './impactDigest.js';
import { isBot, mayAccept, sameLogin, type PermissionLevel } from './permission.js';
import type { OwnStatus } from './statusText.js';

/**
 * Whether an acceptance comment or review accepts the impact on the pull request's head
 * (docs/review.md "Accepting an intended change"). Every fact comes from the API, never from the
 * comment's hidden block, save `reportedHead`, used only to word a refusal. Pure.
 */

export interface AcceptanceRequest {
  source: 'comment' | 'review';
  body: string;
  actor: { login: string; type: string | null };
  /** A comment edited after it was posted (`updated_at` ≠ `created_at`): never counts. */
  edited: boolean;
  /** A review's state (`APPROVED`, …); null for a comment. */
  reviewState: string | null;
  /** When the comment was posted (a comment accepts only an impact judged before it). */
  createdAt?: string | null;
  /** The head a review was submitted on (a review accepts only the impact of that head). */
  commitId?: string | null;
}

export interface AcceptanceFacts {
  pullAuthor: string | null;
  /** The pull request's head now. */
  headSha: string;
  /** policy-replay's own latest status on that head (creator and context checked), if any. */
  status: OwnStatus | null;
  /** The actor's repository permission, or null when only the list was consulted. */
  permission: PermissionLevel | null;
  required: PermissionLevel;
  /** The actor is in `accept-users` (by login or team). */
  listed: boolean;
  /** The head the sticky comment reported on, when it says (wording only). */
  reportedHead: string | null;
  /** When that status was set. */
  statusCreatedAt?: string | null;
  /** Another impact of this pull request shares the typed digits: more are needed. */
  ambiguousPrefix?: boolean;
}

export type AcceptanceVerdict =
  { outcome: 'ignore' } | { outcome: 'refuse'; reason: string } | { outcome: 'accept'; digest: string };

/** The checks that need no status: the command, its form, and who sent it. */
export function screenRequest(
  request: AcceptanceRequest,
  pullAuthor: string | null,
): AcceptanceVerdict | { outcome: 'screened'; prefix: string } {
  const command = parseAcceptCommand(request.body);
  if (command.kind === 'none') return { outcome: 'ignore' };
  if (command.kind === 'malformed')
    return refuse(`the first line is not an acceptance; write ${ACCEPT_USAGE}.`);
  if (request.source === 'review' && request.reviewState !== 'APPROVED')
    return refuse('only an approving review accepts an impact; this review does not approve.');
  if (request.edited)
    return refuse(
      'this comment was edited after it was posted; an acceptance counts only unedited. Post a new comment.',
    );
  if (pullAuthor !== null && sameLogin(request.actor.login, pullAuthor))
    return refuse('the author of a pull request cannot accept its impact; another maintainer must.');
  return { outcome: 'screened', prefix: command.prefix };
}

export function judgeAcceptance(request: AcceptanceRequest, facts: AcceptanceFacts): AcceptanceVerdict {
  const screened = screenRequest(request, facts.pullAuthor);
  if (screened.outcome !== 'screened') return screened;
  const { actor } = request;
  if (isBot(actor.login, actor.type) && !facts.listed)
    return refuse(`@${actor.login} is a bot; a bot accepts only when \`accept-users\` names it.`);
  if (!mayAccept(facts, facts.required))
    return refuse(
      `@${actor.login} has ${facts.permission ?? 'no'} permission on this repository; accepting needs ${facts.required} or a place in \`accept-users\`.`,
    );
  const status = facts.status;
  const head = facts.headSha.slice(0, 12);
  if (status === null) {
    if (facts.reportedHead !== null && facts.reportedHead !== facts.headSha)
      return refuse(
        `the head moved to ${head} after the report you accepted; wait for the report of the new head, then accept its impact.`,
      );
    return refuse(
      `policy-replay has not judged the head ${head} yet (no status of its own there); wait for its report.`,
    );
  }
  if (status.acceptedBy !== null)
    return refuse(`the impact ${shortDigest(status.digest)} is already accepted by @${status.acceptedBy}.`);
  if (status.state === 'success') return refuse('the check passes: there is nothing to accept.');
  if (status.state !== 'failure')
    return refuse(`the check on ${head} is ${status.state}, not a failure to accept.`);
  if (!status.digest.startsWith(screened.prefix))
    return refuse(
      `the impact on the head ${head} is ${shortDigest(status.digest)}, not ${screened.prefix.slice(0, 12)}: the pull request changed what it does since. Read the new report, then accept its impact.`,
    );
  return boundToWhatWasSeen(request, facts, screened.prefix) ?? { outcome: 'accept', digest: status.digest };
}

/**
 * An acceptance accepts what its author could have read: a review, the impact of the head it was
 * submitted on; a comment, an impact judged before it was posted; and never digits that two
 * impacts of the pull request share (an author can make two impacts agree on 48 bits cheaply).
 */
function boundToWhatWasSeen(
  request: AcceptanceRequest,
  facts: AcceptanceFacts,
  prefix: string,
): AcceptanceVerdict | null {
  const head = facts.headSha.slice(0, 12);
  // Unknown (absent) times and commits fail closed, as a mismatch does.
  if (request.source === 'review' && request.commitId !== facts.headSha)
    return refuse(
      `this review was submitted on ${request.commitId ? request.commitId.slice(0, 12) : 'an unknown commit'}, not on the head ${head}: approve the head's report.`,
    );
  const seen = request.createdAt ? Date.parse(request.createdAt) : NaN;
  const judgedAt = facts.statusCreatedAt ? Date.parse(facts.statusCreatedAt) : NaN;
  if (request.source === 'comment' && !(judgedAt <= seen))
    return refuse(
      `the head ${head} was judged after this comment was posted: read its report, then accept its impact in a new comment.`,
    );
  if (facts.ambiguousPrefix)
    return refuse(
      `another impact of this pull request also starts with ${prefix}: write more digits of the digest (the run's \`impact-digest\` output and the status's link hold all 64).`,
    );
  return null;
}

function refuse(reason: string): AcceptanceVerdict {
  return { outcome: 'refuse', reason };
}
