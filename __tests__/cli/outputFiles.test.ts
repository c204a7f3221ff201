/**
 * No output of a command may be one of its inputs: every command that writes a file, run in
 * process on copies of the fixtures (real files, symlinks and hard links; real OPA), so a command
 * that did write over an input would only spoil a copy.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  chmodSync,
  copyFileSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/io.js';
import { findClash, type IdentifiedFile } from '../../src/cli/outputFiles.js';
import { tempDir } from '../replay/helpers.js';
import { repoRoot, testOpaPath } from '../support/opa.js';

const tmp = tempDir('cli-output-files-');
const f = tmp.file;
afterAll(() => tmp.cleanup());

interface Captured {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(
  argv: string[],
  env: NodeJS.ProcessEnv = { ...process.env, OPA_PATH: testOpaPath() },
): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: CommandIO = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env,
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

/** Every regular file under the temp directory with its bytes, to show nothing was touched. */
function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.set(path, readFileSync(path).toString('base64'));
    }
  };
  walk(tmp.dir);
  return files;
}

const TRAFFIC_TEXT = readFileSync(join(repoRoot, 'fixtures/replay/traffic.jsonl'), 'utf8');

beforeAll(() => {
  copyFileSync(join(repoRoot, 'fixtures/replay/base.yaml'), f('base.yaml'));
  copyFileSync(join(repoRoot, 'fixtures/replay/head.yaml'), f('head.yaml'));
  writeFileSync(f('s.jsonl'), TRAFFIC_TEXT);
  symlinkSync(f('s.jsonl'), f('link.jsonl'));
  linkSync(f('s.jsonl'), f('hard.jsonl'));
  mkdirSync(f('sample'));
  const lines = TRAFFIC_TEXT.split('\n').filter((l) => l !== '');
  writeFileSync(f('sample/a.jsonl'), `${lines.slice(0, 2).join('\n')}\n`);
  writeFileSync(f('sample/b.jsonl'), `${lines.slice(2).join('\n')}\n`);
  mkdirSync(f('manifests'));
  for (const name of ['turn-0000.json', 'turn-0001.json'])
    copyFileSync(join(repoRoot, 'fixtures/example/traffic/sample.manifests', name), f(`manifests/${name}`));
  mkdirSync(f('sub'));
});

const replay = (...extra: string[]) => [
  'replay',
  '--base',
  f('base.yaml'),
  '--head',
  f('head.yaml'),
  ...extra,
];

/** The run fails with exit 2 naming both files, and every file is as it was. */
async function refused(argv: string[], message: RegExp | string): Promise<void> {
  const before = snapshot();
  const result = await cli(argv);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).toMatch(/nothing was written\n$/);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(snapshot()).toEqual(before);
}

