/**
 * Every command's arguments, declared once. The parser (options.ts) and the help text (help.ts)
 * both read these tables, and docs/cli.md is checked against the help they print. A new flag is
 * one entry here (plus the line in the command that uses its value).
 */
import { FailOnError, parseFailOn } from '../gate/failOn.js';
import type { FailOnRule } from '../gate/gate.js';
import { parseShard, type Shard } from '../replay/evaluate/shard.js';
import { DEFAULT_MAX_ATTRIBUTION_EDITS } from '../replay/evaluate/attribution.js';
import { DEFAULT_MAX_GROUPS } from '../replay/report/changeGroups.js';
import { DEFAULT_MAX_COVERAGE_NODES } from '../replay/coverageSection.js';
import { COMPILE_LIMIT_OPTIONS, LIMIT_OPTIONS } from './limitFlags.js';
import { UsageError } from './io.js';
import { textWidthFlag } from './textWidth.js';
import {
  DecisionLogOptionError,
  parseDecisionLogOptions,
  type DecisionLogOptionsText,
} from '../traffic/decisionLog.js';
import { instant, wholeNumber, type CommandSpec, type OptionTable } from './options.js';

/** More threads than this only add memory: reading and aggregation stay on one thread. */
export const MAX_WORKERS = 64;

function failOnRules(raw: string, flag: string): FailOnRule[] {
  try {
    return parseFailOn(raw);
  } catch (error) {
    if (error instanceof FailOnError) throw new UsageError(error.message.replace(/fail-on/, flag));
    throw error;
  }
}

function shard(raw: string, flag: string): Shard {
  const parsed = parseShard(raw);
  if (parsed === null) throw new UsageError(`Invalid ${flag} '${raw}'. Expected K/N with 1 ≤ K ≤ N.`);
  return parsed;
}

/** A decision-log flag's value, checked alone as parseDecisionLogOptions checks it. */
function decisionLogValue(key: keyof DecisionLogOptionsText) {
  return (raw: string, flag: string): string => {
    try {
      parseDecisionLogOptions({ [key]: raw });
    } catch (error) {
      if (error instanceof DecisionLogOptionError)
        throw new UsageError(error.message.replace(`Invalid ${error.option} `, `Invalid ${flag} `));
      throw error;
    }
    return raw;
  };
}

function sampleArgument(raw: string, flag: string): string {
  if (raw === '') throw new UsageError(`Invalid ${flag} ''. Expected a file, directory or glob.`);
  return raw;
}

const opa = {
  type: 'string',
  value: 'PATH',
  description: 'the opa binary',
  absent: '$OPA_PATH, then opa on PATH',
} as const;

/**
 * The options `replay` and `drift` share: the sample (files, directories, globs; records or OPA
 * decision logs, docs/decision-logs.md), its filters, the output and the engine.
 */
