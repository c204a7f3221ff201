import { shortDigest } from './impactDigest.js';

/**
 * The commit status policy-replay sets on a pull request's head (docs/review.md "The commit
 * status"): its description holds the 12 hex digits people type, and its `target_url` (the run)
 * carries the whole digest in its fragment, so that an acceptance, or a later run keeping it, is
 * bound to all 256 bits rather than to the 48 a description shows. Pure.
 */

/** GitHub refuses a longer description (422). */
export const MAX_STATUS_DESCRIPTION = 140;

const FRAGMENT = '#policy-replay-impact=';
const FRAGMENT_DIGEST = /#policy-replay-impact=([0-9a-f]{64})$/;
const ACCEPTED = /^accepted by @([A-Za-z0-9_-]+(?:\[bot\])?) for ([0-9a-f]{12})$/;
const JUDGED = /^impact ([0-9a-f]{12}): /;

function clip(text: string): string {
  const chars = [...text];
  return chars.length <= MAX_STATUS_DESCRIPTION
    ? text
    : `${chars.slice(0, MAX_STATUS_DESCRIPTION - 1).join('')}…`;
}

export function judgedDescription(digest: string, failedRules: readonly string[]): string {
  const what = failedRules.length === 0 ? 'passed' : `failed ${failedRules.join(', ')}`;
  return clip(`impact ${shortDigest(digest)}: ${what}`);
}

export function acceptedDescription(digest: string, acceptor: string): string {
  return `accepted by @${acceptor} for ${shortDigest(digest)}`;
}

export function statusTargetUrl(runUrl: string, digest: string): string {
  const base = runUrl.includes('#') ? runUrl.slice(0, runUrl.indexOf('#')) : runUrl;
  return `${base}${FRAGMENT}${digest}`;
}

/** What one of policy-replay's own statuses says, or null when it is not one this version wrote. */
export interface OwnStatus {
  state: 'error' | 'failure' | 'pending' | 'success';
  digest: string;
  /** Who accepted the impact, when the status records an acceptance. */
  acceptedBy: string | null;
  /** Where it came from: the run that set it. */
  targetUrl: string;
  createdAt?: string | null;
}

export function readOwnStatus(status: {
  state: OwnStatus['state'];
  description: string;
  targetUrl: string;
  createdAt?: string;
}): OwnStatus | null {
  const createdAt = status.createdAt === undefined ? {} : { createdAt: status.createdAt };
  const digest = FRAGMENT_DIGEST.exec(status.targetUrl)?.[1];
  if (digest === undefined) return null;
  const accepted = ACCEPTED.exec(status.description);
  if (accepted) {
    // An acceptance is a success bound to the digest it names; anything else is not one.
    if (status.state !== 'success' || accepted[2] !== shortDigest(digest)) return null;
    return {
      state: status.state,
      digest,
      acceptedBy: accepted[1]!,
      targetUrl: status.targetUrl,
      ...createdAt,
    };
  }
  const judged = JUDGED.exec(status.description);
  if (!judged || judged[1] !== shortDigest(digest)) return null;
  return { state: status.state, digest, acceptedBy: null, targetUrl: status.targetUrl, ...createdAt };
}
