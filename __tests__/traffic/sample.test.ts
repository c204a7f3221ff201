import { describe, it, expect, afterAll } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { NO_DECISION_LOG_OPTIONS, parseDecisionLogOptions } from '../../src/traffic/decisionLog.js';
import { TrafficReadError } from '../../src/traffic/reader.js';
import {
  FILE_STRIDE,
  planSample,
  positionOf,
  positionText,
  readSampleItems,
  sampleDigest,
  type SampleItem,
  type SamplePlan,
} from '../../src/traffic/sample.js';
import { globFiles, listSampleFiles } from '../../src/traffic/sampleFiles.js';
import { tempDir } from '../support/files.js';

const tmp = tempDir('traffic-sample-');
afterAll(() => tmp.cleanup());

function write(name: string, content: string | Buffer): string {
  const file = tmp.file(name);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, content);
  return file;
}

const record = (id: string) => JSON.stringify({ request_id: id, input: {} });
const decision = (id: string, path = 'gate/decision') =>
  JSON.stringify({
    decision_id: id,
    path,
    input: {},
    result: { allow: true },
    level: 'info',
    msg: 'Decision Log',
  });
const logLine = (msg: string) => JSON.stringify({ level: 'info', msg, time: '2026-11-30T18:40:28Z' });
const source = (path: string) => ({ shown: path, path });
const plan = (paths: string[], options = NO_DECISION_LOG_OPTIONS) => planSample(paths.map(source), options);

async function items(p: SamplePlan): Promise<SampleItem[]> {
  const out: SampleItem[] = [];
  for await (const batch of readSampleItems(p)) out.push(...batch);
  return out;
}

describe('the format comes from the content, never from the name', () => {
  it('an OPA console log (other log lines first) under any name', async () => {
    const file = write(
      'console/opa.out',
      [
        logLine('Initializing server.'),
        logLine('Received request.'),
        decision('d1'),
        logLine('Sent response.'),
      ].join('\n'),
    );
    const p = await plan([file]);
    expect(p.format).toBe('opa-decision-log');
    expect(p.files).toEqual([{ shown: file, path: file, layout: 'lines', indexed: false }]);
    expect((await items(p)).map((i) => [i.kind, i.position])).toEqual([['record', 3]]);
  });

  it('an upload body: a gzip JSON array on one line, saved without an extension', async () => {
    const file = write('uploads/0001', gzipSync(`[${decision('d1')},${decision('d2')}]`));
    const p = await plan([file]);
    expect(p).toMatchObject({ format: 'opa-decision-log', files: [{ layout: 'array', indexed: true }] });
    expect((await items(p)).map((i) => i.position)).toEqual([0, 1]);
  });

  it('our records: JSON Lines as .txt, a JSON array as .json, and .jsonl always read as lines', async () => {
    expect(await plan([write('r.txt', `${record('a')}\n${record('b')}\n`)])).toMatchObject({
      format: 'records',
      files: [{ layout: 'lines', indexed: false }],
    });
    const array = await plan([write('r.json', `[\n${record('a')},\n${record('b')}\n]`)]);
    expect(array).toMatchObject({ format: 'records', files: [{ layout: 'array', indexed: false }] });
    // Records of a JSON array keep their line as position, as before.
    expect((await items(array)).map((i) => i.position)).toEqual([2, 3]);
    const odd = await plan([write('odd.jsonl', `[1, 2]\n${record('a')}\n`)]);
    expect(odd.files[0]!.layout).toBe('lines');
    expect((await items(odd)).map((i) => [i.kind, i.position])).toEqual([
      ['malformed', 1],
      ['record', 2],
    ]);
  });

  it('a decision event far down the file still decides', async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => logLine(`Received request ${i}.`));
    const p = await plan([write('late.log', `${lines.join('\n')}\n${decision('d1')}\n`)]);
    expect(p.format).toBe('opa-decision-log');
    expect(await items(p)).toEqual([expect.objectContaining({ kind: 'record', position: 30_001 })]);
  });

  it('a file without records or events: records, unless decision-log options say otherwise', async () => {
    const empty = write('empty.log', '');
    expect((await plan([empty])).format).toBe('records');
    const options = parseDecisionLogOptions({ decisionPath: 'gate/decision' });
    expect((await plan([empty], options)).format).toBe('opa-decision-log');
    const noDecisions = write('quiet.log', `${logLine('Initializing server.')}\n`);
    expect((await plan([noDecisions], options)).format).toBe('opa-decision-log');
  });

  it('a file in which no line is a JSON object is not a traffic file', async () => {
    const yaml = write('policy.yaml', 'default_effect: deny\nrules: []\n');
    await expect(plan([yaml])).rejects.toThrow(`${yaml}: not a traffic file`);
    await expect(plan([write('numbers.json', '[1, 2, 3]')])).rejects.toBeInstanceOf(TrafficReadError);
  });
});

