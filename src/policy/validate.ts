import type { z } from 'zod';
import { policySchema, DAYS, ID_PATTERN, type Policy } from './schema.js';
import { formatPath, valueAtPath, type PathSegment } from '../document/path.js';
import { sortProblems, type PolicyProblem } from './problems.js';
import { parseSource, type SourceDocument } from '../document/sourceDocument.js';
import { isKnownTimeZone } from '../time/timeZone.js';
import { regoRuleName } from './regoNames.js';

export type PolicyFormat = 'json' | 'yaml';

export type ValidationResult =
  | { ok: true; policy: Policy; warnings: PolicyProblem[] }
  | {
      ok: false;
      errors: PolicyProblem[];
      warnings: PolicyProblem[];
      /**
       * The document could not be read within a resource limit (SourceDocument.overLimit): the
       * errors say which, at the file; the document may be valid, only this reader cannot tell.
       */
      overLimit?: boolean;
    };

export function formatOfPath(file: string): PolicyFormat | null {
  if (/\.json$/i.test(file)) return 'json';
  if (/\.ya?ml$/i.test(file)) return 'yaml';
  return null;
}

const MAX_UNPARSABLE = Number.MAX_SAFE_INTEGER;

/**
 * Validates a policy document's text. Pure: the caller reads the file. Every problem in the file is
 * reported in one pass, each with its JSON path and line:column; nothing is compiled from a file
 * with any error.
 */
export function validatePolicyText(text: string, file: string, format: PolicyFormat): ValidationResult {
  // A UTF-8 byte-order mark is not content (editors on Windows write one); positions stay as an
  // editor shows them.
  // Repeated keys are listed rather than fatal to parsing, so they are reported at their paths
  // together with every other problem of the file (the file is rejected either way).
  const source = parseSource(text.startsWith('\ufeff') ? text.slice(1) : text, format, {
    duplicateKeys: 'list',
  });
  if (source.syntaxErrors.length > 0) {
    const errors = source.syntaxErrors.map((e) => ({
      file,
      path: '',
      line: e.line,
      column: e.column,
      message: e.message,
      severity: 'error' as const,
    }));
    return {
      ok: false,
      errors: sortProblems(errors),
      warnings: [],
      ...(source.overLimit ? { overLimit: true } : {}),
    };
  }
  const problems = new ProblemList(file, source);
  for (const repeat of source.duplicateKeys) {
    const key = JSON.stringify(String(repeat.path[repeat.path.length - 1]));
    problems.add(
      'error',
      repeat.path,
      `key ${key} is repeated in this mapping (a mapping holds each key once)`,
      'key',
      repeat,
    );
  }
  const raw = source.value;
  const parsed = policySchema.safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) reportZodIssue(problems, raw, issue);
  checkSemantics(problems, raw);
  const errors = sortProblems(problems.errors);
  const warnings = sortProblems(problems.warnings);
  if (errors.length > 0 || !parsed.success) return { ok: false, errors, warnings };
  return { ok: true, policy: parsed.data, warnings };
}

class ProblemList {
  errors: PolicyProblem[] = [];
  warnings: PolicyProblem[] = [];
  private seen = new Set<string>();
  constructor(
    private file: string,
    private source: SourceDocument,
  ) {}
  add(
    severity: 'error' | 'warning',
    path: PathSegment[],
    message: string,
    target: 'key' | 'value' = 'value',
    at?: { line: number; column: number },
  ) {
    const { line, column } = at ?? this.source.positionOf(path, target);
    const problem: PolicyProblem = {
      file: this.file,
      path: formatPath(path),
      line,
      column,
      message,
      severity,
    };
    const key = `${severity}\0${problem.path}\0${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    (severity === 'error' ? this.errors : this.warnings).push(problem);
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return 'a string';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function reportZodIssue(problems: ProblemList, raw: unknown, issue: z.core.$ZodIssue) {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const value = valueAtPath(raw, path);
  if (value === undefined && issue.code !== 'unrecognized_keys' && path.length > 0) {
    problems.add('error', path, `required key "${String(path[path.length - 1])}" is missing`);
    return;
  }
  switch (issue.code) {
    case 'unrecognized_keys':
      for (const key of issue.keys) problems.add('error', [...path, key], `unknown key "${key}"`, 'key');
      return;
    case 'invalid_type': {
      if (value === undefined && path.length === 0) {
        problems.add('error', path, 'the file holds no document: expected a policy mapping');
        return;
      }
      if (value === undefined) {
        const key = path[path.length - 1];
        problems.add('error', path, `required key "${String(key)}" is missing`);
        return;
      }
      const hint =
        issue.expected === 'string' && (typeof value === 'boolean' || typeof value === 'number')
          ? ` (quote it: "${String(value)}")`
          : '';
      problems.add('error', path, `expected ${article(issue.expected)}, got ${describeType(value)}${hint}`);
      return;
    }
    case 'invalid_value':
      problems.add(
        'error',
        path,
        `${JSON.stringify(value)} is not allowed; expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
      );
      return;
    case 'too_small':
      problems.add('error', path, issue.message);
      return;
    case 'invalid_format':
      problems.add('error', path, `${JSON.stringify(value)} ${issue.message}`);
      return;
    default:
      problems.add('error', path, issue.message);
  }
}

