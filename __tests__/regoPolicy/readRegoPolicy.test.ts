import { describe, it, expect, afterAll } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readRegoPolicy, type RegoReadLimits } from '../../src/regoPolicy/readRegoPolicy.js';
import { bundleFromFiles, packagePath } from '../../src/regoPolicy/bundle.js';
import { parseExactJson, stringifyExact } from '../../src/regoPolicy/exactJson.js';
import { sameResult } from '../../src/regoPolicy/resultDiff.js';
import { repoRoot, testOpaPath } from '../support/opa.js';
import { tempDir } from '../support/files.js';

/**
 * Rego policies read as OPA reads bundles: a directory, the `.tar.gz` that the pinned `opa build`
 * writes from it, and one file, with the manifest, data placed by folder, exact numbers, the
 * limits, and every problem located.
 */

const scratch = tempDir('rego-read-');
afterAll(() => scratch.cleanup());
const CORPUS = join(repoRoot, 'fixtures/rego');

function write(root: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const expectOk = async (path: string) => {
  const result = await readRegoPolicy(path);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.bundle;
};

describe('a bundle directory', () => {
  it('holds its modules and its data placed by folder', async () => {
    const bundle = await expectOk(join(CORPUS, 'httpapi/base'));
    expect(Object.keys(bundle.modules)).toEqual(['httpapi/authz.rego']);
    const data = parseExactJson(bundle.data) as Record<string, Record<string, unknown>>;
    expect(Object.keys(data)).toEqual(['org']);
    expect(Object.keys(data.org!).sort()).toEqual(['hr', 'managers', 'payroll']);
    expect(bundle.roots).toBeNull();
  });

  it('reads the same as the archive the pinned opa build writes from it', async () => {
    for (const family of ['httpapi', 'envoy', 'admission']) {
      const dir = join(CORPUS, family, 'base');
      const archive = scratch.file(`${family}.tar.gz`);
      // From inside the folder, as a release job runs it: OPA names modules by the path it was given.
      execFileSync(testOpaPath(), ['build', '-b', '.', '-o', archive], { cwd: dir });
      const [fromDir, fromArchive] = [await expectOk(dir), await expectOk(archive)];
      expect(Object.keys(fromArchive.modules).sort()).toEqual(Object.keys(fromDir.modules).sort());
      for (const [name, text] of Object.entries(fromDir.modules))
        expect(fromArchive.modules[name]).toBe(text);
      expect(sameResult(parseExactJson(fromArchive.data), parseExactJson(fromDir.data))).toBe(true);
    }
  });

  it('takes roots, the Rego version and the revision from the manifest', async () => {
    const dir = write(join(scratch.dir, 'manifest'), {
      '.manifest': JSON.stringify({ roots: ['svc/'], rego_version: 0, revision: 'r42' }),
      'svc/policy.rego': 'package svc\n\nallow { true }\n',
      'svc/limits/data.yaml': 'max: 12345678901234567890\n',
    });
    const bundle = await expectOk(dir);
    expect({ roots: bundle.roots, version: bundle.regoVersion, revision: bundle.revision }).toEqual({
      roots: ['svc'],
      version: 'v0',
      revision: 'r42',
    });
    expect(bundle.data).toBe('{"svc":{"limits":{"max":12345678901234567890}}}');
  });

  it('follows symbolic links, each folder once', async () => {
    const dir = write(join(scratch.dir, 'links'), { 'real/p.rego': 'package p\n\nallow := true\n' });
    symlinkSync(join(dir, 'real'), join(dir, 'alias'));
    symlinkSync(dir, join(dir, 'real', 'loop'));
    const bundle = await expectOk(dir);
    expect(Object.keys(bundle.modules)).toEqual(['alias/p.rego']);
  });
});

describe('one .rego file', () => {
  it('is a policy of one module with no data', async () => {
    const bundle = await expectOk(join(CORPUS, 'admission/base/k8s/admission.rego'));
    expect(Object.keys(bundle.modules)).toEqual(['admission.rego']);
    expect(bundle.data).toBe('{}');
  });
});

describe('problems', () => {
  it('are located in the file that has them, all of them', async () => {
    const dir = write(join(scratch.dir, 'bad'), {
      '.manifest': JSON.stringify({ roots: ['a'] }),
      'a/p.rego': 'package a\n',
      'b/q.rego': 'package b.c\n',
      'a/data.json': '{"x": 1,\n "y": }',
      'b/data.json': '{"z": 2}',
      'c/data.json': '[1]',
      'a/x/data.json': '{"k": 1}',
      'policy.wasm': 'not really wasm',
    });
    const result = await readRegoPolicy(dir, 'policies/bad');
    expect(result.ok).toBe(false);
    const problems = result.ok
      ? []
      : result.problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`);
    expect(problems).toEqual([
      'policies/bad/a/data.json:2:7: invalid JSON: unexpected character',
      "policies/bad/b/data.json:1:1: data at b is outside the manifest's roots (a)",
      "policies/bad/c/data.json:1:1: data at c is outside the manifest's roots (a)",
      'policies/bad/policy.wasm:1:1: a compiled WebAssembly module holds no Rego to replay; give the bundle its .rego files',
      "policies/bad/b/q.rego:1:1: package b.c is outside the manifest's roots (a)",
    ]);
  });

  it('name data given twice', () => {
    const result = bundleFromFiles([
      { path: 'p.rego', text: 'package p\n' },
      { path: 'data.json', text: '{"org":{"teams":{"a":1}}}' },
      { path: 'org/teams/data.json', text: '{"a":2}' },
    ]);
    expect(result.ok ? [] : result.problems.map((p) => p.message)).toEqual([
      'the data at org/teams/a is given twice',
    ]);
  });

  it('say when there is no module, or what is not a policy', async () => {
    const empty = write(join(scratch.dir, 'empty'), { 'README.md': '# nothing' });
    expect(await readRegoPolicy(empty, 'empty')).toEqual({
      ok: false,
      problems: [
        {
          file: 'empty',
          path: '',
          line: 1,
          column: 1,
          severity: 'error',
          message: 'no .rego file: a Rego policy needs at least one module',
        },
      ],
    });
    const yaml = write(join(scratch.dir, 'rules'), { 'policy.yaml': 'rules: []\n' });
    const notRego = await readRegoPolicy(join(yaml, 'policy.yaml'), 'policy.yaml');
    expect(notRego.ok ? '' : notRego.problems[0]!.message).toMatch(
      /a bundle directory, a bundle \.tar\.gz or a \.rego file/,
    );
  });

  it('stop at the limits, and at an archive that decompresses past them', async () => {
    const limits: RegoReadLimits = { maxFiles: 2, maxBytes: 1000 };
    const many = write(join(scratch.dir, 'many'), {
      'a.rego': 'package a\n',
      'b.rego': 'package b\n',
      'c.rego': 'package c\n',
    });
    const tooMany = await readRegoPolicy(many, 'many', limits);
    expect(tooMany.ok ? '' : tooMany.problems[0]!.message).toBe('the policy has more than 2 bundle files');
    const bomb = scratch.file('bomb.tar.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(10_000)));
    const tooBig = await readRegoPolicy(bomb, 'bomb.tar.gz', limits);
    expect(tooBig.ok ? '' : tooBig.problems[0]!.message).toBe(
      'the bundle decompresses to more than 1000 bytes',
    );
  });

  it('refuse text that is not UTF-8', async () => {
    const dir = join(scratch.dir, 'latin1');
    mkdirSync(dir);
    writeFileSync(join(dir, 'p.rego'), Buffer.from([0x70, 0x61, 0xe9, 0x0a]));
    const result = await readRegoPolicy(dir, 'latin1');
    expect(result.ok ? '' : result.problems[0]!.message).toBe('p.rego is not UTF-8 text');
  });
});

describe('the package of a module', () => {
  it('is read from its package line', () => {
    expect(packagePath('# comment\npackage k8s.admission # why\n')).toBe('k8s/admission');
    expect(packagePath('no package')).toBeNull();
    expect(stringifyExact(parseExactJson('{"a":1e400}'))).toBe('{"a":1e400}');
  });
});