const SAMPLE_OPTIONS = {
  traffic: {
    type: 'string',
    value: 'PATH',
    required: true,
    multiple: true,
    parse: sampleArgument,
    description:
      'the traffic sample: a file, directory or glob, repeatable (every file, in path order); records or OPA decision logs',
  },
  'decision-path': {
    type: 'string',
    value: 'PATH',
    parse: decisionLogValue('decisionPath'),
    description:
      'decision logs: replay the events of this decision path (e.g. policy_replay/decision); Rego: the decision replayed',
    absent: 'the sample must hold one path (Rego: required)',
  },
  'decision-field': {
    type: 'string',
    value: 'FIELD',
    parse: decisionLogValue('decisionField'),
    description:
      'decision logs: dotted path into result of the recorded allow (Rego: the boolean inside each result)',
    absent: 'result, result.allow, result.decision (Rego: the result is the boolean)',
  },
  bundle: {
    type: 'string',
    value: 'NAME',
    parse: decisionLogValue('bundle'),
    description: 'decision logs: the bundle whose revision is the policy revision',
    absent: 'the only bundle',
  },
  'manifest-id-field': {
    type: 'string',
    value: 'FIELD',
    parse: decisionLogValue('manifestIdField'),
    description: 'decision logs: dotted path into each event of the manifest id',
    absent: 'none',
  },
  manifests: {
    type: 'string',
    value: 'PATH',
    description: 'replay-runtime manifests: a directory, a file or a glob',
    absent: 'none',
  },
  since: {
    type: 'string',
    value: 'ISO',
    parse: instant,
    description: 'keep records with occurred_at at or after this RFC 3339 instant',
    absent: 'every record',
  },
  limit: {
    type: 'string',
    value: 'N',
    parse: wholeNumber(),
    description: 'keep the N most recent records (after --since)',
    absent: 'every record',
  },
  'max-changes': {
    type: 'string',
    value: 'N',
    parse: wholeNumber(),
    default: '50',
    description: 'changes listed in the report; the total stays true',
  },
  'max-groups': {
    type: 'string',
    value: 'N',
    parse: wholeNumber(),
    default: String(DEFAULT_MAX_GROUPS),
    description: 'change groups listed in the report; the total stays true',
  },
  'max-attribution-edits': {
    type: 'string',
    value: 'N',
    parse: wholeNumber(),
    default: String(DEFAULT_MAX_ATTRIBUTION_EDITS),
    description:
      'with more edits, `because` names the edited matched rules instead of what each edit decided',
  },
  format: {
    type: 'string',
    choices: ['json', 'markdown', 'text'],
    default: 'json',
    description: 'the report, the PR comment body, or a terminal view',
  },
  out: { type: 'string', value: 'FILE', description: 'write the report to FILE', absent: 'stdout' },
  width: {
    type: 'string',
    value: 'N',
    parse: textWidthFlag,
    description: 'text: fit every line in N columns (40 to 1000), cutting cells with …',
    absent: "the terminal's width, else 120",
  },
  workers: {
    type: 'string',
    value: 'N',
    parse: wholeNumber(MAX_WORKERS),
    description: `0 or 1 replays in-process, 2 to ${MAX_WORKERS} in worker threads`,
    absent: 'by sample size and cores',
  },
  unevaluable: {
    type: 'string',
    choices: ['precise', 'static'],
    default: 'precise',
    description: 'unevaluable only when missing data could change the decision, or whenever a rule reads it',
  },
  opa,
  'policy-kind': {
    type: 'string',
    choices: ['rules', 'rego'],
    description:
      'the policy language: a rule document, or Rego (a bundle directory, a bundle .tar.gz, a .rego file)',
    absent: 'rego for a directory, .tar.gz, .tgz or .rego; else rules',
  },
  'rego-version': {
    type: 'string',
    choices: ['v1', 'v0'],
    description: "Rego: the language version of a policy whose bundle's .manifest says none",
    absent: 'v1',
  },
  'deny-when-nonempty': {
    type: 'boolean',
    description: 'Rego: the result is a set of violations; a request is denied when it is not empty',
  },
  engine: {
    type: 'string',
    value: 'PATH',
    description: 'Rego: the policy-replay-engine binary',
    absent: '$POLICY_REPLAY_ENGINE, then PATH, then .tools/bin of this checkout',
  },
  ...LIMIT_OPTIONS,
} as const satisfies OptionTable;

export const COMPILE = {
  name: 'compile',
  summary: 'validate a policy and print its Rego (or build its WebAssembly)',
  about:
    'Validates the policy and prints the Rego it compiles to. Every problem is printed as ' +
    'file:line:column and nothing is compiled (exit 2). Only --out-wasm needs OPA.',
  positionals: {
    usage: '<policy>',
    description: 'the policy file, JSON or YAML',
    min: 1,
    max: 1,
    missing: 'compile takes one policy file',
  },
  options: {
    'out-rego': { type: 'string', value: 'FILE', description: 'write the Rego to FILE', absent: 'stdout' },
    'out-wasm': {
      type: 'string',
      value: 'FILE',
      description: 'also build the WebAssembly (opa build -t wasm) into FILE',
      absent: 'not built',
    },
    opa,
    ...COMPILE_LIMIT_OPTIONS,
  },
} as const satisfies CommandSpec;