function article(expected: string): string {
  if (expected === 'object') return 'a mapping';
  if (expected === 'array') return 'a list';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Checks the schema cannot express, run defensively on whatever parts have the right shape. */
function checkSemantics(problems: ProblemList, raw: unknown) {
  // A document that is not a mapping is reported by the schema.
  if (!isRecord(raw)) return;
  const rules = raw.rules;
  if (!Array.isArray(rules)) return;
  const ids = new Map<string, number>();
  const names = new Map<string, { index: number; id: string }>();
  rules.forEach((rule, index) => {
    if (!isRecord(rule)) return;
    const base: PathSegment[] = ['rules', index];
    // An id that breaks the pattern is already an error; its Rego name would be meaningless.
    if (typeof rule.id === 'string' && ID_PATTERN.test(rule.id)) {
      const first = ids.get(rule.id);
      if (first !== undefined) {
        problems.add('error', [...base, 'id'], `duplicate id "${rule.id}" (first used by rules[${first}])`);
      } else {
        ids.set(rule.id, index);
        const name = regoRuleName(rule.id);
        const clash = names.get(name);
        if (clash) {
          problems.add(
            'error',
            [...base, 'id'],
            `id "${rule.id}" maps to the Rego name ${name}, already used by rules[${clash.index}] ("${clash.id}"); ids may not differ only in "-", "." and "_"`,
          );
        } else names.set(name, { index, id: rule.id });
      }
    }
    if (rule.effect === 'allow' && raw.default_effect === 'allow') {
      problems.add(
        'warning',
        [...base, 'effect'],
        'an allow rule under default_effect: allow can never change a decision',
      );
    }
    if (typeof rule.description === 'string' && !rule.description.isWellFormed()) {
      problems.add('error', [...base, 'description'], 'contains a lone UTF-16 surrogate');
    }
    if (Array.isArray(rule.conditions)) {
      rule.conditions.forEach((condition, ci) =>
        checkCondition(problems, [...base, 'conditions', ci], condition),
      );
    }
    if (isRecord(rule.active_window)) checkWindow(problems, [...base, 'active_window'], rule.active_window);
  });
}

function checkCondition(problems: ProblemList, path: PathSegment[], condition: unknown) {
  if (!isRecord(condition) || !Array.isArray(condition.values)) return;
  const values = condition.values;
  const seen = new Set<string>();
  values.forEach((value, vi) => {
    if (typeof value !== 'string') return;
    const at = [...path, 'values', vi];
    if (!value.isWellFormed()) problems.add('error', at, 'contains a lone UTF-16 surrogate');
    if (seen.has(value)) problems.add('warning', at, `duplicate value ${JSON.stringify(value)}`);
    seen.add(value);
    if (condition.field === 'is_batch' && value !== 'true' && value !== 'false') {
      problems.add('error', at, `is_batch values must be "true" or "false", got ${JSON.stringify(value)}`);
    }
    if (condition.field === 'unparsable_calls' && !isCount(value)) {
      problems.add(
        'error',
        at,
        `unparsable_calls values must be whole non-negative numbers without sign, leading zero or fraction (at most 2^53-1), got ${JSON.stringify(value)}`,
      );
    }
  });
}

function isCount(value: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(value) && value.length <= 16 && Number(value) <= MAX_UNPARSABLE;
}

function checkWindow(problems: ProblemList, path: PathSegment[], window: Record<string, unknown>) {
  if (Array.isArray(window.days)) {
    const seen = new Set<unknown>();
    window.days.forEach((day, di) => {
      if (seen.has(day) && (DAYS as readonly unknown[]).includes(day)) {
        problems.add('error', [...path, 'days', di], `day ${JSON.stringify(day)} is listed twice`);
      }
      seen.add(day);
    });
  }
  if (typeof window.from === 'string' && window.from === window.to) {
    problems.add(
      'error',
      [...path, 'to'],
      `from and to are both ${window.from}: that reads as both "always" and "never"; say which with another window`,
    );
  }
  if (typeof window.timezone === 'string' && !isKnownTimeZone(window.timezone)) {
    const offset = /^[+-]|^(UTC|GMT)[+-]/.test(window.timezone);
    problems.add(
      'error',
      [...path, 'timezone'],
      offset
        ? `${JSON.stringify(window.timezone)} is a fixed offset; use an IANA zone name such as Europe/London so the window follows daylight-saving time`
        : `${JSON.stringify(window.timezone)} is not a time zone this tool knows (IANA names, exact case, e.g. Europe/London, America/New_York, UTC)`,
    );
  }
}
