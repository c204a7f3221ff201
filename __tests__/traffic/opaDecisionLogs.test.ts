import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { captureDecisionLogs } from '../../scripts/lib/opa-decision-logs.mjs';
import { consoleLinesOf } from '../../scripts/lib/opa-console-log.mjs';
import { loadPolicyFile } from '../../src/policy/load.js';
import { generateRego } from '../../src/rego/generate.js';
import { runCliCaptured as cli } from '../support/cli.js';
import { repoRoot, testOpaPath } from '../support/opa.js';
import { tempDir } from '../replay/helpers.js';

/**
 * The proof that policy-replay reads what OPA really writes (docs/decision-logs.md "Proof"): the
 * pinned `opa run --server`, with the example's base and head compiled into two packages, a
 * `system.log.mask` policy, console decision logs and an upload service, is sent recorded inputs
 * of the example; its log stream and its upload bodies are then replayed with --decision-path.
 * The report must equal the replay of the same requests written in our own record format — built
 * here from the inputs we sent, OPA's answers and this test's own reading of the mask — with the
 * matching `unknown_paths`. No line of OPA's output is written by this test.
 */

const EXAMPLE = join(repoRoot, 'fixtures/example');
const BASE = join(EXAMPLE, 'policies/base.yaml');
const HEAD = join(EXAMPLE, 'policies/head.yaml');
const RECORDS = 240;
const REVISION = 'rev-under-test';

// The example gateway's mask, plus an erased result (no recorded decision) and an erased input.
const MASK = `${readFileSync(join(repoRoot, 'fixtures/example-decision-logs/mask.rego'), 'utf8')}
mask contains "/result" if input.input.identity.subject == "svc-indexer"

mask contains "/input" if input.input.request.http.method == "DELETE"
`;

type Json = Record<string, unknown>;
interface Input {
  request?: { http?: { method?: string; host?: string } };
  identity?: { subject?: string; issuer?: string; attributes?: Json; claims?: Json };
}

/** What the mask above does to an input, read from its rules (not from OPA's output). */
function expectedMask(input: Input): { erased: string[]; masked: string[]; resultErased: boolean } {
  const identity = input.identity;
  const erased: string[] = [];
  const masked: string[] = [];
  if (input.request?.http?.method === 'DELETE') erased.push('/input');
  else {
    if (identity?.attributes?.department === 'finance' && identity.claims !== undefined)
      erased.push('/input/identity/claims');
    if (identity?.issuer === 'https://partner-idp.example' && input.request?.http?.host !== undefined)
      erased.push('/input/request/http/host');
    if (identity?.attributes?.employment === 'contractor') masked.push('/input/identity/subject');
  }
  return { erased, masked, resultErased: identity?.subject === 'svc-indexer' };
}

/** The input as the mask leaves it in the log; undefined when it is erased whole. */
function loggedInput(input: Input): Input | undefined {
  const hidden = expectedMask(input);
  if (hidden.erased.includes('/input')) return undefined;
  const copy = JSON.parse(JSON.stringify(input)) as Input;
  if (hidden.erased.includes('/input/identity/claims')) delete copy.identity!.claims;
  if (hidden.erased.includes('/input/request/http/host')) delete copy.request!.http!.host;
  if (hidden.masked.includes('/input/identity/subject')) copy.identity!.subject = 'contractor';
  return copy;
}

const tmp = tempDir('opa-decision-logs-');
const consoleLog = tmp.file('console.log');
const uploadsDir = tmp.file('uploads');
let inputs: Input[];
let answers: { decision_id: string; result: unknown }[];
/** Every decision event OPA wrote to its console, by decision_id (parsed here, for the timestamps). */
const consoleEvents = new Map<string, Json>();
let consoleLines: Json[];

beforeAll(async () => {
  const text = gunzipSync(readFileSync(join(EXAMPLE, 'traffic/sample.jsonl.gz'))).toString('utf8');
  inputs = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { input: Input; unavailable?: string[]; unpaired?: unknown })
    // Records whose export lost data are not what a gateway sent to OPA.
    .filter((r) => (r.unavailable ?? []).length === 0 && r.unpaired === undefined)
    .slice(0, RECORDS)
    .map((r) => r.input);
  const rego = async (file: string, packageName: string) => {
    const loaded = await loadPolicyFile(file);
    if (!loaded.ok) throw new Error(`${file} is invalid`);
    return generateRego(loaded.policy, { packageName });
  };
  const posts = [
    ...inputs.flatMap((input) => [
      { path: 'base/decision', input },
      { path: 'head/decision', input },
    ]),
    // Two queries of all of data (no path) and a request without an input.
    { path: '', input: inputs[0] },
    { path: '', input: inputs[1] },
    { path: 'base/decision', input: undefined },
  ];
  const captured = await captureDecisionLogs({
    opa: testOpaPath(),
    dir: tmp.file('opa'),
    modules: { base: await rego(BASE, 'base'), head: await rego(HEAD, 'head') },
    mask: MASK,
    posts,
    console: consoleLog,
    uploads: uploadsDir,
    revision: REVISION,
    delaySeconds: 1,
  });
  answers = captured.answers;
  expect(captured.uploads.length).toBeGreaterThan(0);
  consoleLines = readFileSync(consoleLog, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Json);
  for (const line of consoleLines)
    if (typeof line.decision_id === 'string') consoleEvents.set(line.decision_id, line);
}, 120_000);

