import { describe, it, expect, beforeAll } from '@jest/globals';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { policySchema, type Policy } from '../../src/policy/schema.js';
import { generateRego } from '../../src/rego/generate.js';
import { classifyField, inputPathOf } from '../../src/policy/fields.js';
import { UNKNOWNS_KEY, unknownsPayload } from '../../src/unknowns/payload.js';
import { hasUnknowns, unknownDataOf, unknownKey } from '../../src/unknowns/recordUnknowns.js';
import { DecisionCache, MAX_KEY_LENGTH } from '../../src/replay/decisionCache/decisionCache.js';
import { DecisionKeys } from '../../src/replay/decisionCache/decisionKeys.js';
import { payloadText } from '../../src/replay/decisionCache/unknownMask.js';
import type { ReplaySide } from '../../src/replay/replay.js';
import { evaluationInput } from '../../src/traffic/evaluationInput.js';
import type { TrafficInput, TrafficRecord } from '../../src/traffic/record.js';
import { HEAD_ONLY_PRECISE, policyYaml, prepare, record, repoRoot } from './helpers.js';
import {
  RecordEvaluator,
  VERDICT_DENY,
  type RecordOutcome,
} from '../../src/replay/evaluate/recordOutcome.js';
import { SIZES } from '../support/sizes.js';

/**
 * The decision cache (src/replay/decisionCache/, docs/decision-cache.md) must never change a decision: the projection keeps
 * everything the generated Rego reads, and a cache key is shared only by inputs every policy
 * decides alike. Checked against the generated text and against evaluation on the full input.
 */

const EXAMPLE = join(repoRoot, 'fixtures/example');
const BASE = readFileSync(join(EXAMPLE, 'policies/base.yaml'), 'utf8');
const HEAD = readFileSync(join(EXAMPLE, 'policies/head.yaml'), 'utf8');

/** A policy that reads every kind of field, with awkward keys and two windows. */
const EVERY_FIELD = policyYaml({
  default_effect: 'deny',
  on_missing_context: 'deny',
  rules: [
    {
      id: 'deny-odd',
      effect: 'deny',
      conditions: [
        { field: 'argument:options.mode', operator: 'in', values: ['force'] },
        { field: 'claim:realm_access.roles', operator: 'in', values: ['banned'] },
        { field: 'claim:constructor', operator: 'in', values: ['x'] },
        { field: 'attribute:cost-center', operator: 'in', values: ['42'] },
      ],
    },
    {
      id: 'deny-http',
      effect: 'deny',
      conditions: [
        { field: 'http_host', operator: 'not_in', values: ['mcp.internal'] },
        { field: 'http_path', operator: 'in', values: ['/admin'] },
        { field: 'http_method', operator: 'in', values: ['DELETE'] },
        { field: 'is_batch', operator: 'in', values: ['true'] },
        { field: 'unparsable_calls', operator: 'not_in', values: ['0'] },
      ],
    },
    {
      id: 'allow-people',
      effect: 'allow',
      conditions: [
        { field: 'subject', operator: 'not_in', values: ['mallory'] },
        { field: 'issuer', operator: 'in', values: ['https://idp.example'] },
        { field: 'group', operator: 'in', values: ['reporting'] },
        { field: 'tag', operator: 'not_in', values: ['blocked'] },
        { field: 'tool', operator: 'in', values: ['read_file'] },
        { field: 'method', operator: 'in', values: ['tools/call'] },
      ],
      active_window: {
        days: ['mon', 'tue', 'wed', 'thu', 'fri'],
        from: '09:00',
        to: '17:30',
        timezone: 'Europe/London',
      },
    },
    {
      id: 'allow-prompts-overnight',
      effect: 'allow',
      conditions: [
        { field: 'prompt', operator: 'in', values: ['summarize'] },
        { field: 'resource_uri', operator: 'not_in', values: ['file:///secret'] },
      ],
      active_window: {
        days: ['sat', 'sun', 'mon'],
        from: '22:00',
        to: '06:15',
        timezone: 'America/New_York',
      },
    },
  ],
});

function parsePolicy(text: string): Policy {
  return policySchema.parse(parseYaml(text));
}

/**
 * EVERY_FIELD with each condition a rule of its own, and each window on a rule of its own (with a
 * condition every test input meets): every value a condition reads, and every window, then decides
 * some rule by itself.
 */
const ONE_CONDITION_EACH = (() => {
  const doc = parseYaml(EVERY_FIELD) as { rules: Array<Record<string, unknown>> };
  return policyYaml({
    default_effect: 'deny',
    on_missing_context: 'deny',
    rules: doc.rules.flatMap((rule) => [
      ...(rule.conditions as object[]).map((condition, k) => ({
        id: `${String(rule.id)}-${k}`,
        effect: rule.effect,
        conditions: [condition],
      })),
      ...(rule.active_window === undefined
        ? []
        : [
            {
              id: `${String(rule.id)}-window`,
              effect: rule.effect,
              conditions: [{ field: 'http_path', operator: 'not_in', values: ['/nowhere'] }],
              active_window: rule.active_window,
            },
          ]),
    ]),
  });
})();

