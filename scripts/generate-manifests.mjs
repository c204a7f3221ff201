#!/usr/bin/env node
/**
 * Generates the replay-runtime/v2 manifests of the realistic example sample:
 * fixtures/example/traffic/sample.manifests/turn-0000.json … turn-0039.json.
 *
 *   node scripts/generate-manifests.mjs [outDir]
 *
 * Seeded, so the committed files are reproducible byte for byte (a test regenerates them and
 * compares). The mix mirrors a typical hosted-model agent deployment: 31 controlled turns (a
 * hosted model never guarantees determinism), 6 partial, 2 unreplayable, 1 invalid.
 * Plain Node ESM with no dependencies.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SEED = 0x5eed4;
const COUNT = 40;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'fixtures/example/traffic/sample.manifests'));

/** mulberry32: tiny, well-known, good enough for fixtures. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const pick = (items) => items[Math.floor(random() * items.length)];
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const hex = (n) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');

/** RFC 8785 for the JSON this script builds (no lone surrogates, finite numbers). */
function canonicalize(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalize).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalize(value[k])}`).join(',')}}`;
}
const sha256 = (value) => createHash('sha256').update(canonicalize(value), 'utf8').digest('hex');

const value = (v, withHash = false) =>
  withHash ? { state: 'value', value: v, sha256: sha256(v) } : { state: 'value', value: v };
const hashOf = (v) => ({ state: 'hash', sha256: sha256(v) });

const MODELS = [
  { provider: 'openai', deployment: 'gpt-4.1-2025-04-14' },
  { provider: 'azure-openai', deployment: 'prod-eastus-gpt-4o' },
  { provider: 'anthropic', deployment: 'claude-sonnet-4-20250514' },
];
const TASKS = [
  'Summarise yesterday’s failed deploys and open an issue for each.',
  'Find the owner of the billing-export job and ask them about the 3am spike.',
  'Read docs/runbook.md and list the steps that need production access.',
  'Check whether ticket OPS-4411 is still blocked and post a status update.',
  'Compare the last two invoices for customer 8812 and flag differences.',
  'List open pull requests touching policies/ and who reviews them.',
];
const TOOLS = [
  { name: 'read_file', input: () => ({ path: pick(['docs/runbook.md', 'README.md', 'ops/oncall.yaml']) }) },
  {
    name: 'search_issues',
    input: () => ({ query: pick(['label:deploy-failed', 'is:open OPS-4411', 'billing spike']) }),
  },
  {
    name: 'run_query',
    input: () => ({ sql: `select * from invoices where customer_id = ${int(1000, 9999)} limit 2` }),
  },
  { name: 'create_issue', input: () => ({ title: 'Deploy failed: api-gateway', labels: ['deploy-failed'] }) },
  {
    name: 'post_message',
    input: () => ({ channel: pick(['#ops', '#billing']), text: 'status update posted' }),
  },
];

function controlledTurn(id) {
  const model = pick(MODELS);
  const task = pick(TASKS);
  const system = 'You are the ops assistant. Use tools; never guess.';
  const calls = Array.from({ length: int(0, 3) }, (_, i) => {
    const tool = pick(TOOLS);
    const input = tool.input();
    return {
      id: `c${i + 1}`,
      name: tool.name,
      input: value(input),
      output: value({ ok: true, content: `recorded output of ${tool.name} #${i + 1}` }),
    };
  });
  const seeded = random() < 0.5;
  const manifest = {
    schema: 'replay-runtime/v2',
    id,
    model: {
      provider: value(model.provider),
      deployment: value(model.deployment),
      parameters: value({ temperature: pick([0, 0.2, 0.7]), max_output_tokens: pick([1024, 2048, 4096]) }),
      seed: seeded ? value(int(1, 2 ** 31)) : { state: 'absent' },
      input: value([{ role: 'user', content: task }], true),
      system_instructions: value(system, true),
      developer_instructions: { state: 'absent' },
      determinism: {
        guaranteed: false,
        basis: seeded ? 'hosted model: a seed is best effort, not a guarantee' : 'hosted model sampling',
      },
    },
    tools: {
      replay_mode: 'recorded_outputs',
      definitions: value(TOOLS.map((t) => ({ name: t.name }))),
      ledger_complete: true,
      calls,
    },
    retrieval:
      random() < 0.3
        ? {
            replay_mode: 'recorded_outputs',
            config: value({ index: 'ops-docs', top_k: 5 }),
            outputs: value([{ doc: 'runbook.md', score: 0.82 }]),
          }
        : { replay_mode: 'not_used' },
    environment: {
      code_version: value(hex(40)),
      runtime_version: value(pick(['node 22.11.0', 'node 24.1.0', 'python 3.12.4'])),
      dependency_lock: hashOf(`lock-${hex(8)}`),
      config_fingerprint: hashOf(`config-${hex(8)}`),
      container: random() < 0.5 ? value(`ghcr.io/acme/agent@sha256:${hex(64)}`) : { state: 'unavailable' },
    },
    isolation: {
      network: 'stubbed',
      filesystem: 'isolated',
      external_services: 'stubbed',
      side_effects: 'stubbed',
    },
    source: {
      trace_id: value(hex(32)),
      span_id: value(hex(16)),
      // An OpenTelemetry export mapped into the manifest is still at best controlled.
      capture: random() < 0.8 ? 'native' : 'mapped',
      provenance: value({ exporter: 'agent-runtime/2.4.1' }),
    },
  };
  return manifest;
}

/** Each degrades one controlled turn in one realistic way. */
const PARTIAL = [
  (m) => delete m.isolation, // older runtime without the isolation section
  (m) => (m.environment.dependency_lock = { state: 'unavailable' }),
  (m) => (m.tools.ledger_complete = false),
  (m) => (m.model.system_instructions = hashOf('You are the ops assistant. Use tools; never guess.')),
  (m) => (m.source.capture = 'unknown'),
  (m) => (m.retrieval = { replay_mode: 'unknown' }),
];
const UNREPLAYABLE = [
  (m) => (m.model.input = hashOf([{ role: 'user', content: 'redacted at capture' }])), // prompt redacted: hash only
  (m) => (m.isolation.side_effects = 'live'), // the turn really posted to Slack
];
const INVALID = [
  (m) => (m.model.temperature = 0.2), // not a v2 key: belongs in model.parameters
];

const ids = Array.from({ length: COUNT }, (_, i) => `turn-${String(i).padStart(4, '0')}`);
// Seeded Fisher–Yates: which turns degrade is fixed but not clustered at the start.
const order = [...ids.keys()];
for (let i = order.length - 1; i > 0; i--) {
  const j = Math.floor(random() * (i + 1));
  [order[i], order[j]] = [order[j], order[i]];
}
const degrade = new Map();
[...PARTIAL, ...UNREPLAYABLE, ...INVALID].forEach((f, k) => degrade.set(order[k], f));

mkdirSync(outDir, { recursive: true });
for (const name of readdirSync(outDir)) if (/^turn-\d{4}\.json$/.test(name)) rmSync(path.join(outDir, name));
ids.forEach((id, index) => {
  const manifest = controlledTurn(id);
  degrade.get(index)?.(manifest);
  writeFileSync(path.join(outDir, `${id}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
});
process.stderr.write(`wrote ${COUNT} manifests to ${path.relative(process.cwd(), outDir) || '.'}\n`);