describe('several files, a directory, a glob', () => {
  const dir = tmp.file('logs');
  write('logs/b.log', `${decision('b1')}\n`);
  write('logs/a.log', `${logLine('x')}\n${decision('a1')}\n`);
  write('logs/2026/c.log.gz', gzipSync(`${decision('c1')}\n`));
  write('logs/.DS_Store', 'binary junk');
  write('logs/.hidden/d.log', `${decision('d1')}\n`);

  it('a directory: every file under it, dotfiles excluded, in sorted path order', async () => {
    expect((await listSampleFiles([source(dir)])).map((f) => f.shown)).toEqual([
      `${dir}/2026/c.log.gz`,
      `${dir}/a.log`,
      `${dir}/b.log`,
    ]);
  });

  it('several arguments and globs are one sample, each file once, sorted', async () => {
    const files = await listSampleFiles([
      source(`${dir}/*.log`),
      source(`${dir}/a.log`),
      source(`${dir}/**/*.gz`),
    ]);
    expect(files.map((f) => f.shown)).toEqual([`${dir}/2026/c.log.gz`, `${dir}/a.log`, `${dir}/b.log`]);
  });

  it('the shown path and the read path of a glob may differ (the Action shows workspace paths)', async () => {
    const files = await listSampleFiles([{ shown: 'logs/*.log', path: `${dir}/*.log` }]);
    expect(files).toEqual([
      { shown: 'logs/a.log', path: join(dir, 'a.log') },
      { shown: 'logs/b.log', path: join(dir, 'b.log') },
    ]);
  });

  it('globFiles: ** reaches any depth, dot-directories are not entered, names can be filtered', async () => {
    write('deep/a/b/c/x.json', '{}');
    write('deep/a/y.jsonl', '{}');
    write('deep/a/z.txt', '{}');
    write('deep/.git/w.json', '{}');
    const root = tmp.file('deep');
    const files = await globFiles(source(`${root}/**/*`), (name) => /\.jsonl?$/.test(name));
    expect(files.map((f) => f.shown)).toEqual([`${root}/a/b/c/x.json`, `${root}/a/y.jsonl`]);
  });

  it('a missing file, a glob matching nothing and an empty directory are errors', async () => {
    await expect(listSampleFiles([source(`${dir}/nope.log`)])).rejects.toThrow(
      `${dir}/nope.log: no such file`,
    );
    await expect(listSampleFiles([source(`${dir}/*.csv`)])).rejects.toThrow('matches no file');
    mkdirSync(tmp.file('void'), { recursive: true });
    await expect(listSampleFiles([source(tmp.file('void'))])).rejects.toThrow('holds no file');
  });

  it('positions say which file: index × 2^32 + line, file:line in words', async () => {
    const p = await plan([dir]);
    const got = await items(p);
    expect(got.map((i) => i.position)).toEqual([1, FILE_STRIDE + 2, 2 * FILE_STRIDE + 1]);
    expect(positionOf(p, FILE_STRIDE + 2)).toEqual({ file: `${dir}/a.log`, line: 2 });
    expect(positionText(p, FILE_STRIDE + 2)).toBe(`${dir}/a.log:2`);
    const one = await plan([`${dir}/a.log`]);
    expect(positionOf(one, 2)).toEqual({ line: 2 });
    expect(positionText(one, 2)).toBe('line 2');
  });

  it('a repeated decision_id across files is malformed, naming the first', async () => {
    const again = write('repeat/z.log', `${decision('a1')}\n`);
    const p = await plan([`${dir}/a.log`, again]);
    expect((await items(p))[1]).toEqual({
      kind: 'malformed',
      position: FILE_STRIDE + 1,
      reason: `decision_id: duplicate "a1" (first on ${dir}/a.log:2)`,
      request_id: 'a1',
    });
  });
});

describe('mixing and refusing', () => {
  it('records in one file and events in another', async () => {
    const records = write('mix/records.jsonl', `${record('r1')}\n`);
    const events = write('mix/events.log', `${decision('d1')}\n`);
    await expect(plan([records, events])).rejects.toThrow(
      `the sample mixes records of our own format (${records}:1) and OPA decision events (${events}:1)`,
    );
  });

  it('a record among events, or an event among records, in one file', async () => {
    const inLog = await plan([write('mix/log-with-record.log', `${decision('d1')}\n${record('r1')}\n`)]);
    await expect(items(inLog)).rejects.toThrow(
      'line 2: a record of our own format (request_id) in a sample of OPA decision events',
    );
    const inRecords = await plan([
      write('mix/records-with-event.jsonl', `${record('r1')}\n${decision('d1')}\n`),
    ]);
    await expect(items(inRecords)).rejects.toThrow('line 2: an OPA decision event (decision_id)');
  });

  it('decision-log options on a sample of records', async () => {
    const options = parseDecisionLogOptions({ decisionPath: 'gate/decision', bundle: 'gate' });
    await expect(plan([write('mix/only-records.jsonl', `${record('r1')}\n`)], options)).rejects.toThrow(
      '--decision-path gate/decision --bundle gate: these options read OPA decision logs',
    );
  });
});

describe('sampleDigest', () => {
  it("each file's SHA-256, and the sample's: the files concatenated in order", async () => {
    const a = write('digest/a', 'first\n');
    const b = write('digest/b', gzipSync('second\n'));
    const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    const digest = await sampleDigest([source(a), source(b)]);
    expect(digest.files).toEqual([sha(readFileSync(a)), sha(readFileSync(b))]);
    expect(digest.sha256).toBe(sha(Buffer.concat([readFileSync(a), readFileSync(b)])));
    expect((await sampleDigest([source(a)])).sha256).toBe(digest.files[0]);
  });
});
