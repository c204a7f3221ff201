import { describe, it, expect, afterAll } from '@jest/globals';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { locateSample, MappingError, parseSampleMapping } from '../../src/action/sampleLocator.js';
import { logManifestProblems, sampledOutcome } from '../../src/action/policyOutcome.js';
import { tempDir } from '../support/files.js';

const tmp = tempDir('sample-locator-');
const workspace = tmp.file('workspace');
const outside = tmp.file('outside.log');
afterAll(() => tmp.cleanup());

function write(path: string, text = '{"request_id": "a", "input": {}}\n'): void {
  const file = join(workspace, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const NO_INPUTS = {
  traffic: null,
  manifests: null,
  decisionPath: null,
  decisionField: null,
  bundle: null,
  manifestIdField: null,
};

write('logs/acme/2026-11-29.log');
write('logs/acme/2026-11-30.log');
write('logs/acme/uploads/0001.json.gz');
write('traffic/beta.jsonl');

describe('.policy-replay.yml with decision logs', () => {
  it('accepts a list of samples and the decision-log options per policy', () => {
    const mapping = parseSampleMapping(`
policies:
  policies/acme.yaml:
    traffic: [logs/acme/*.log, logs/acme/uploads]
    decision-path: gateway/acme/decision
    decision-field: allowed
    bundle: acme
    manifest-id-field: input.request.mcp.session_id
`);
    expect(mapping.policies['policies/acme.yaml']).toMatchObject({
      'decision-path': 'gateway/acme/decision',
    });
  });

  it('refuses a bad option, naming the policy and the option', () => {
    expect(() =>
      parseSampleMapping('policies:\n  policies/acme.yaml:\n    decision-field: "a..b"\n'),
    ).toThrow(
      new MappingError(
        `.policy-replay.yml: "policies/acme.yaml": Invalid decision-field 'a..b'. Expected a dotted path of keys, e.g. allow or decision.allowed.`,
      ),
    );
    expect(() =>
      parseSampleMapping('policies:\n  policies/acme.yaml:\n    traffic: [../outside.log]\n'),
    ).toThrow(MappingError);
  });

  it('a glob and a directory are one sample of every file, in path order; options per option', async () => {
    const mapping = parseSampleMapping(`
policies:
  policies/acme.yaml:
    traffic: [logs/acme/uploads, logs/acme/*.log]
    decision-path: gateway/acme/decision
`);
    const inputs = { ...NO_INPUTS, decisionPath: 'ignored/decision', bundle: 'from-input' };
    const sample = await locateSample(workspace, 'policies/acme.yaml', inputs, mapping);
    expect(sample.traffic).toBe('logs/acme/uploads, logs/acme/*.log');
    expect(sample.trafficFiles!.map((f) => f.shown)).toEqual([
      'logs/acme/2026-11-29.log',
      'logs/acme/2026-11-30.log',
      'logs/acme/uploads/0001.json.gz',
    ]);
    expect(sample.trafficFiles![0]!.path).toBe(join(workspace, 'logs/acme/2026-11-29.log'));
    expect(sample.decisionLog).toEqual({
      decisionPath: 'gateway/acme/decision',
      decisionField: null,
      bundle: 'from-input',
      manifestIdField: null,
    });
  });

  it('a mapping list of many parts is shown by its first five and a count, and every part is read', async () => {
    const parts = ['logs/acme/uploads', ...Array.from({ length: 7 }, () => 'logs/acme/*.log')];
    const mapping = parseSampleMapping(
      `policies:\n  policies/acme.yaml:\n    traffic: [${parts.join(', ')}]\n`,
    );
    const sample = await locateSample(workspace, 'policies/acme.yaml', NO_INPUTS, mapping);
    expect(sample.traffic).toBe(
      'logs/acme/uploads, logs/acme/*.log, logs/acme/*.log, logs/acme/*.log, logs/acme/*.log, and 3 more',
    );
    expect(sample.trafficFiles!.map((f) => f.shown)).toContain('logs/acme/uploads/0001.json.gz');
  });

  it('the inputs apply to policies without a mapping entry; the traffic template may be a glob', async () => {
    const sample = await locateSample(
      workspace,
      'policies/acme.yaml',
      { ...NO_INPUTS, traffic: 'logs/{name}/*.log', decisionPath: 'data.gateway.decision' },
      null,
    );
    expect(sample.trafficFiles!.map((f) => f.shown)).toEqual([
      'logs/acme/2026-11-29.log',
      'logs/acme/2026-11-30.log',
    ]);
    expect(sample.decisionLog.decisionPath).toBe('gateway/decision');
    const beta = await locateSample(workspace, 'policies/beta.yaml', NO_INPUTS, null);
    expect(beta.trafficFiles).toEqual([
      { shown: 'traffic/beta.jsonl', path: join(workspace, 'traffic/beta.jsonl') },
    ]);
  });

  it('a glob matching nothing, or a mapped directory with a file leading out of the workspace, is no sample', async () => {
    const none = await locateSample(
      workspace,
      'policies/acme.yaml',
      { ...NO_INPUTS, traffic: 'logs/{name}/*.csv' },
      null,
    );
    expect(none).toMatchObject({
      traffic: null,
      trafficFiles: null,
      looked: ['logs/{name}/*.csv'.replace('{name}', 'acme')],
    });
    writeFileSync(outside, '{}\n');
    mkdirSync(join(workspace, 'logs/escape'), { recursive: true });
    symlinkSync(outside, join(workspace, 'logs/escape/link.log'));
    const mapping = parseSampleMapping('policies:\n  policies/escape.yaml:\n    traffic: logs/escape\n');
    expect(
      (await locateSample(workspace, 'policies/escape.yaml', NO_INPUTS, mapping)).trafficFiles,
    ).toBeNull();
  });
});

describe('manifests that are not there', () => {
  it('are said in the log with where they were looked for, not skipped silently', async () => {
    const locate = () =>
      locateSample(
        workspace,
        'policies/beta.yaml',
        { ...NO_INPUTS, manifests: 'exports/{name}.manifests' },
        null,
      );
    const sample = await locate();
    expect(sample.traffic).toBe('traffic/beta.jsonl');
    expect(sample.manifests).toBeNull();
    expect(sample.manifestsLooked).toEqual(['exports/beta.manifests']);
    const log: string[] = [];
    const policy = { path: 'policies/beta.yaml', status: 'modified' as const, previous_path: null };
    sampledOutcome(policy, sample, [], (line) => log.push(line));
    expect(log).toEqual([
      'policies/beta.yaml: no manifests (looked for exports/beta.manifests): no fidelity grading',
    ]);
    // Found manifests need no word.
    write('exports/beta.manifests/turn-1.json', '{}');
    const found = await locate();
    const quiet: string[] = [];
    sampledOutcome(policy, found, [], (line) => quiet.push(line));
    expect(found.manifests).toBe('exports/beta.manifests');
    expect(quiet).toEqual([]);
  });
});

describe('invalid manifests in the log', () => {
  it('each problem with its position, relative to the workspace; past 20 lines a count', () => {
    const problem = (i: number) => ({
      file: join(workspace, `exports/beta.manifests/turn-${i}.json`),
      path: i === 0 ? '' : 'model.temperature',
      line: i + 1,
      column: 5,
      message: 'unknown key "temperature"',
    });
    const log: string[] = [];
    logManifestProblems('policies/beta.yaml', [problem(0), problem(1)], workspace, (l) => log.push(l));
    expect(log).toEqual([
      'policies/beta.yaml: invalid manifest exports/beta.manifests/turn-0.json:1:5: (document): unknown key "temperature"',
      'policies/beta.yaml: invalid manifest exports/beta.manifests/turn-1.json:2:5: model.temperature: unknown key "temperature"',
    ]);
    const many: string[] = [];
    const problems = Array.from({ length: 23 }, (_, i) => problem(i));
    logManifestProblems('policies/beta.yaml', problems, workspace, (l) => many.push(l));
    expect(many).toHaveLength(21);
    expect(many[20]).toBe('policies/beta.yaml: … and 3 more manifest problems');
  });
});

describe('paths built from a policy file name', () => {
  it('are names: policies/*.yaml looks for the file traffic/*.jsonl, not every sample', async () => {
    write('traffic/acme.jsonl');
    const none = await locateSample(workspace, 'policies/*.yaml', NO_INPUTS, null);
    expect(none.traffic).toBeNull();
    expect(none.found).toEqual([]);
    write('traffic/*.jsonl');
    const literal = await locateSample(workspace, 'policies/*.yaml', NO_INPUTS, null);
    expect(literal.trafficFiles?.map((f) => f.shown)).toEqual(['traffic/*.jsonl']);
  });

  it('a glob input template refuses a policy path holding glob characters', async () => {
    const inputs = { ...NO_INPUTS, traffic: 'logs/{name}/*.log' };
    await expect(locateSample(workspace, 'policies/[ab]cme.yaml', inputs, null)).rejects.toThrow(
      /the traffic input "logs\/\{name\}\/\*\.log" is a glob, and the policy path "policies\/\[ab\]cme\.yaml" holds glob characters/,
    );
    // A template without glob syntax takes the name as it is.
    const plain = await locateSample(
      workspace,
      'policies/*.yaml',
      { ...NO_INPUTS, traffic: 'traffic/{name}.jsonl' },
      null,
    );
    expect(plain.trafficFiles?.map((f) => f.shown)).toEqual(['traffic/*.jsonl']);
  });
});
