#!/usr/bin/env node
/**
 * Writes fixtures/example-decision-logs/: the bundled example's traffic as the decision logs the
 * real OPA uploads (docs/decision-logs.md).
 *
 *   node scripts/generate-decision-logs.mjs [--records FILE] [--out DIR] [--opa FILE] [--cli FILE]
 *
 * 1. Compiles the example's base policy to Rego with this project (`node dist/cli/index.js
 *    compile`; run `npm run build` first after changing the sources).
 * 2. Starts the pinned `opa run --server` on a bundle (revision 3c9e1d2) of that Rego and the mask
 *    policy fixtures/example-decision-logs/mask.rego, with decision logs uploaded every second to
 *    a tiny HTTP receiver on 127.0.0.1 (scripts/lib/opa-decision-logs.mjs).
 * 3. POSTs each record's input (fixtures/example/traffic/sample.jsonl.gz, 6,000 records, in
 *    order) to /v1/data/policy_replay/decision, and saves each upload body as OPA sent it
 *    (gzip-compressed JSON arrays) under DIR/uploads/.
 *
 * The bytes are OPA's and are not reproducible: decision ids are random and timestamps are the
 * time of the run. Records whose export lost data (`unavailable`, `unpaired`) are posted as
 * recorded: OPA decides them without that data, as the decision log then shows.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { captureDecisionLogs } from './lib/opa-decision-logs.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    records: { type: 'string', default: join(ROOT, 'fixtures/example/traffic/sample.jsonl.gz') },
    out: { type: 'string', default: join(ROOT, 'fixtures/example-decision-logs') },
    opa: { type: 'string', default: process.env.OPA_PATH ?? join(ROOT, '.tools/bin/opa') },
    cli: { type: 'string', default: join(ROOT, 'dist/cli/index.js') },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(0);
}

const rego = execFileSync(
  process.execPath,
  [values.cli, 'compile', join(ROOT, 'fixtures/example/policies/base.yaml')],
  {
    encoding: 'utf8',
  },
);
const mask = readFileSync(join(ROOT, 'fixtures/example-decision-logs/mask.rego'), 'utf8');
const raw = readFileSync(values.records);
const text = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('utf8');
const posts = text
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => ({ path: 'policy_replay/decision', input: JSON.parse(line).input }));

const uploads = join(resolve(values.out), 'uploads');
rmSync(uploads, { recursive: true, force: true });
const work = mkdtempSync(join(tmpdir(), 'generate-decision-logs-'));
try {
  const started = Date.now();
  const { uploads: files } = await captureDecisionLogs({
    opa: resolve(values.opa),
    dir: work,
    modules: { policy_replay: rego },
    mask,
    posts,
    uploads,
    revision: '3c9e1d2',
    bundleName: 'gateway',
  });
  console.error(
    `${posts.length} decisions, ${files.length} uploads → ${uploads} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
