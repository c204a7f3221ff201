import { z } from 'zod';
import { formatPath, type PathSegment } from '../document/path.js';
import { isRfc3339Instant } from '../time/rfc3339.js';
import { isInputPointer } from '../unknowns/pointer.js';
import type { INEXACT_NUMBERS } from '../unknowns/recordUnknowns.js';
import { UNAVAILABLE_ENTRIES } from '../unknowns/unavailable.js';

/**
 * One recorded gateway request (docs/traffic.md "A record").
 *
 * The zod schema is the contract and the source of the types. The reader's hot path uses
 * `isTrafficRecord`, a hand-written predicate that accepts exactly what the schema accepts (tested
 * against each other); zod then only runs on the rare malformed record, to word the reason.
 *
 * Decisions recorded here and in docs/traffic.md:
 * - Unknown top-level keys and unknown keys in `unpaired` are malformed ("unknown key"): a typo such
 *   as `unavailible` would otherwise silently drop what the telemetry said it lacked, and the
 *   replay would guess.
 * - `input` is the gateway's document: keys this tool does not know are allowed at every level, but
 *   the values a policy reads must have the type the gateway gives them (docs/policy.md "Fields").
 * - Timestamps are the `record` dialect of time/rfc3339.ts: the RFC 3339 subset OPA's
 *   `time.parse_rfc3339_ns` also accepts.
 * - Repeated entries in `unavailable` are harmless and accepted, and so are repeated
 *   `unknown_paths` (docs/unknowns.md).
 */

export const RECORDED_DECISIONS = ['allow', 'deny'] as const;

const RFC3339_MESSAGE = 'must be an RFC 3339 instant with an offset, e.g. 2026-11-27T09:15:02.120Z';

const instantSchema = z.string().refine(isRfc3339Instant, RFC3339_MESSAGE);

const POINTER_MESSAGE =
  'must be a JSON pointer (RFC 6901) starting with /input, e.g. /input/identity/claims/email';
const unknownPathSchema = z.string().refine(isInputPointer, POINTER_MESSAGE);
const stringList = z.array(z.string());

export const callSchema = z.looseObject({
  tool: z.string().optional(),
  method: z.string().optional(),
  resource_uri: z.string().optional(),
  prompt: z.string().optional(),
});

const plainObject = z.record(z.string(), z.unknown());

export const trafficInputSchema = z.looseObject({
  request: z
    .looseObject({
      time: instantSchema.optional(),
      http: z
        .looseObject({
          method: z.string().optional(),
          host: z.string().optional(),
          path: z.string().optional(),
        })
        .optional(),
      jsonrpc: z
        .looseObject({
          is_batch: z.boolean().optional(),
          unparsable_calls: z.int().nonnegative().optional(),
        })
        .optional(),
      mcp: z
        .looseObject({
          calls: z.array(callSchema).optional(),
          arguments: plainObject.optional(),
        })
        .optional(),
    })
    .optional(),
  identity: z
    .looseObject({
      verified: z.boolean().optional(),
      attributes_resolved: z.boolean().optional(),
      subject: z.string().optional(),
      issuer: z.string().optional(),
      groups: stringList.optional(),
      tags: stringList.optional(),
      attributes: z.record(z.string(), z.union([z.string(), stringList])).optional(),
      claims: plainObject.optional(),
    })
    .optional(),
});

/**
 * The most calls an unpaired batch may declare. Replaying one materialises its calls, so a
 * ~100-byte record claiming millions would exhaust memory; no gateway batch comes near this.
 */
export const MAX_UNPAIRED_CALLS = 10_000;

/**
 * The most `unknown_paths` one record may carry. Every pointer is matched against every location a
 * policy reads, in both evaluators; no export needs more than a few per record.
 */
export const MAX_UNKNOWN_PATHS = 1_024;

export const unpairedSchema = z
  .strictObject({
    call_count: z.int().nonnegative().max(MAX_UNPAIRED_CALLS),
    method: stringList.optional(),
    tool: stringList.optional(),
    resource_uri: stringList.optional(),
    prompt: stringList.optional(),
  })
  .superRefine((value, ctx) => {
    for (const key of ['method', 'tool', 'resource_uri', 'prompt'] as const) {
      const list = value[key];
      if (list !== undefined && list.length > value.call_count) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `has ${list.length} values but call_count is ${value.call_count}`,
        });
      }
    }
  });

