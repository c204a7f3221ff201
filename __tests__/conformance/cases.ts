import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Decision, Policy } from '../../src/policy/schema.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import { repoRoot } from '../support/opa.js';

/** One (policy, input) pair of fixtures/conformance, with the decision written from the spec. */
export interface ConformanceCase {
  /** `file: group note / case note`, what a failure report names. */
  name: string;
  input: unknown;
  want: Decision;
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

interface RawGroup {
  note: string;
  policy: unknown;
  cases: { note: string; input: unknown; want: Decision }[];
}

/** Reads every `*.yaml` of fixtures/conformance, in file-name order. */
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
          if (typeof c.note !== 'string' || c.input === undefined || c.want === undefined) {
            throw new Error(`${file}: ${group.note}: every case needs note, input and want`);
          }
          return { name: `${file}: ${group.note} / ${c.note}`, input: c.input, want: c.want };
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
