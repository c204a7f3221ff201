import { parseSource } from '../document/sourceDocument.js';
import type { PolicyProblem } from './problems.js';
import type { Policy } from './schema.js';

/**
 * Bounds on what one policy file may ask of the compiler (docs/security.md "Limits").
 * A pull request controls its policy files: without a bound a 10 MB document, or one condition of
 * 100,000 values, keeps `opa build` busy for minutes. Each bound is an error at the file (exit 2,
 * an annotation in the Action) that names the limit and how to raise it.
 */
export interface PolicyLimits {
  /** Size of the policy file in UTF-8 bytes. */
  maxPolicyBytes: number;
  /** Condition values summed over every rule of the policy. */
  maxPolicyValues: number;
}

/** 1 MiB: a 1,000-rule policy of 20 values per rule is about 270 KB. */
export const DEFAULT_MAX_POLICY_BYTES = 1 << 20;
/** Compiles in seconds with OPA 1.22; 100,000 values take over a minute. */
export const DEFAULT_MAX_POLICY_VALUES = 25_000;

export const DEFAULT_POLICY_LIMITS: PolicyLimits = {
  maxPolicyBytes: DEFAULT_MAX_POLICY_BYTES,
  maxPolicyValues: DEFAULT_MAX_POLICY_VALUES,
};

const n = (value: number) => value.toLocaleString('en-US');

function problem(file: string, path: string, line: number, column: number, message: string): PolicyProblem {
  return { file, path, line, column, message, severity: 'error' };
}

/** The size bound, checked before the text is parsed at all. */
export function policySizeProblem(text: string, file: string, limits: PolicyLimits): PolicyProblem | null {
  // A string of L UTF-16 units holds at most 3L bytes of UTF-8: most texts need no counting.
  if (text.length * 3 <= limits.maxPolicyBytes) return null;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= limits.maxPolicyBytes) return null;
  return problem(
    file,
    '',
    1,
    1,
    `the policy file is ${n(bytes)} bytes, over the ${n(limits.maxPolicyBytes)}-byte limit for a policy ` +
      "(raise it with --max-policy-bytes, or max-policy-bytes in the Action's limits input)",
  );
}

/** The values bound, on a validated policy; the problem points at its longest value list. */
export function policyValuesProblem(
  policy: Policy,
  source: { text: string; file: string; format: 'json' | 'yaml' },
  limits: PolicyLimits,
): PolicyProblem | null {
  let total = 0;
  let largest = { count: -1, rule: 0, condition: 0 };
  policy.rules.forEach((rule, r) =>
    rule.conditions.forEach((condition, c) => {
      total += condition.values.length;
      if (condition.values.length > largest.count)
        largest = { count: condition.values.length, rule: r, condition: c };
    }),
  );
  if (total <= limits.maxPolicyValues) return null;
  const path = ['rules', largest.rule, 'conditions', largest.condition, 'values'];
  const { line, column } = parseSource(source.text, source.format).positionOf(path);
  return problem(
    source.file,
    `rules[${largest.rule}].conditions[${largest.condition}].values`,
    line,
    column,
    `the policy has ${n(total)} condition values, over the limit of ${n(limits.maxPolicyValues)} per policy ` +
      `(this list holds ${n(largest.count)}); raise it with --max-policy-values, or max-policy-values in the Action's limits input`,
  );
}