export const trafficRecordSchema = z
  .strictObject({
    request_id: z.string().min(1, 'must be a non-empty string'),
    occurred_at: instantSchema.optional(),
    recorded_decision: z.enum(RECORDED_DECISIONS).optional(),
    policy_revision: z.string().optional(),
    manifest_id: z.string().optional(),
    input: trafficInputSchema,
    unavailable: z.array(z.enum(UNAVAILABLE_ENTRIES)).optional(),
    unknown_paths: z
      .array(unknownPathSchema)
      .max(MAX_UNKNOWN_PATHS, `must hold at most ${MAX_UNKNOWN_PATHS} pointers`)
      .optional(),
    unpaired: unpairedSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.unpaired !== undefined && value.input.request?.mcp?.calls !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['unpaired'],
        message: 'an unpaired batch must not also carry input.request.mcp.calls',
      });
    }
  });

export type TrafficCall = z.infer<typeof callSchema>;
export type TrafficInput = z.infer<typeof trafficInputSchema>;
export type Unpaired = z.infer<typeof unpairedSchema>;
export type TrafficRecord = z.infer<typeof trafficRecordSchema> & {
  [INEXACT_NUMBERS]?: readonly (readonly string[])[];
};

// ---------------------------------------------------------------------------------------------
// The hot path: the same acceptance as trafficRecordSchema, without allocating.

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function optString(v: unknown): boolean {
  return v === undefined || typeof v === 'string';
}
function optBoolean(v: unknown): boolean {
  return v === undefined || typeof v === 'boolean';
}
function isNonNegativeInt(v: unknown): boolean {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}
function isStringList(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (typeof v[i] !== 'string') return false;
  return true;
}
function optStringList(v: unknown): boolean {
  return v === undefined || isStringList(v);
}
function optInstant(v: unknown): boolean {
  return v === undefined || (typeof v === 'string' && isRfc3339Instant(v));
}

const RECORD_KEYS = new Set([
  'request_id',
  'occurred_at',
  'recorded_decision',
  'policy_revision',
  'manifest_id',
  'input',
  'unavailable',
  'unknown_paths',
  'unpaired',
]);
const UNPAIRED_KEYS = new Set(['call_count', 'method', 'tool', 'resource_uri', 'prompt']);
const UNAVAILABLE_SET: ReadonlySet<string> = new Set(UNAVAILABLE_ENTRIES);

function isRequest(v: unknown): boolean {
  if (v === undefined) return true;
  if (!isObj(v)) return false;
  if (!optInstant(v.time)) return false;
  const http = v.http;
  if (http !== undefined) {
    if (!isObj(http) || !optString(http.method) || !optString(http.host) || !optString(http.path))
      return false;
  }
  const jsonrpc = v.jsonrpc;
  if (jsonrpc !== undefined) {
    if (!isObj(jsonrpc) || !optBoolean(jsonrpc.is_batch)) return false;
    if (jsonrpc.unparsable_calls !== undefined && !isNonNegativeInt(jsonrpc.unparsable_calls)) return false;
  }
  const mcp = v.mcp;
  if (mcp !== undefined) {
    if (!isObj(mcp)) return false;
    const calls = mcp.calls;
    if (calls !== undefined) {
      if (!Array.isArray(calls)) return false;
      for (let i = 0; i < calls.length; i++) {
        const c: unknown = calls[i];
        if (!isObj(c)) return false;
        if (!optString(c.tool) || !optString(c.method) || !optString(c.resource_uri) || !optString(c.prompt))
          return false;
      }
    }
    if (mcp.arguments !== undefined && !isObj(mcp.arguments)) return false;
  }
  return true;
}

function isIdentity(v: unknown): boolean {
  if (v === undefined) return true;
  if (!isObj(v)) return false;
  if (!optBoolean(v.verified) || !optBoolean(v.attributes_resolved)) return false;
  if (!optString(v.subject) || !optString(v.issuer)) return false;
  if (!optStringList(v.groups) || !optStringList(v.tags)) return false;
  const attributes = v.attributes;
  if (attributes !== undefined) {
    if (!isObj(attributes)) return false;
    for (const key in attributes) {
      const a = attributes[key];
      if (typeof a !== 'string' && !isStringList(a)) return false;
    }
  }
  if (v.claims !== undefined && !isObj(v.claims)) return false;
  return true;
}

