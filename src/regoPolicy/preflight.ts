/**
 * What refuses a Rego replay before any record is read (docs/rego.md "Refused"): each refusal a
 * typed value with where it was found, so the command exits 2 with every one of them listed. Pure:
 * the engine's answers (its load error, each side's reads and rule groups) are given.
 */
import type { RegoVersion } from './engineProcess.js';
import { textAt } from './projection.js';
import type { RegoBundle } from './bundle.js';
import type { RegoEvent } from './regoEvent.js';

export type RefusalCode =
  | 'unknown_builtin'
  | 'data_outside_bundle'
  | 'event_without_path'
  | 'rego_version_mismatch'
  | 'undefined_decision_path';

export interface Refusal {
  code: RefusalCode;
  /** Which side (`base`, `head`), or null for the sample and the options. */
  side: string | null;
  message: string;
  /** Where, when a file says it: the policy file and its line, or the event's position. */
  file?: string;
  line?: number;
}

/** The Rego version a side is read with: its manifest's, else the option's, else v1. */
export function regoVersionOf(
  side: string,
  bundle: RegoBundle,
  option: RegoVersion | null,
): { version: RegoVersion; refusal: Refusal | null } {
  const manifest = bundle.regoVersion;
  if (manifest !== null && option !== null && manifest !== option)
    return {
      version: manifest,
      refusal: {
        code: 'rego_version_mismatch',
        side,
        message: `the ${side}'s manifest says rego_version ${manifest === 'v0' ? 0 : 1}, and --rego-version says ${option}`,
      },
    };
  return { version: manifest ?? option ?? 'v1', refusal: null };
}

/**
 * The data a side reads that its bundle does not hold: a service loads it from elsewhere (an
 * external data source, a second bundle), so the replay cannot decide as the service did.
 */
export function dataOutsideBundle(side: string, bundle: RegoBundle, dataReads: readonly string[]): Refusal[] {
  return dataReads
    .filter((pointer) => textAt(bundle.data, pointer) === undefined)
    .map((pointer) => ({
      code: 'data_outside_bundle' as const,
      side,
      message: `the ${side} reads data at ${pointer}, which its bundle does not hold (a service that loads it from elsewhere cannot be replayed: add it to the bundle)`,
    }));
}

/**
 * The decision path names no rule of either side, and no data: every record would be undefined on
 * both sides, which says nothing about the change.
 */
export function undefinedDecisionPath(
  decisionPath: string,
  sides: readonly { side: string; ruleRefs: readonly string[]; bundle: RegoBundle }[],
): Refusal | null {
  const ref = `data.${decisionPath
    .replace(/^data[./]/, '')
    .split('/')
    .join('.')}`;
  const defined = sides.some(
    (s) =>
      s.ruleRefs.some((r) => r === ref || ref.startsWith(`${r}.`) || r.startsWith(`${ref}.`)) ||
      textAt(s.bundle.data, `/${ref.split('.').join('/')}`) !== undefined,
  );
  return defined
    ? null
    : {
        code: 'undefined_decision_path',
        side: null,
        message: `no rule and no data of either policy defines the decision path ${decisionPath}`,
      };
}

/** An event a replay of one decision path cannot take: an ad-hoc query, or no path logged. */
export function eventRefusal(event: RegoEvent, position: { file?: string; line: number }): Refusal | null {
  if (event.path !== null) return null;
  return {
    code: 'event_without_path',
    side: null,
    message:
      'a decision event without a path (an ad-hoc query, or a log that does not record paths) cannot be replayed against a decision path',
    ...position,
  };
}

/** An engine load failure for a builtin OPA 1.22.3 does not have (a service's custom builtin). */
export function unknownBuiltin(
  side: string,
  message: string,
  location?: { file: string; line: number },
): Refusal {
  return {
    code: 'unknown_builtin',
    side,
    message: `the ${side} calls a builtin the pinned OPA does not have (a service's own builtin cannot be replayed): ${message}`,
    ...(location ? { file: location.file, line: location.line } : {}),
  };
}
