import type { GateFacts } from '../gate/gate.js';
import type { ReportError } from '../replay/report/report.js';
import type { PolicyBlocker, PolicyOutcome } from './runReport.js';
import { MAX_LISTED } from '../text/listing.js';

/**
 * One policy's failure stays that policy's (README "Security model"): an error while replaying it
 * — a hostile document the validator did not foresee, an unreadable sample, a crash in the engine
 * or the renderer — becomes its `replay-failed` blocker, annotated and shown in its section, and
 * fails the run whatever `fail-on` says; every other policy is still replayed and reported.
 */
export const REPLAY_FAILED = 'replay-failed';

/** The message of anything thrown, with its kind when that is not a plain Error. */
export function failureMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name && error.name !== 'Error' && !error.message.startsWith(error.name)
    ? `${error.name}: ${error.message}`
    : error.message;
}

/** The blocker of a policy whose processing threw `error`, annotated at the policy file. */
export function replayFailure(path: string, error: unknown): PolicyBlocker {
  return {
    rule: REPLAY_FAILED,
    file: path,
    path: '',
    line: 1,
    column: 1,
    message: `could not be replayed: ${failureMessage(error)}`,
  };
}

/** A PolicyBlocker from an evidence or failure problem. */
export function blocker(rule: string, error: ReportError): PolicyBlocker {
  return { rule, ...error };
}

/** What the gate must fail on for this policy, whatever the rules. */
export function blockersOf(outcome: PolicyOutcome): GateFacts['blockers'] {
  return (outcome.blockers ?? []).map((b) => ({ rule: b.rule, reason: b.message }));
}

/**
 * The blockers of one policy that are annotated and listed one by one, and how many others are
 * only counted: a policy never floods the annotations or its section, whatever produced its
 * blockers. Every blocker still fails the gate and stays in the report.
 */
export function shownBlockers(
  blockers: readonly PolicyBlocker[],
  max = MAX_LISTED,
): { shown: PolicyBlocker[]; more: number } {
  return { shown: blockers.slice(0, max), more: Math.max(0, blockers.length - max) };
}
