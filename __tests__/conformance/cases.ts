import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Decision, Policy } from '../../src/policy/schema.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import { isTrafficRecord } from '../../src/traffic/record.js';
import type { UnevaluableReason } from '../../src/unknowns/reasons.js';
import { repoRoot } from '../support/opa.js';
import type { UnknownRecord } from '../support/threeWay.js';

/** The three-valued outcome a case expects (docs/unknowns.md), written by hand from the contract. */
export interface WantThreeValued {
  decision: 'allow' | 'deny' | 'unevaluable';
  matched_rule_ids: string[];
  missing_context_rule_ids: string[];
  undecided_rule_ids: string[];
  undecided_context_rule_ids: string[];
  /** The reasons of an unevaluable record, sorted; [] for a decided one. */
  reasons: UnevaluableReason[];
}

/** One (policy, record) pair of fixtures/conformance, with the outcome written from the spec. */
export interface ConformanceCase {
  /** `file: group note / case note`, what a failure report names. */
  name: string;
  input: unknown;
  /** The record as the three-valued evaluation sees it: its input and what it does not know. */
  record: UnknownRecord;
  /** The two-valued decision; only for a record that knows everything (no unknowns). */
  want: Decision | null;
  /** The three-valued outcome; for a record without unknowns, `want` in three values. */
  want3: WantThreeValued;
  /** The case has unavailable entries, unknown_paths or an unpaired batch. */
  hasUnknowns: boolean;
}

/** One policy with the cases that run against it (one entry of a conformance file). */
export interface ConformanceGroup {
  file: string;
  note: string;
  /** The policy as the fixture spells it (not yet validated). */
  rawPolicy: unknown;
  cases: ConformanceCase[];
}

export const conformanceDir = join(repoRoot, 'fixtures/conformance');

interface RawCase {
  note: string;
  input: unknown;
  want?: Decision;
  want3?: WantThreeValued;
  unavailable?: string[];
  unknown_paths?: string[];
  unpaired?: unknown;
}

interface RawGroup {
  note: string;
  policy: unknown;
  cases: RawCase[];
}

function fromTwoValued(want: Decision): WantThreeValued {
  return {
    decision: want.allow ? 'allow' : 'deny',
    matched_rule_ids: want.matched_rule_ids,
    missing_context_rule_ids: want.missing_context_rule_ids,
    undecided_rule_ids: [],
    undecided_context_rule_ids: [],
    reasons: [],
  };
}

/**
 * Reads every `*.yaml` of fixtures/conformance, in file-name order. A case without unknowns gives
 * its two-valued `want`; one with unknowns (`unavailable`, `unknown_paths`, `unpaired`) gives
 * `want3`, and must be a valid traffic record.
 */
export function loadConformanceGroups(dir = conformanceDir): ConformanceGroup[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  const groups: ConformanceGroup[] = [];
  for (const file of files) {
    const raw = parse(readFileSync(join(dir, file), 'utf8')) as RawGroup[];
    if (!Array.isArray(raw)) throw new Error(`${file}: expected a list of groups`);
    for (const group of raw) {
      if (typeof group.note !== 'string' || !Array.isArray(group.cases) || group.cases.length === 0) {
        throw new Error(`${file}: every group needs a note and at least one case`);
      }
      groups.push({
        file,
        note: group.note,
        rawPolicy: group.policy,
        cases: group.cases.map((c) => {
          const name = `${file}: ${group.note} / ${c.note}`;
          const hasUnknowns =
            c.unavailable !== undefined || c.unknown_paths !== undefined || c.unpaired !== undefined;
          if (typeof c.note !== 'string' || c.input === undefined) {
            throw new Error(`${name}: every case needs note and input`);
          }
          if (hasUnknowns ? c.want3 === undefined || c.want !== undefined : c.want === undefined) {
            throw new Error(`${name}: a case with unknowns needs want3 (and no want), any other case want`);
          }
          const record: UnknownRecord = { input: c.input as UnknownRecord['input'] };
          if (c.unavailable !== undefined) record.unavailable = c.unavailable as UnknownRecord['unavailable'];
          if (c.unknown_paths !== undefined) record.unknown_paths = c.unknown_paths;
          if (c.unpaired !== undefined) record.unpaired = c.unpaired as UnknownRecord['unpaired'];
          if (hasUnknowns && !isTrafficRecord({ request_id: 'case', ...record })) {
            throw new Error(`${name}: not a valid traffic record`);
          }
          return {
            name,
            input: c.input,
            record,
            want: c.want ?? null,
            want3: c.want3 ?? fromTwoValued(c.want!),
            hasUnknowns,
          };
        }),
      });
    }
  }
  return groups;
}

/** Runs the fixture's policy through the real validator, as a JSON document. */
export function validateGroupPolicy(group: ConformanceGroup): Policy {
  const result = validatePolicyText(
    JSON.stringify(group.rawPolicy, null, 2),
    `${group.file}#${group.note}`,
    'json',
  );
  if (!result.ok) {
    throw new Error(
      `${group.file}: ${group.note}: the policy does not validate:\n${result.errors.map((e) => `  ${e.path}: ${e.message}`).join('\n')}`,
    );
  }
  return result.policy;
}