/**
 * The locations the three-valued conditions read through `object.get(input, location, null)`:
 * `tv_value_in(["request", "http", "host"], …)` and the other tests of threeValued.ts.
 */
function threeValuedLocations(rego: string): string[][] {
  return [...rego.matchAll(/\btv_(?:value|boolean|number)_(?:not_)?in\((\[[^\]]*\])/g)].map(
    (m) => JSON.parse(m[1]!) as string[],
  );
}

/**
 * The input paths in generated Rego: `input.a.b["c-d"]` → ['a', 'b', 'c-d'], and the three-valued
 * conditions' locations. The unknown set under UNKNOWNS_KEY is not the record's: the cache adds it
 * (DecisionCache.evaluateThreeValued).
 */
function inputRefs(rego: string): string[][] {
  const refs: string[][] = threeValuedLocations(rego);
  for (const m of rego.matchAll(/\binput((?:\.[A-Za-z_][A-Za-z0-9_]*|\["(?:[^"\\]|\\.)*"\])+)/g)) {
    const path: string[] = [];
    for (const s of m[1]!.matchAll(/\.([A-Za-z_][A-Za-z0-9_]*)|\[("(?:[^"\\]|\\.)*")\]/g)) {
      path.push(s[1] ?? (JSON.parse(s[2]!) as string));
    }
    if (path[0] !== UNKNOWNS_KEY) refs.push(path);
  }
  return refs;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let v = root;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function setAt(root: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let v = root;
  for (const key of path.slice(0, -1)) {
    if (typeof v[key] !== 'object' || v[key] === null) v[key] = {};
    v = v[key] as Record<string, unknown>;
  }
  v[path[path.length - 1]!] = value;
}

/** The shape of helpers.ts `record()`'s input, for tests that edit it. */
interface EditableInput {
  request: {
    time?: string;
    http: Record<string, string>;
    jsonrpc: Record<string, unknown>;
    mcp: { calls: Array<Record<string, string>>; arguments: Record<string, unknown> };
  };
  identity: {
    subject: string;
    issuer: string;
    groups: string[];
    verified: boolean;
    attributes: Record<string, string>;
    claims: { [key: string]: unknown };
  };
}

describe('DecisionKeys', () => {
  for (const [name, text] of [
    ['base.yaml', BASE],
    ['head.yaml', HEAD],
    ['every field', EVERY_FIELD],
  ] as const) {
    it(`keeps every input reference of the Rego generated for ${name}`, () => {
      const policy = parsePolicy(text);
      const rego = generateRego(policy);
      const refs = inputRefs(rego);
      expect(refs.length).toBeGreaterThan(3);
      // Each request and caller condition's path is a three-valued location: if the generator
      // spelled them otherwise, this fails instead of leaving the locations unchecked.
      const conditionPaths = policy.rules
        .flatMap((rule) => rule.conditions.map((c) => classifyField(c.field)))
        .filter((kind) => kind.kind !== 'call')
        .map((kind) => JSON.stringify(inputPathOf(kind).path));
      expect(new Set(threeValuedLocations(rego).map((l) => JSON.stringify(l)))).toEqual(
        new Set(conditionPaths),
      );
      const input: Record<string, unknown> = { noise: { unread: true } };
      refs.forEach((path, i) => setAt(input, path, path.at(-1) === 'calls' ? [{ tool: `t${i}` }] : `v${i}`));
      const projected = JSON.parse(JSON.stringify(new DecisionKeys([policy]).project(input as TrafficInput)));
      for (const path of refs) {
        if (path.at(-1) === 'calls') expect(valueAt(projected, path)).toHaveLength(1);
        else expect(valueAt(projected, path)).toEqual(valueAt(input, path));
      }
      expect(projected.noise).toBeUndefined();
    });
  }

  const every = new DecisionKeys([parsePolicy(EVERY_FIELD)]);
  const input = (record('r') as { input: TrafficInput }).input;
  const withInput = (change: (i: EditableInput) => void): TrafficInput => {
    const copy = JSON.parse(JSON.stringify(input)) as EditableInput;
    change(copy);
    return copy as TrafficInput;
  };

  it('gives one key to inputs that differ only where no policy reads', () => {
    const a = every.decisionKey(input, null);
    expect(a).not.toBeNull();
    expect(
      every.decisionKey(
        withInput((i) => (i.request.http.user_agent = 'curl/8')),
        null,
      ),
    ).toBe(a);
    expect(
      every.decisionKey(
        withInput((i) => (i.identity.claims.scope = 'openid')),
        null,
      ),
    ).toBe(a);
    expect(
      every.decisionKey(
        withInput((i) => (i.request.mcp.calls[0]!.session = 's1')),
        null,
      ),
    ).toBe(a);
    // Same local minute, other seconds: the windows cannot tell them apart.
    expect(
      every.decisionKey(
        withInput((i) => (i.request.time = '2026-11-27T09:15:59.999Z')),
        null,
      ),
    ).toBe(a);
  });

  it('gives different keys when anything read decides differently, including a window opening', () => {
    // One rule per condition: each change below turns some rule's condition (or window) over.
    const each = new DecisionKeys([parsePolicy(ONE_CONDITION_EACH)]);
    const a = each.decisionKey(input, null);
    const changes: Array<(i: EditableInput) => void> = [
      (i) => (i.identity.subject = 'mallory'),
      (i) => (i.identity.groups = ['x']),
      (i) => (i.request.mcp.calls[0]!.tool = 'write_file'),
      (i) => i.request.mcp.calls.push({}),
      (i) => (i.request.mcp.arguments.options = { mode: 'force' }),
      (i) => (i.identity.claims['constructor'] = 'x'),
      (i) => (i.identity.attributes['cost-center'] = '42'),
      (i) => (i.request.jsonrpc.unparsable_calls = 1),
      (i) => (i.identity.verified = false),
      (i) => delete i.request.time,
      // 09:15 London → 08:59 London: the office-hours window closes.
      (i) => (i.request.time = '2026-11-27T08:59:00Z'),
    ];
    const keys = changes.map((c) => each.decisionKey(withInput(c), null));
    expect(new Set([a, ...keys]).size).toBe(changes.length + 1);
  });

  it("keys request and caller values by what each rule's conditions make of them together", () => {
    // deny-odd needs all four of its conditions: one of them turned alone leaves it false.
    const a = every.decisionKey(input, null);
    const mode = (i: EditableInput) => (i.request.mcp.arguments.options = { mode: 'force' });
    const banned = (i: EditableInput) => (i.identity.claims.realm_access = { roles: ['banned'] });
    const others = (i: EditableInput) => {
      i.identity.claims['constructor'] = 'x';
      i.identity.attributes['cost-center'] = '42';
    };
    expect(every.decisionKey(withInput(mode), null)).toBe(a);
    expect(every.decisionKey(withInput(banned), null)).toBe(a);
    expect(
      every.decisionKey(
        withInput((i) => {
          mode(i);
          banned(i);
        }),
        null,
      ),
    ).toBe(a);
    const all = every.decisionKey(
      withInput((i) => {
        mode(i);
        banned(i);
        others(i);
      }),
      null,
    );
    expect(all).not.toBe(a);
    // allow-people fails on one condition or on two alike.
    const issuer = every.decisionKey(
      withInput((i) => (i.identity.issuer = 'https://other.example')),
      null,
    );
    expect(issuer).not.toBe(a);
    expect(
      every.decisionKey(
        withInput((i) => {
          i.identity.issuer = 'https://other.example';
          i.identity.subject = 'mallory';
          i.identity.groups = ['x'];
        }),
        null,
      ),
    ).toBe(issuer);
    // A number where strings are compared is keyed exactly (its JSON text decides, in the Rego).
    expect(
      every.decisionKey(
        withInput((i) => (i.identity.subject = 5 as never)),
        null,
      ),
    ).not.toBe(
      every.decisionKey(
        withInput((i) => (i.identity.subject = 6 as never)),
        null,
      ),
    );
  });

  it('keys the calls by what a deny rule reads of them (some call) and an allow rule (every call)', () => {
    const projection = new DecisionKeys([
      parsePolicy(
        policyYaml({
          default_effect: 'deny',
          rules: [
            { id: 'deny-x', effect: 'deny', conditions: [{ field: 'tool', operator: 'in', values: ['x'] }] },
            {
              id: 'allow-read',
              effect: 'allow',
              conditions: [{ field: 'tool', operator: 'in', values: ['read_file'] }],
            },
          ],
        }),
      ),
    ]);
    const batch = (...tools: string[]) =>
      projection.decisionKey(
        withInput((i) => (i.request.mcp.calls = tools.map((tool) => ({ method: 'tools/call', tool })))),
        null,
      );
    // Some call is x in both, and not every call is read_file in either: only "every call is x"
    // and "some call is read_file" differ, which no rule reads.
    expect(batch('x', 'read_file')).toBe(batch('x', 'zip'));
    expect(batch('read_file')).not.toBe(batch('zip'));
    expect(batch('x')).not.toBe(batch('zip'));
    expect(batch('read_file', 'read_file')).toBe(batch('read_file'));
  });

  it('keys a value by its decision class: the sets of condition values it is in, not the value', () => {
    const a = every.decisionKey(input, null);
    // Subjects, groups and resource URIs that no condition names are interchangeable...
    expect(
      every.decisionKey(
        withInput((i) => (i.identity.subject = 'someone-else')),
        null,
      ),
    ).toBe(a);
    expect(
      every.decisionKey(
        withInput((i) => (i.identity.groups = ['reporting', 'x', 'y'])),
        null,
      ),
    ).toBe(a);
    expect(
      every.decisionKey(
        withInput((i) => (i.request.mcp.calls[0]!.resource_uri = 'file:///a')),
        null,
      ),
    ).toBe(
      every.decisionKey(
        withInput((i) => (i.request.mcp.calls[0]!.resource_uri = 'file:///b')),
        null,
      ),
    );
    // ...as are batches holding the same kinds of call, in any order and number.
    const read = { method: 'tools/call', tool: 'read_file' };
    const other = { method: 'tools/call', tool: 'zip' };
    const batch = (calls: Array<Record<string, string>>) =>
      every.decisionKey(
        withInput((i) => (i.request.mcp.calls = calls)),
        null,
      );
    expect(batch([read, other])).toBe(batch([other, read, other]));
    expect(batch([read, other])).not.toBe(batch([read]));
    // ...and batches of different kinds of call that every rule judges alike: each rule's call
    // conditions hold for some call and fail for another in both (the two-valued key keeps, per
    // rule, "some call" and "every call", not the kinds).
    const admin = { method: 'tools/call', tool: 'read_file', resource_uri: 'file:///a' };
    expect(batch([read, other, admin])).toBe(batch([other, read]));
    expect(batch([read, { method: 'tools/call', tool: 'zip', prompt: 'p' }])).toBe(batch([read, other]));
    // Numbers compare by their JSON text: such a batch is keyed by its kinds of call.
    expect(batch([read, { method: 'tools/call', tool: 5 } as never])).toMatch(/\|\{/);
    // A key by classes with unknowns (the reasons' key) keeps the calls in order: unknown
    // pointers name calls by index.
    const ordered = (calls: Array<Record<string, string>>) =>
      every.reasonKey(
        withInput((i) => (i.request.mcp.calls = calls)),
        { mask: every.maskOf([]), unpaired: false },
      );
    expect(ordered([read, other])).not.toBe(ordered([other, read]));
    // An unpaired batch's key by classes reads which values each field holds, not the pairing.
    const perField = (calls: Array<Record<string, string>>) =>
      every.reasonKey(
        withInput((i) => (i.request.mcp.calls = calls)),
        { mask: every.maskOf([]), unpaired: true },
      );
    const pair = [
      { method: 'tools/call', tool: 'read_file' },
      { method: 'prompts/get', tool: 'zip' },
    ];
    const swapped = [
      { method: 'tools/call', tool: 'zip' },
      { method: 'prompts/get', tool: 'read_file' },
    ];
    expect(perField(pair)).toBe(perField(swapped));
    expect(ordered(pair)).not.toBe(ordered(swapped));
    expect(perField(pair)).not.toBe(perField([pair[0]!, { method: 'prompts/get' }]));
    // Shapes other than strings and string arrays are keyed exactly.
    expect(
      every.decisionKey(
        withInput((i) => (i.identity.claims.realm_access = { roles: ['banned', 1] })),
        null,
      ),
    ).not.toBe(
      every.decisionKey(
        withInput((i) => (i.identity.claims.realm_access = { roles: ['banned', 2] })),
        null,
      ),
    );
  });

  it('does not read Object.prototype for a claim named constructor', () => {
    const projected = every.project(input) as { identity: { claims: Record<string, unknown> } };
    expect(Object.hasOwn(projected.identity.claims, 'constructor')).toBe(false);
    expect(JSON.stringify(projected)).not.toContain('constructor');
  });

  /** A policy of one allow rule per value set, each `field in set`. */
  const ruleEach = (field: string, sets: string[][]): Policy =>
    parsePolicy(
      policyYaml({
        default_effect: 'deny',
        rules: sets.map((values, i) => ({
          id: `allow-${i}`,
          effect: 'allow',
          conditions: [{ field, operator: 'in', values }],
        })),
      }),
    );

  it('keys a string array by the sets it meets, on a leaf of up to 30 value sets and of more', () => {
    // Up to 30 sets an array's class is a bit mask; past that, the list of sets (arrayClassBySet).
    for (const count of [3, 30, 31, 40]) {
      const groups = Array.from({ length: count }, (_, i) => `g${i}`);
      const projection = new DecisionKeys([
        ruleEach(
          'group',
          groups.map((g) => [g]),
        ),
      ]);
      const keyOf = (list: string[]) =>
        projection.decisionKey(
          withInput((i) => (i.identity.groups = list)),
          null,
        );
      const last = groups[count - 1]!;
      expect(keyOf(['g0', last])).toBe(keyOf([last, 'other', 'g0', 'g0']));
      expect(keyOf(['g0', last])).not.toBe(keyOf(['g0']));
      expect(keyOf(['g0', last])).not.toBe(keyOf([last]));
      expect(keyOf(['g1'])).not.toBe(keyOf(['g2']));
      expect(keyOf([])).toBe(keyOf(['other']));
      expect(keyOf([])).not.toBe(keyOf(['g0']));
      // Every subset of the first few sets has a key of its own.
      const first = groups.slice(0, 4);
      const subsets = Array.from({ length: 1 << first.length }, (_, bits) =>
        first.filter((_, i) => bits & (1 << i)),
      );
      expect(new Set(subsets.map(keyOf)).size).toBe(subsets.length);
    }
  });

  it('gives each list of value sets a token of its own, however many a leaf has', () => {
    const subjects = Array.from({ length: 300 }, (_, i) => `s${i}`);
    const projection = new DecisionKeys([
      ruleEach(
        'subject',
        subjects.map((s) => [s, 'shared']),
      ),
    ]);
    const keyOf = (subject: string) =>
      projection.decisionKey(
        withInput((i) => (i.identity.subject = subject)),
        null,
      );
    const keys = new Set([...subjects, 'shared', 'nobody'].map(keyOf));
    expect(keys.size).toBe(subjects.length + 2);
    expect(keyOf('nobody')).toBe(keyOf('somebody else'));
  });

  it('declines to key a time it cannot parse (the record is then evaluated on its own)', () => {
    expect(
      every.decisionKey(
        withInput((i) => (i.request.time = 'yesterday')),
        null,
      ),
    ).toBeNull();
  });
});

describe('DecisionCache', () => {
  let base: ReplaySide;
  let head: ReplaySide;
  let everyField: ReplaySide;
  let records: TrafficRecord[];

  beforeAll(async () => {
    [base, head, everyField] = await Promise.all([
      prepare(BASE, 'base.yaml'),
      prepare(HEAD, 'head.yaml'),
      prepare(EVERY_FIELD, 'every.yaml'),
    ]);
    const text = gunzipSync(readFileSync(join(EXAMPLE, 'traffic/sample.jsonl.gz'))).toString('utf8');
    records = text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as TrafficRecord);
  });

  it('decides every example record as the full input does, with a large and a tiny cache', () => {
    const mismatches: unknown[] = [];
    for (const limit of [undefined, 3]) {
      const cache = new DecisionCache([head, base], limit);
      for (const r of records) {
        const input = evaluationInput(r);
        for (const [i, side] of [head, base].entries()) {
          const cached = cache.evaluate(i, input, r.request_id);
          const own = side.engine.evaluate(input, r.request_id);
          if (!isDeepStrictEqual(cached, own))
            mismatches.push({ limit, id: r.request_id, side: i, cached, own });
        }
      }
      if (limit === undefined) expect(cache.hits).toBeGreaterThan(cache.misses);
    }
    expect(mismatches).toEqual([]);
  });

  it('decides every example record with unknowns three-valued as the full input does', () => {
    const withUnknowns = records.filter(hasUnknowns);
    expect(withUnknowns.length).toBeGreaterThan(500);
    const mismatches: unknown[] = [];
    const compare = (what: object, cached: unknown, own: unknown) => {
      if (!isDeepStrictEqual(cached, own)) mismatches.push({ ...what, cached, own });
    };
    for (const limit of [undefined, 3]) {
      const cache = new DecisionCache([head, base], limit);
      for (const r of withUnknowns) {
        const input = evaluationInput(r);
        const data = unknownDataOf(r);
        const payload = unknownsPayload(data.pointers, data.unpaired);
        const unknowns = { key: unknownKey(r), payload };
        // The uncached reference point: the record's own request and identity plus the unknown set.
        const full = { request: input.request, identity: input.identity, [UNKNOWNS_KEY]: payload };
        for (const [i, side] of [head, base].entries()) {
          const at = { limit, id: r.request_id, side: i };
          compare(
            { ...at, valued: 3 },
            cache.evaluateThreeValued(i, input, unknowns, r.request_id),
            side.engine.evaluateThreeValued(full, r.request_id),
          );
          // The two-valued decision of the same record stays its own (separate cache entries).
          compare(
            { ...at, valued: 2 },
            cache.evaluate(i, input, r.request_id),
            side.engine.evaluate(input, r.request_id),
          );
        }
      }
      if (limit === undefined) expect(cache.hits).toBeGreaterThan(0);
    }
    expect(mismatches).toEqual([]);
  });

  it('shares decisions between caches (worker threads): what one evaluated, another never evaluates', () => {
    const one = new DecisionCache([head, base]);
    const other = new DecisionCache([head, base]);
    one.share();
    const some = records.slice(0, 1_500);
    const decide = (cache: DecisionCache, r: TrafficRecord) => {
      const input = evaluationInput(r);
      if (!hasUnknowns(r)) return [cache.evaluate(0, input), cache.evaluate(1, input)];
      const data = unknownDataOf(r);
      const unknowns = { key: unknownKey(r), payload: unknownsPayload(data.pointers, data.unpaired) };
      return [cache.evaluateThreeValued(0, input, unknowns), cache.evaluateThreeValued(1, input, unknowns)];
    };
    const expected = some.map((r) => decide(one, r));
    const learned = one.learned();
    expect(learned).toHaveLength(one.misses);
    expect(one.learned()).toEqual([]);
    // As a worker receives them: structured-cloned.
    other.learn(structuredClone(learned));
    expect(some.map((r) => decide(other, r))).toEqual(expected);
    expect(other.misses).toBe(0);
  });

  it('decides windows exactly across a week, both window kinds and a DST change', () => {
    const cache = new DecisionCache([everyField]);
    const start = Date.parse('2026-10-23T00:00:00Z'); // Europe/London leaves BST on Sunday the 25th
    let compared = 0;
    for (let t = start; t < start + 8 * 86_400_000; t += 7 * 60_000 + 1_000) {
      for (const prompt of [true, false]) {
        const input = (record(`w${t}`, {}) as { input: EditableInput }).input;
        input.request.time = new Date(t).toISOString();
        if (prompt) input.request.mcp.calls = [{ method: 'prompts/get', prompt: 'summarize' }];
        const expected = everyField.engine.evaluate(input);
        expect(cache.evaluate(0, input as TrafficInput)).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(3000);
    // Most of those share a handful of keys: the cache did the work, and still agreed.
    expect(cache.hits).toBeGreaterThan(cache.misses * 10);
  });

  it('does not cache a key longer than MAX_KEY_LENGTH: memory stays bounded whatever the values', async () => {
    const side = await prepare(
      policyYaml({
        default_effect: 'allow',
        rules: [
          {
            id: 'big',
            effect: 'deny',
            conditions: [{ field: 'argument:content', operator: 'in', values: ['x'] }],
          },
        ],
      }),
    );
    const cache = new DecisionCache([side]);
    const long = (
      record('long', {}) as { input: EditableInput & { request: { mcp: { arguments?: unknown } } } }
    ).input;
    // A long string is keyed by its class (in no set): a short key, cached.
    long.request.mcp.arguments = { content: 'y'.repeat(MAX_KEY_LENGTH * 2) };
    for (let i = 0; i < 3; i++) expect(cache.evaluate(0, { ...(long as TrafficInput) }).allow).toBe(true);
    expect(cache.misses).toBe(1);
    // A value keyed exactly (an array holding a number) that would make a long key is not cached.
    long.request.mcp.arguments = { content: [1, 'y'.repeat(MAX_KEY_LENGTH * 2)] };
    for (let i = 0; i < 3; i++) expect(cache.evaluate(0, { ...(long as TrafficInput) }).allow).toBe(true);
    expect(cache.misses).toBe(4);
  });
});

/**
 * expect(actual).toEqual(expected), its matcher run only when the two differ strictly: thousands
 * of fuzz runs each compare decisions, and a strict match always passes toEqual.
 */
function expectSame(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}

/**
 * Rules whose conditions are mostly on calls, deny and allow, `in` and `not_in`, with no context
 * to miss: which kinds of call a batch holds decides here, so a two-valued key that lumps batches
 * together wrongly shows.
 */
const CALL_RULES = policyYaml({
  default_effect: 'deny',
  on_missing_context: 'ignore',
  rules: [
    {
      id: 'deny-tool-outside-calls',
      effect: 'deny',
      conditions: [
        { field: 'tool', operator: 'in', values: ['x', 'force'] },
        { field: 'method', operator: 'not_in', values: ['tools/call'] },
      ],
    },
    {
      id: 'deny-secret',
      effect: 'deny',
      conditions: [{ field: 'resource_uri', operator: 'in', values: ['file:///secret'] }],
    },
    {
      id: 'deny-no-prompt',
      effect: 'deny',
      conditions: [
        { field: 'prompt', operator: 'not_in', values: ['summarize', 'x'] },
        { field: 'is_batch', operator: 'in', values: ['true'] },
      ],
    },
    {
      id: 'allow-read',
      effect: 'allow',
      conditions: [
        { field: 'method', operator: 'in', values: ['tools/call'] },
        { field: 'tool', operator: 'in', values: ['read_file', 'x'] },
      ],
    },
    {
      id: 'allow-prompts',
      effect: 'allow',
      conditions: [{ field: 'prompt', operator: 'not_in', values: ['summarize'] }],
    },
    {
      id: 'allow-resources',
      effect: 'allow',
      conditions: [
        { field: 'resource_uri', operator: 'not_in', values: ['file:///secret'] },
        { field: 'method', operator: 'in', values: ['resources/read', 'tools/call'] },
      ],
    },
  ],
});

describe.each([
  ['every field', EVERY_FIELD],
  ['call rules', CALL_RULES],
])('decision classes are exact (fuzz, %s)', (name, policyText) => {
  let side: ReplaySide;
  beforeAll(async () => {
    side = await prepare(policyText, `${name}.yaml`);
  });

  /** Values a condition may meet: the policy's own strings, fresh ones, and every other shape. */
  const named = ['force', 'banned', 'x', '42', 'mcp.internal', '/admin', 'DELETE', 'mallory', 'reporting'];
  const more = ['https://idp.example', 'blocked', 'read_file', 'tools/call', 'summarize', 'file:///secret'];
  const str = fc.constantFrom(...named, ...more, 'other', 'zzz', '');
  const value = fc.oneof(
    { weight: 6, arbitrary: str },
    { weight: 3, arbitrary: fc.array(str, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, 42, 0, true, false, { a: 1 }, [1, 'x'], ['x', null]) },
  );
  const maybe = (arb: fc.Arbitrary<unknown>) => fc.option(arb, { nil: undefined, freq: 4 });
  const call = fc.record(
    { tool: maybe(value), method: maybe(str), prompt: maybe(value), resource_uri: maybe(str) },
    { requiredKeys: [] },
  );
  const input = fc.record({
    request: fc.record({
      time: fc.constantFrom('2026-11-27T09:15:02Z', '2026-11-28T23:30:00Z', '2026-11-30T03:00:00Z'),
      http: fc.record({ host: maybe(value), path: maybe(value), method: maybe(value) }, { requiredKeys: [] }),
      jsonrpc: fc.record(
        {
          is_batch: maybe(fc.constantFrom(true, false, 'true')),
          unparsable_calls: maybe(fc.constantFrom(0, 1, 2)),
        },
        { requiredKeys: [] },
      ),
      mcp: fc.record(
        {
          calls: maybe(fc.array(call, { maxLength: 4 })),
          arguments: maybe(fc.record({ options: fc.record({ mode: value }) })),
        },
        { requiredKeys: [] },
      ),
    }),
    identity: fc.record(
      {
        verified: maybe(fc.constantFrom(true, false)),
        attributes_resolved: maybe(fc.constantFrom(true, false)),
        subject: maybe(value),
        issuer: maybe(value),
        groups: maybe(value),
        tags: maybe(value),
        attributes: maybe(fc.record({ 'cost-center': value })),
        claims: maybe(
          fc.record({ realm_access: fc.oneof(value, fc.record({ roles: value })), constructor: value }),
        ),
      },
      { requiredKeys: [] },
    ),
  });

  /** Strings no condition of EVERY_FIELD names, swapped for one another. */
  const unnamed: Record<string, string> = { other: 'zzz', zzz: '', '': 'other' };
  /**
   * The same input with every value replaced by another of its decision class: strings no
   * condition names swapped, string arrays and call lists reversed with their first element
   * repeated. Every policy decides it as the original.
   */
  function twin(v: unknown, key = ''): unknown {
    if (typeof v === 'string') return key === 'time' ? v : (unnamed[v] ?? v);
    if (Array.isArray(v)) {
      const mapped = v.map((e) => twin(e));
      const reorder = key === 'calls' || mapped.every((e) => typeof e === 'string');
      return reorder && mapped.length > 0 ? [...mapped.reverse(), mapped[0]] : mapped;
    }
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, twin(e, k)]));
    return v;
  }

  it('inputs of one decision class share a key and get the decision each gets on its own', () => {
    const cache = new DecisionCache([side], 1 << 20);
    const projection = new DecisionKeys([parsePolicy(policyText)]);
    const keys = new Set<string | null>();
    fc.assert(
      fc.property(input, (generated) => {
        const original = JSON.parse(JSON.stringify(generated)) as TrafficInput;
        const other = twin(original) as TrafficInput;
        const key = projection.decisionKey(original, null);
        if (projection.decisionKey(other, null) !== key)
          expect(projection.decisionKey(other, null)).toBe(key);
        keys.add(key);
        expectSame(cache.evaluate(0, original), side.engine.evaluate(original));
        expectSame(cache.evaluate(0, other), side.engine.evaluate(other));
      }),
      { numRuns: SIZES.projectionRuns, seed: 20261130 },
    );
    // Each distinct key was evaluated once (counted, not timed): a decided class is never evaluated
    // again, its twin included.
    expect(cache.misses).toBe(keys.size);
    expect(cache.hits).toBe(2 * SIZES.projectionRuns - keys.size);
  });

  /** Unknown pointers (segments below /input): call fields by index and `*`, whole calls, inside a field. */
  const pointer = fc.constantFrom(
    ['request', 'mcp', 'calls', '*', 'tool'],
    ['request', 'mcp', 'calls', '*', 'prompt'],
    ['request', 'mcp', 'calls', '0'],
    ['request', 'mcp', 'calls', '1', 'method'],
    ['request', 'mcp', 'calls', '2', 'resource_uri'],
    ['request', 'mcp', 'calls', '0', 'tool', 'x'],
    ['request', 'mcp', 'calls', '5', 'tool'],
    ['request', 'mcp', 'calls'],
    ['request', 'time'],
    ['request', 'jsonrpc', 'is_batch'],
    ['request', 'http', 'host'],
    ['identity', 'verified'],
    ['identity', 'groups'],
    ['identity', 'claims'],
  );

  it('three-valued: records with one unknown set and one key get the decision each gets on its own', () => {
    const cache = new DecisionCache([side], 1 << 20);
    const projection = new DecisionKeys([parsePolicy(policyText)]);
    const keys = new Set<string>();
    let uncached = 0;
    fc.assert(
      fc.property(
        input,
        fc.uniqueArray(pointer, { minLength: 1, maxLength: 3, selector: (p) => p.join('/') }),
        fc.option(fc.integer({ min: 0, max: 4 }), { nil: null, freq: 4 }),
        (generated, pointers, callCount) => {
          const original = JSON.parse(JSON.stringify(generated)) as TrafficInput;
          const sorted = [...pointers].sort((a, b) => (a.join('/') < b.join('/') ? -1 : 1));
          const unpaired = callCount === null ? null : { call_count: callCount };
          const payload = unknownsPayload(sorted, unpaired);
          const unknowns = { key: `${callCount ?? 'p'}${JSON.stringify(sorted)}`, payload };
          const full = { request: original.request, identity: original.identity, [UNKNOWNS_KEY]: payload };
          expectSame(cache.evaluateThreeValued(0, original, unknowns), side.engine.evaluateThreeValued(full));
          const mask = projection.maskOf(payload.unknown);
          const key = projection.decisionKey(original, { mask, unpaired: unpaired !== null });
          if (key === null) uncached++;
          else keys.add(`${payloadText(payload)}\0${key}`);
        },
      ),
      { numRuns: SIZES.projectionRuns, seed: 20261201 },
    );
    // One evaluation per distinct key (counted, not timed): a decided class is never evaluated again.
    expect(cache.misses).toBe(keys.size + uncached);
  });
});

describe('a lone surrogate', () => {
  /**
   * `"\ud800"` is legal JSON text, but opa-wasm refuses to read a lone surrogate. Such a value and
   * a plain unnamed string share a decision class, so a decision cached from one record must not
   * answer for the other: the record is evaluated on its own, in whatever order they come, and is
   * malformed (its evaluation error) both ways, while the plain record is decided both ways.
   */
  const policy = policyYaml({
    default_effect: 'deny',
    rules: [
      {
        id: 'allow-odd',
        effect: 'allow',
        conditions: [{ field: 'http_path', operator: 'in', values: ['\uFFFD'] }],
      },
    ],
  });
  const line = (id: string, path: string) =>
    JSON.stringify({ request_id: id, input: { request: { http: { method: 'POST', host: 'h', path } } } });
  const plain = line('plain', 'x');
  // JSON.stringify writes a lone surrogate as the escape `\ud800`.
  const odd = line('odd', '\ud800');

  it('is evaluated on its own, so the outcome does not depend on the order of the records', async () => {
    expect(odd).toContain('\\ud800');
    const side = await prepare(policy);
    for (const order of [
      [plain, odd],
      [odd, plain],
    ]) {
      const evaluator = new RecordEvaluator(HEAD_ONLY_PRECISE, side, null);
      const outcomes = order.map((text, i) => evaluator.evaluateText(text, i + 1));
      const byId = new Map(outcomes.map((o) => [(o as RecordOutcome).request_id, o as RecordOutcome]));
      expect(byId.get('odd')!.error).not.toBeNull();
      expect(byId.get('plain')!.error).toBeNull();
      expect(byId.get('plain')!.primary).toBe(VERDICT_DENY);
    }
  });
});