export const REPLAY = {
  name: 'replay',
  summary: 'replay a traffic sample through the base and head of a policy change',
  about:
    'Replays every record of the sample through the head policy and, when given, the base, ' +
    'buckets each request allowed / denied / unevaluable, and lists the requests the head ' +
    'decides differently, most dangerous first, with the true total.',
  positionals: null,
  options: {
    head: { type: 'string', value: 'POLICY', required: true, description: 'the draft (head) policy file' },
    base: {
      type: 'string',
      value: 'POLICY',
      description: 'the saved (base) policy file; without it the policy is new',
      absent: 'none',
    },
    ...SAMPLE_OPTIONS,
    'fail-on': {
      type: 'string',
      value: 'RULES',
      parse: failOnRules,
      description: 'exit 1 when a gate rule is crossed (rules: policy-replay --help)',
      absent: 'none',
    },
    shard: {
      type: 'string',
      value: 'K/N',
      parse: shard,
      description: 'replay the K-th of N slices: a partial report for merge',
      absent: 'the whole sample',
    },
    'redact-subjects': {
      type: 'boolean',
      description: 'markdown: subjects as sha256: pseudonyms',
    },
    witnesses: {
      type: 'string',
      value: 'FILE',
      description: 'write one witness request per kind of changed request (JSON Lines, traffic records)',
      absent: 'not written',
    },
    shape: {
      type: 'string',
      choices: ['mcp', 'any'],
      default: 'mcp',
      description:
        "coverage: assume an MCP gateway's request shape (dropped if the sample breaks it), or none",
    },
    'max-coverage-nodes': {
      type: 'string',
      value: 'N',
      parse: wholeNumber(2 ** 26),
      default: String(DEFAULT_MAX_COVERAGE_NODES),
      description: 'coverage: decision-diagram nodes before the analysis stops as capped',
    },
  },
} as const satisfies CommandSpec;

export const DRIFT = {
  name: 'drift',
  summary: 'compare the saved policy with the decisions recorded in the traffic',
  about:
    "Replays the sample through one policy and compares each decision with the record's " +
    'recorded_decision: a drift is a scoreable record the policy now decides differently.',
  positionals: null,
  options: {
    policy: { type: 'string', value: 'POLICY', required: true, description: 'the saved policy file' },
    ...SAMPLE_OPTIONS,
    'fail-on-drift': { type: 'boolean', description: 'exit 1 when any drift is found' },
  },
} as const satisfies CommandSpec;

export const MERGE = {
  name: 'merge',
  summary: 'combine the partial reports of a sharded replay into one report',
  about:
    'Combines the partial JSON reports of replay --shard K/N (every shard, any order) into ' +
    'exactly the report one unsharded run would have produced.',
  positionals: {
    usage: '<partial.json>...',
    description: 'the partial reports',
    min: 1,
    max: Infinity,
    missing: 'merge needs the partial reports of every shard',
  },
  options: {
    'max-groups': {
      type: 'string',
      value: 'N',
      parse: wholeNumber(),
      description: 'change groups listed in the merged report',
      absent: "the partial reports' meta.max_groups",
    },
    format: SAMPLE_OPTIONS.format,
    out: SAMPLE_OPTIONS.out,
    width: SAMPLE_OPTIONS.width,
  },
} as const satisfies CommandSpec;

export const FIDELITY = {
  name: 'fidelity',
  summary: 'grade replay-runtime manifests: exact, controlled, partial or unreplayable',
  about:
    'Grades each replay-runtime v2 manifest and lists every gap with its impact. A directory ' +
    'stands for its *.json and *.jsonl files, sorted by name. Invalid manifests are part of ' +
    'the report (exit 0).',
  positionals: {
    usage: '<manifest-or-dir>...',
    description: 'manifest files (.json: one manifest; .jsonl: one a line) or directories',
    min: 1,
    max: Infinity,
    missing: 'No manifest given.',
  },
  options: {
    format: {
      type: 'string',
      choices: ['json', 'text'],
      default: 'json',
      description: 'the report, or a terminal view saying what would lift each level',
    },
  },
} as const satisfies CommandSpec;

/** The commands, in the order help lists them. */
export const COMMAND_SPECS: readonly CommandSpec[] = [COMPILE, REPLAY, DRIFT, MERGE, FIDELITY];
