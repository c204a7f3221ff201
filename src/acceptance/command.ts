/**
 * The acceptance command (docs/review.md "Accepting an intended change"): the first line of a
 * comment or an approving review, `/policy-replay accept <digest>`, where the digest is the first
 * 12 (up to all 64) hex digits of the impact digest the comment shows. Pure.
 */

export type AcceptCommand =
  /** Not addressed to policy-replay: ignored without a reply. */
  | { kind: 'none' }
  | { kind: 'accept'; prefix: string }
  /** Addressed to policy-replay but not a valid acceptance: refused with the usage. */
  | { kind: 'malformed' };

export const ACCEPT_USAGE = '`/policy-replay accept <the 12 hex digits of the impact the comment shows>`';

const COMMAND = /^\/policy-replay\s+accept\s+([0-9a-fA-F]{12,64})\s*$/;
const ADDRESSED = /^\/policy-replay(?:\s|$)/;

export function parseAcceptCommand(body: string): AcceptCommand {
  const end = body.indexOf('\n');
  const first = (end < 0 ? body : body.slice(0, end)).trim();
  if (!ADDRESSED.test(first)) return { kind: 'none' };
  const match = COMMAND.exec(first);
  return match ? { kind: 'accept', prefix: match[1]!.toLowerCase() } : { kind: 'malformed' };
}