function isUnpaired(v: unknown): boolean {
  if (!isObj(v)) return false;
  for (const key in v) if (!UNPAIRED_KEYS.has(key)) return false;
  const count = v.call_count;
  if (!isNonNegativeInt(count) || (count as number) > MAX_UNPAIRED_CALLS) return false;
  for (const key of ['method', 'tool', 'resource_uri', 'prompt']) {
    const list = v[key];
    if (list === undefined) continue;
    if (!isStringList(list) || (list as unknown[]).length > (count as number)) return false;
  }
  return true;
}

/** Accepts exactly what `trafficRecordSchema` accepts; cheap enough for every line of a sample. */
export function isTrafficRecord(v: unknown): v is TrafficRecord {
  if (!isObj(v)) return false;
  for (const key in v) if (!RECORD_KEYS.has(key)) return false;
  const id = v.request_id;
  if (typeof id !== 'string' || id.length === 0) return false;
  if (!optInstant(v.occurred_at)) return false;
  const decision = v.recorded_decision;
  if (decision !== undefined && decision !== 'allow' && decision !== 'deny') return false;
  if (!optString(v.policy_revision) || !optString(v.manifest_id)) return false;
  const input = v.input;
  if (!isObj(input)) return false;
  if (!isRequest(input.request) || !isIdentity(input.identity)) return false;
  const unavailable = v.unavailable;
  if (unavailable !== undefined) {
    if (!Array.isArray(unavailable)) return false;
    for (let i = 0; i < unavailable.length; i++) {
      const entry: unknown = unavailable[i];
      if (typeof entry !== 'string' || !UNAVAILABLE_SET.has(entry)) return false;
    }
  }
  const unknownPaths = v.unknown_paths;
  if (unknownPaths !== undefined) {
    if (!Array.isArray(unknownPaths) || unknownPaths.length > MAX_UNKNOWN_PATHS) return false;
    for (let i = 0; i < unknownPaths.length; i++) {
      const path: unknown = unknownPaths[i];
      if (typeof path !== 'string' || !isInputPointer(path)) return false;
    }
  }
  if (v.unpaired !== undefined) {
    if (!isUnpaired(v.unpaired)) return false;
    const request = input.request as Obj | undefined;
    const mcp = request?.mcp as Obj | undefined;
    if (mcp?.calls !== undefined) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The slow path: why a value is not a record, in words an operator can act on.

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const segment of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[segment];
  }
  return v;
}

function describeType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'number') return `the number ${v}`;
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `${typeof v} ${String(v)}`;
}

const MAX_ISSUES_IN_REASON = 3;

/**
 * Why `value` is not a traffic record: up to three problems, each `path: message`, e.g.
 * `input.request.time: must be an RFC 3339 instant …`. Returns `undefined` for a valid record.
 */
export function explainInvalidRecord(value: unknown): string | undefined {
  if (!isObj(value)) return `a record must be a JSON object, got ${describeType(value)}`;
  const parsed = trafficRecordSchema.safeParse(value);
  if (parsed.success) return undefined;
  const reasons: string[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const where = formatPath([...path, key]);
        reasons.push(`${where}: unknown key`);
      }
      continue;
    }
    const where = path.length === 0 ? 'record' : formatPath(path);
    const actual = valueAt(value, issue.path);
    let message: string;
    if (issue.code === 'invalid_type' && actual === undefined) message = 'is required';
    else if (issue.code === 'invalid_type')
      message = `must be ${article(issue.expected)}, got ${describeType(actual)}`;
    else if (issue.code === 'invalid_value' && path[0] === 'unavailable' && path.length === 2)
      message = `unknown unavailable entry ${JSON.stringify(actual)} (known: ${UNAVAILABLE_ENTRIES.join(', ')})`;
    else if (issue.code === 'invalid_value')
      message = `must be one of ${issue.values.map((x) => JSON.stringify(x)).join(', ')}, got ${describeType(actual)}`;
    else if (issue.code === 'custom' && path[0] === 'unknown_paths' && path.length === 2)
      message = `${issue.message}, got ${describeType(actual)}`;
    else if (issue.code === 'too_small' && issue.origin === 'number')
      message = `must not be negative, got ${describeType(actual)}`;
    else message = issue.message;
    reasons.push(`${where}: ${message}`);
  }
  if (reasons.length === 0) return 'not a valid traffic record';
  const shown = reasons.slice(0, MAX_ISSUES_IN_REASON);
  const more = reasons.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

function article(expected: string): string {
  switch (expected) {
    case 'object':
    case 'array':
    case 'int':
      return expected === 'int' ? 'an integer' : `an ${expected}`;
    default:
      return `a ${expected}`;
  }
}
