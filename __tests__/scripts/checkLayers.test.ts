import { afterEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir, removeDir } from '../git/gitRepo.js';
import { repoRoot } from '../support/opa.js';

const SCRIPT = join(repoRoot, 'scripts/check-layers.mjs');

function layers(src?: string) {
  const result = spawnSync(process.execPath, src === undefined ? [SCRIPT] : [SCRIPT, src], {
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) removeDir(dir);
  dirs = [];
});

/** A source tree of `files` (path under src/ → its imports), each file importing the others named. */
function tree(files: Record<string, string[]>): string {
  const dir = tempDir('layers');
  dirs.push(dir);
  const src = join(dir, 'src');
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    const lines = imports.map((spec, i) => `import { x as x${i} } from '${spec}';`);
    writeFileSync(join(src, path), `${lines.join('\n')}\nexport const x = 1;\n`);
  }
  return src;
}

describe('scripts/check-layers.mjs', () => {
  it('passes on the project and prints the folder graph and the replay sub-folder graph', () => {
    const result = layers();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^replay\s+→ /m);
    expect(result.stdout).toMatch(/^replay\/report\s+→ replay\/evaluate$/m);
    expect(result.stdout).toMatch(/^replay\/decisionCache\s+→ \(nothing\)$/m);
  });

  it('passes on a tree that imports downward only', () => {
    const src = tree({
      'engine/a.ts': ['../policy/b.js'],
      'policy/b.ts': [],
      'replay/run.ts': ['./report/r.js', './evaluate/e.js'],
      'replay/report/r.ts': ['../evaluate/e.js'],
      'replay/evaluate/e.ts': ['../decisionCache/c.js', '../../engine/a.js'],
      'replay/decisionCache/c.ts': [],
    });
    expect(layers(src).status).toBe(0);
  });

  it('fails on a cycle between folders of one layer', () => {
    const src = tree({ 'engine/a.ts': ['../rego/b.js'], 'rego/b.ts': ['../engine/a.js'] });
    const result = layers(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('layers: import cycle between folders: engine, rego');
    expect(result.stderr).not.toContain('upward');
  });

  it('fails on an upward import between folders', () => {
    const src = tree({ 'policy/a.ts': ['../engine/b.js'], 'engine/b.ts': [] });
    const result = layers(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('layers: policy → engine imports upward');
  });

  it('fails on a cycle and an upward import between sub-folders of src/replay', () => {
    const src = tree({
      'replay/report/r.ts': ['../evaluate/e.js'],
      'replay/evaluate/e.ts': ['../report/r.js'],
    });
    const result = layers(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('layers: import cycle between folders: replay/evaluate, replay/report');
    expect(result.stderr).toContain('layers: replay/evaluate → replay/report imports upward');
  });

  it("fails when a sub-folder imports the folder's own files", () => {
    const src = tree({ 'replay/run.ts': [], 'replay/workers/w.ts': ['../run.js'] });
    const result = layers(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('layers: replay/workers → replay/. imports upward');
  });

  it('fails on a sub-folder in no layer', () => {
    const src = tree({ 'replay/extra/x.ts': [], 'replay/run.ts': ['./extra/x.js'] });
    const result = layers(src);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('layers: replay/extra/ is in no layer of scripts/check-layers.mjs');
  });
});