afterAll(() => tmp.cleanup());

/** Our own format for the requests sent to `path`, from what we sent and OPA answered. */
function expectedRecords(side: 0 | 1, original = false): Json[] {
  return inputs.map((input, i) => {
    const answer = answers[2 * i + side]!;
    const hidden = expectedMask(input);
    const record: Json = {
      request_id: answer.decision_id,
      occurred_at: consoleEvents.get(answer.decision_id)!.timestamp,
    };
    if (!hidden.resultErased)
      record.recorded_decision = (answer.result as { allow: boolean }).allow ? 'allow' : 'deny';
    record.policy_revision = REVISION;
    record.input = original ? input : (loggedInput(input) ?? {});
    const unknown = [...hidden.erased, ...hidden.masked];
    if (unknown.length > 0) record.unknown_paths = unknown;
    return record;
  });
}

function writeJsonl(name: string, records: Json[]): string {
  const file = tmp.file(name);
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

async function replayJson(...args: string[]): Promise<Json & { meta: Json; result: Json }> {
  const out = await cli(['replay', '--base', BASE, '--head', HEAD, '--max-changes', '10000', ...args]);
  expect({ code: out.code, stderr: out.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(out.stdout) as Json & { meta: Json; result: Json };
}

/** A result without the malformed examples' positions (they are lines of different files). */
function comparable(result: Json): Json {
  const { malformed, ...rest } = result as { malformed: { count: number } };
  return { ...rest, malformed: malformed.count };
}

describe('OPA decision logs written by the real OPA', () => {
  it('OPA logged what the mask says, once per request, with its answers and the bundle revision', () => {
    expect(answers).toHaveLength(2 * RECORDS + 3);
    inputs.forEach((input, i) => {
      for (const side of [0, 1]) {
        const event = consoleEvents.get(answers[2 * i + side]!.decision_id)!;
        const hidden = expectedMask(input);
        const erased = hidden.resultErased ? [...hidden.erased, '/result'] : hidden.erased;
        expect({
          erased: [...((event.erased as string[]) ?? [])].sort(),
          masked: event.masked ?? [],
        }).toEqual({
          erased: erased.sort(),
          masked: hidden.masked,
        });
        expect(event.input).toEqual(loggedInput(input));
        expect(event.bundles).toEqual({ bundle: { revision: REVISION } });
      }
    });
    // The mask policy really applied to a fair share of the sample.
    const hidden = inputs.map(expectedMask);
    expect(hidden.filter((h) => h.erased.includes('/input/identity/claims')).length).toBeGreaterThan(20);
    expect(hidden.filter((h) => h.masked.length > 0).length).toBeGreaterThan(5);
    expect(hidden.filter((h) => h.erased.includes('/input/request/http/host')).length).toBeGreaterThan(5);
    expect(hidden.filter((h) => h.erased.includes('/input')).length).toBeGreaterThan(0);
    expect(hidden.filter((h) => h.resultErased).length).toBeGreaterThan(5);
  });

  it('the console log replays to the report of the same records in our format', async () => {
    const fromLog = await replayJson('--traffic', consoleLog, '--decision-path', 'base/decision');
    const noInput = answers[answers.length - 1]!.decision_id;
    const ours = writeJsonl('records-base.jsonl', [...expectedRecords(0), { request_id: noInput }]);
    const fromRecords = await replayJson('--traffic', ours);
    expect(comparable(fromLog.result)).toEqual(comparable(fromRecords.result));

    const result = fromLog.result as {
      evaluated: number;
      changes_total: number;
      recorded_mismatch: number;
      malformed: { count: number; examples: { line: number; reason: string }[] };
    };
    // Masked or not, every request is replayed; the one without an input is malformed.
    expect(result.evaluated).toBe(RECORDS);
    expect(result.malformed.count).toBe(1);
    expect(result.changes_total).toBeGreaterThan(5);
    // OPA decided with the base: every recorded decision we can check agrees.
    expect(result.recorded_mismatch).toBe(0);
    const noInputLine = consoleLines.findIndex((l) => l.decision_id === noInput) + 1;
    expect(result.malformed.examples).toEqual([{ line: noInputLine, reason: 'no input' }]);
    expect(fromLog.meta.traffic).toMatchObject({
      path: consoleLog,
      format: 'opa-decision-log',
      files: [{ path: consoleLog, count: consoleLines.length }],
    });
    expect(fromLog.meta.skipped).toEqual({
      non_decision: consoleLines.filter((l) => !('decision_id' in l)).length,
      other_path: RECORDS + 2,
    });
  });

  it('masked and erased values do not matter: the original inputs with the same unknown_paths give the same buckets', async () => {
    const fromLog = await replayJson('--traffic', consoleLog, '--decision-path', 'base/decision');
    const noInput = answers[answers.length - 1]!.decision_id;
    const ours = writeJsonl('records-original.jsonl', [...expectedRecords(0, true), { request_id: noInput }]);
    const fromOriginal = await replayJson('--traffic', ours);
    const withoutSubjects = (r: Json) => ({
      ...comparable(r),
      changes: (r.changes as Json[]).map((c) => ({ ...c, subject: null })),
    });
    expect(withoutSubjects(fromLog.result)).toEqual(withoutSubjects(fromOriginal.result));
    const reasons = (fromLog.result as { unevaluable_reasons: string[] }).unevaluable_reasons;
    // An erased input leaves every read unknown: claims and the HTTP host among them.
    expect(reasons).toEqual(expect.arrayContaining(['claims_unavailable', 'http_not_recorded']));
  });

  it('the upload bodies (gzip JSON arrays, one file per upload) replay to the same report', async () => {
    const fromLog = await replayJson('--traffic', consoleLog, '--decision-path', 'base/decision');
    const fromUploads = await replayJson('--traffic', uploadsDir, '--decision-path', 'base/decision');
    expect(comparable(fromUploads.result)).toEqual(comparable(fromLog.result));
    expect(fromUploads.meta.skipped).toEqual({ non_decision: 0, other_path: RECORDS + 2 });
    const files = (fromUploads.meta.traffic as { files: { path: string; count: number }[] }).files;
    expect(files.map((f) => f.path)).toEqual([...files.map((f) => f.path)].sort());
    expect(files.reduce((s, f) => s + f.count, 0)).toBe(2 * RECORDS + 3);
    // An upload body is one line: its malformed element is named by its index.
    const examples = (fromUploads.result as { malformed: { examples: Json[] } }).malformed.examples;
    expect(examples[0]).toEqual(
      expect.objectContaining({
        file: expect.stringMatching(/upload-\d+\.json\.gz$/),
        index: expect.any(Number),
      }),
    );
    expect(examples).toContainEqual(
      expect.objectContaining({
        file: expect.stringMatching(/upload-\d+\.json\.gz$/),
        index: expect.any(Number),
        reason: 'no input',
      }),
    );
  });

  it('without --decision-path, two paths are an error listing both with their counts', async () => {
    for (const traffic of [consoleLog, uploadsDir]) {
      const out = await cli(['replay', '--base', BASE, '--head', HEAD, '--traffic', traffic]);
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toContain(
        `decisions of 2 paths: base/decision (${RECORDS + 1}), head/decision (${RECORDS}); 2 without a path`,
      );
    }
  });

  it('drift: the head replayed against the decisions OPA made with the head finds none', async () => {
    const out = await cli([
      'drift',
      '--policy',
      HEAD,
      '--traffic',
      consoleLog,
      '--decision-path',
      '/data/head.decision',
      '--format',
      'json',
    ]);
    expect(out.code).toBe(0);
    const drift = (JSON.parse(out.stdout) as { result: Json }).result as {
      evaluated: number;
      drift_total: number;
      without_recorded_decision: number;
      policy_revisions: { revision: string }[];
    };
    expect(drift.evaluated).toBeGreaterThan(RECORDS / 2);
    expect(drift.drift_total).toBe(0);
    // The erased results (svc-indexer) have no recorded decision.
    expect(drift.without_recorded_decision).toBeGreaterThan(0);
    expect(drift.policy_revisions.map((r) => r.revision)).toEqual([REVISION]);
  });

  it("the benchmark's console-log writer writes lines of OPA's shape: the same keys in the same order", () => {
    const plain = inputs.findIndex((input) => {
      const hidden = expectedMask(input);
      return hidden.erased.length + hidden.masked.length === 0 && !hidden.resultErased;
    });
    const real = consoleEvents.get(answers[2 * plain]!.decision_id)!;
    const at = consoleLines.indexOf(real);
    const ours = consoleLinesOf(
      { request_id: 'r', input: inputs[plain], recorded_decision: 'allow', policy_revision: REVISION },
      0,
    ).map((l) => JSON.parse(l) as Json);
    const keys = (o: Json) => Object.keys(o);
    expect(ours.map(keys)).toEqual([consoleLines[at - 1]!, real, consoleLines[at + 1]!].map(keys));
    expect(ours.map((l) => l.msg)).toEqual(['Received request.', 'Decision Log', 'Sent response.']);
    expect(ours[1]!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    expect(real.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{1,9}Z$/);
  });
});
