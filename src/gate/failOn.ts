/**
 * The `fail-on` grammar, shared by the Action's input and the CLI's `--fail-on`: a comma- or
 * newline-separated list of rules (docs/action-inputs.md "fail-on rules"). Pure; a bad rule throws FailOnError with
 * a message that quotes it and says what was expected.
 */
import { FIDELITY_LEVELS, type FidelityLevel } from '../fidelity/analyze.js';
import { SIMPLE_RULES, ruleText, type FailOnRule, type SimpleRuleKind } from './gate.js';

export const DEFAULT_FAIL_ON = 'invalid-policy,newly-allowed,uncovered-newly-allowed,blocking-gaps';

export class FailOnError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FailOnError';
  }
}

/** Items of a rule list: split on commas and newlines, trimmed, empties and `#` lines dropped. */
function splitRules(text: string): string[] {
  return text
    .split(/\r?\n/)
    .filter((line) => !line.trim().startsWith('#'))
    .flatMap((line) => line.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * What each rule fails on, one line each: the CLI's help prints it and docs/cli.md carries it.
 * A Record over the rule kinds, so a new rule cannot ship without its line.
 */
const SIMPLE_RULE_MEANINGS: Record<SimpleRuleKind, string> = {
  'invalid-policy':
    'the head policy does not validate or compile (implied by no-traffic and every rule that judges traffic)',
  'newly-allowed': 'a request the base denied is allowed by the head',
  'uncovered-newly-allowed':
    'a kind of request the head newly allows never occurs in the sample, or the coverage analysis was capped or not done',
  'newly-denied': 'a request the base allowed is denied by the head',
  changes: 'any request is decided differently (either direction, or from unknown)',
  'result-changed':
    'Rego policies: a request keeps its decision but its result differs (a message, a header, a violation set)',
  'newly-unevaluable':
    'a request the base decides cannot be judged by the head (the recorded data cannot decide it under the head)',
  'blocking-gaps': 'a manifest has a blocks_replay fidelity gap, or is invalid (unreplayable)',
  malformed: 'the traffic sample has a malformed record',
  'no-traffic':
    'no sample was found, or the sample replayed no record (implied by every rule that judges traffic)',
  drift: 'a replayed decision differs from the recorded one (drift mode)',
};

/** Every form a `fail-on` item can take, with its meaning, in the order help lists them. */
export const FAIL_ON_GRAMMAR: readonly (readonly [syntax: string, meaning: string])[] = [
  ...SIMPLE_RULES.map((rule) => [rule, SIMPLE_RULE_MEANINGS[rule]] as const),
  ['unevaluable>N%', 'over N% (0 to 100, 4 decimals at most) of the evaluated requests are unevaluable'],
  ['fidelity<LEVEL', `the worst manifest grades below LEVEL (${FIDELITY_LEVELS.join(' > ')})`],
  ['none', 'nothing fails (alone only)'],
];

const FAIL_ON_HELP =
  `Expected a comma-separated list of: ${SIMPLE_RULES.join(', ')}, unevaluable>N% (N from 0 to 100), ` +
  `fidelity<LEVEL (LEVEL one of ${FIDELITY_LEVELS.slice(0, -1).join(', ')}), or none.`;

function parseFailOnItem(item: string): FailOnRule {
  const lower = item.toLowerCase();
  if ((SIMPLE_RULES as readonly string[]).includes(lower)) return { kind: lower as SimpleRuleKind };

  if (/^unevaluable\s*>/.test(lower)) {
    const m = /^unevaluable\s*>\s*(\d{1,3}(?:\.\d{1,4})?)\s*%$/.exec(lower);
    const percent = m ? Number(m[1]) : NaN;
    if (!(percent >= 0 && percent <= 100)) {
      throw new FailOnError(
        `Invalid fail-on rule '${item}'. Expected unevaluable>N% with N a number from 0 to 100 (up to 4 decimals), e.g. unevaluable>5%.`,
      );
    }
    return { kind: 'unevaluable', percent };
  }

  if (/^fidelity\s*</.test(lower)) {
    const level = lower.replace(/^fidelity\s*<\s*/, '');
    if (level === 'unreplayable') {
      throw new FailOnError(
        `Invalid fail-on rule '${item}'. No level is below unreplayable; use fidelity<partial to fail on unreplayable.`,
      );
    }
    if (!(FIDELITY_LEVELS as readonly string[]).includes(level)) {
      throw new FailOnError(
        `Invalid fail-on rule '${item}'. Expected fidelity<LEVEL with LEVEL one of ${FIDELITY_LEVELS.slice(0, -1).join(', ')}.`,
      );
    }
    return { kind: 'fidelity', below: level as FidelityLevel };
  }

  throw new FailOnError(`Invalid fail-on rule '${item}'. ${FAIL_ON_HELP}`);
}

/** Parses a `fail-on` value ('' = the default). `none` alone means no rule can fail the run. */
export function parseFailOn(raw: string): FailOnRule[] {
  const items = splitRules(raw === '' ? DEFAULT_FAIL_ON : raw);
  if (items.length === 0) return parseFailOn(DEFAULT_FAIL_ON);
  if (items.some((item) => item.toLowerCase() === 'none')) {
    if (items.length > 1) {
      throw new FailOnError(`Invalid fail-on '${raw}'. 'none' cannot be combined with other rules.`);
    }
    return [];
  }
  const seen = new Set<string>();
  const rules: FailOnRule[] = [];
  for (const item of items) {
    const rule = parseFailOnItem(item);
    const key = ruleText(rule);
    if (seen.has(key)) continue;
    seen.add(key);
    rules.push(rule);
  }
  return rules;
}