describe('an output never overwrites an input', () => {
  it('replay --traffic s.jsonl --out s.jsonl', async () => {
    await refused(
      replay('--traffic', f('s.jsonl'), '--out', f('s.jsonl')),
      `--out ${f('s.jsonl')} is the traffic file ${f('s.jsonl')}, one of this run's inputs`,
    );
  });

  it('the same file by another spelling, a symlink or a hard link', async () => {
    await refused(replay('--traffic', f('s.jsonl'), '--out', f('sub/../s.jsonl')), /is the traffic file/);
    await refused(replay('--traffic', f('s.jsonl'), '--out', f('link.jsonl')), /is the traffic file/);
    await refused(replay('--traffic', f('s.jsonl'), '--out', f('hard.jsonl')), /is the traffic file/);
    await refused(replay('--traffic', f('link.jsonl'), '--out', f('s.jsonl')), /is the traffic file/);
  });

  it('any file of a sample directory or glob, and any manifest', async () => {
    await refused(
      replay('--traffic', f('sample'), '--out', f('sample/b.jsonl')),
      `is the traffic file ${f('sample/b.jsonl')}`,
    );
    await refused(
      replay('--traffic', f('sample/*.jsonl'), '--out', f('sample/a.jsonl')),
      /is the traffic file/,
    );
    await refused(
      replay(
        '--traffic',
        f('s.jsonl'),
        '--manifests',
        f('manifests'),
        '--out',
        f('manifests/turn-0001.json'),
      ),
      `is the manifest ${f('manifests/turn-0001.json')}`,
    );
  });

  it('either policy', async () => {
    await refused(replay('--traffic', f('s.jsonl'), '--out', f('head.yaml')), 'is the head policy (--head)');
    await refused(replay('--traffic', f('s.jsonl'), '--out', f('base.yaml')), 'is the base policy (--base)');
  });

  it('drift --out', async () => {
    await refused(
      ['drift', '--policy', f('base.yaml'), '--traffic', f('sample'), '--out', f('sample/a.jsonl')],
      /is the traffic file/,
    );
    await refused(
      ['drift', '--policy', f('base.yaml'), '--traffic', f('s.jsonl'), '--out', f('base.yaml')],
      'is the policy (--policy)',
    );
  });

  it('merge --out', async () => {
    for (const k of [1, 2]) {
      const shard = await cli(
        replay('--traffic', f('s.jsonl'), '--shard', `${k}/2`, '--out', f(`part${k}.json`)),
      );
      expect(shard.code).toBe(0);
    }
    await refused(
      ['merge', f('part1.json'), f('part2.json'), '--out', f('part2.json')],
      `--out ${f('part2.json')} is the partial report ${f('part2.json')}`,
    );
  });

  it('compile --out-rego and --out-wasm: never the policy, never each other', async () => {
    await refused(['compile', f('head.yaml'), '--out-rego', f('head.yaml')], 'is the policy');
    await refused(
      ['compile', f('head.yaml'), '--out-wasm', f('link.jsonl'), '--out-rego', f('s.jsonl')],
      `--out-wasm ${f('link.jsonl')} and --out-rego ${f('s.jsonl')} are the same file`,
    );
  });

  it('the OPA binary found through $OPA_PATH or PATH, not only one named by --opa', async () => {
    // A copy of OPA in its own directory (outside the snapshot): a write over it spoils only it.
    const bin = tempDir('cli-output-opa-');
    try {
      const opa = bin.file('opa');
      copyFileSync(testOpaPath(), opa);
      chmodSync(opa, 0o755);
      const size = statSync(opa).size;
      const viaEnv = { ...process.env, OPA_PATH: opa };
      const viaPath = { ...process.env, OPA_PATH: '', PATH: bin.dir };
      for (const [argv, env, role] of [
        [replay('--traffic', f('s.jsonl'), '--out', opa), viaEnv, 'the OPA binary ($OPA_PATH)'],
        [replay('--traffic', f('s.jsonl'), '--out', opa), viaPath, 'the OPA binary (found on PATH)'],
        [
          ['drift', '--policy', f('base.yaml'), '--traffic', f('s.jsonl'), '--out', opa],
          viaPath,
          'the OPA binary (found on PATH)',
        ],
        [['compile', f('head.yaml'), '--out-wasm', opa], viaEnv, 'the OPA binary ($OPA_PATH)'],
      ] as const) {
        const before = snapshot();
        const result = await cli([...argv], env);
        expect(result.stderr).toContain(`is ${role}`);
        expect(result.code).toBe(2);
        expect(snapshot()).toEqual(before);
        expect(statSync(opa).size).toBe(size);
      }
    } finally {
      bin.cleanup();
    }
  });

  it('an output that is no input is written, and an existing one replaced', async () => {
    const fresh = await cli(replay('--traffic', f('sample'), '--out', f('report.json')));
    expect(fresh.code).toBe(0);
    expect(JSON.parse(readFileSync(f('report.json'), 'utf8'))).toHaveProperty('result');
    writeFileSync(f('old.rego'), 'x'.repeat(100_000));
    const compiled = await cli(['compile', f('head.yaml'), '--out-rego', f('old.rego')]);
    expect(compiled.code).toBe(0);
    const rego = readFileSync(f('old.rego'), 'utf8');
    expect(rego).toMatch(/^package policy_replay$/m);
    expect(rego).not.toContain('xxx');
    expect(readFileSync(f('s.jsonl'), 'utf8')).toBe(TRAFFIC_TEXT);
  });
});

describe('findClash', () => {
  const file = (role: string, path: string, dev: bigint | null, ino: bigint | null, realPath = path) =>
    ({ role, path, id: { dev, ino, realPath } }) as IdentifiedFile;

  it('matches by device and inode, or by real path when the output does not exist yet', () => {
    const input = file('the traffic file', 'a', 1n, 10n, '/r/a');
    expect(findClash([file('--out', 'b', 1n, 10n, '/r/b')], [input])?.message).toMatch(
      /--out b is the traffic file a/,
    );
    expect(findClash([file('--out', 'b', 2n, 10n, '/r/b')], [input])).toBeNull();
    expect(findClash([file('--out', 'x', null, null, '/r/a')], [input])).not.toBeNull();
    expect(
      findClash(
        [file('--out-rego', 'x', null, null, '/r/x'), file('--out-wasm', './x', null, null, '/r/x')],
        [],
      )?.message,
    ).toMatch(/--out-wasm \.\/x and --out-rego x are the same file/);
  });
});
