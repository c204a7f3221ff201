import type { Policy, Rule } from './schema.js';
import { classifyField, isCallerField, isDirectoryField, type CallField } from './fields.js';

/**
 * What one rule reads from the OPA input. The replay uses it to decide which recorded gaps make a
 * record unevaluable; the generator uses it to decide which missing-context checks a rule gets.
 */
export interface RuleFeatures {
  id: string;
  /** Distinct call fields (tool, method, resource_uri, prompt) its conditions read. */
  callFields: CallField[];
  /** It reads `argument:` paths. */
  arguments: boolean;
  /** It reads http_path / http_host / http_method. */
  http: boolean;
  /** It reads is_batch or unparsable_calls. */
  jsonrpc: boolean;
  /** It reads subject or issuer. */
  subjectOrIssuer: boolean;
  /** It reads `claim:` paths. */
  claims: boolean;
  /** It reads group, tag or `attribute:` (directory fields). */
  directory: boolean;
  /** It reads any caller field (needs a verified token). */
  caller: boolean;
  /** It has an active_window (reads the request time). */
  window: boolean;
  /** Two or more different call fields: needs per-call pairing of a batch. */
  combinesCallFields: boolean;
}

export interface PolicyFeatures {
  rules: RuleFeatures[];
  /** Union over the rules. */
  any: Omit<RuleFeatures, 'id'>;
}

export function ruleFeatures(rule: Rule): RuleFeatures {
  const callFields = new Set<CallField>();
  const f: RuleFeatures = {
    id: rule.id,
    callFields: [],
    arguments: false,
    http: false,
    jsonrpc: false,
    subjectOrIssuer: false,
    claims: false,
    directory: false,
    caller: false,
    window: rule.active_window !== undefined,
    combinesCallFields: false,
  };
  for (const condition of rule.conditions) {
    const kind = classifyField(condition.field);
    if (kind.kind === 'call') callFields.add(kind.name);
    if (kind.kind === 'argument') f.arguments = true;
    if (kind.kind === 'http') f.http = true;
    if (kind.kind === 'is_batch' || kind.kind === 'unparsable_calls') f.jsonrpc = true;
    if (kind.kind === 'identity') f.subjectOrIssuer = true;
    if (kind.kind === 'claim') f.claims = true;
    if (isDirectoryField(kind)) f.directory = true;
    if (isCallerField(kind)) f.caller = true;
  }
  f.callFields = [...callFields].sort();
  f.combinesCallFields = callFields.size >= 2;
  return f;
}

export function policyFeatures(policy: Policy): PolicyFeatures {
  const rules = policy.rules.map(ruleFeatures);
  const any: Omit<RuleFeatures, 'id'> = {
    callFields: [...new Set(rules.flatMap((r) => r.callFields))].sort(),
    arguments: rules.some((r) => r.arguments),
    http: rules.some((r) => r.http),
    jsonrpc: rules.some((r) => r.jsonrpc),
    subjectOrIssuer: rules.some((r) => r.subjectOrIssuer),
    claims: rules.some((r) => r.claims),
    directory: rules.some((r) => r.directory),
    caller: rules.some((r) => r.caller),
    window: rules.some((r) => r.window),
    combinesCallFields: rules.some((r) => r.combinesCallFields),
  };
  return { rules, any };
}
