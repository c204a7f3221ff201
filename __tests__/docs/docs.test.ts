/**
 * The project explains itself: every page the code, the README and the docs point to exists (and
 * every `#section` they name), no comment points at a contract file outside the repository, and
 * every Action input and output is declared, parsed and documented in the same places.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { INPUT_NAMES } from '../../src/action/settings.js';
import { COMMAND_SPECS } from '../../src/cli/commands.js';
import { repoRoot } from '../support/opa.js';

/** Pages other branches are adding; the index links them already. */
const PENDING = new Set(['docs/unknowns.md', 'docs/explain.md', 'docs/decision-logs.md', 'docs/security.md']);

const tracked = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && existsSync(join(repoRoot, f)));
const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const markdown = tracked.filter((f) => (f === 'README.md' || f.startsWith('docs/')) && f.endsWith('.md'));
/** The code whose comments point at docs (this file quotes the patterns it looks for). */
const code = tracked.filter(
  (f) => /^(src|scripts|__tests__)\/.*\.(ts|mjs)$/.test(f) && f !== '__tests__/docs/docs.test.ts',
);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const m = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (m)
      out.add(
        m[1]!
          .toLowerCase()
          .replace(/[^\p{L}\p{N} _-]/gu, '')
          .replace(/ /g, '-'),
      );
  }
  return out;
}

describe('links', () => {
  it('every docs/<page>.md the code names exists', () => {
    const missing: string[] = [];
    for (const file of code) {
      // Comments only: tests and generators also hold paths such as docs/runbook.md as data.
      const comments = read(file)
        .split('\n')
        .filter((line) => /^\s*(\*|\/\/|\/\*)/.test(line));
      for (const line of comments) {
        for (const m of line.matchAll(/\bdocs\/([a-z-]+\.md)/g)) {
          const page = `docs/${m[1]}`;
          if (!existsSync(join(repoRoot, page)) && !PENDING.has(page)) missing.push(`${file} → ${page}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('no comment points at a contract file outside the repository', () => {
    const stray: string[] = [];
    for (const file of code) {
      read(file)
        .split('\n')
        .forEach((line, i) => {
          const bare = /(?<![\w/.-])(policy|traffic|replay|action|fidelity|performance)\.md\b/.test(line);
          if (bare || line.includes('../shared') || /\bspec\/\w+\.md/.test(line))
            stray.push(`${file}:${i + 1}`);
        });
    }
    expect(stray).toEqual([]);
  });

  it('every relative link of the README and docs/ resolves, #sections included', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = read(file);
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const [path = '', hash] = target.split('#');
        const resolved = path === '' ? file : normalize(join(dirname(file), path));
        if (PENDING.has(resolved)) continue;
        if (!existsSync(join(repoRoot, resolved))) {
          broken.push(`${file} → ${target}`);
          continue;
        }
        if (hash !== undefined && resolved.endsWith('.md') && !anchors(read(resolved)).has(hash)) {
          broken.push(`${file} → ${target} (no such section)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the Action’s inputs and outputs', () => {
  const action = parseYaml(read('action.yml')) as {
    inputs: Record<string, unknown>;
    outputs: Record<string, unknown>;
  };
  const inputs = Object.keys(action.inputs);
  const outputs = Object.keys(action.outputs);
  const tableNames = (text: string, heading: string): string[] => {
    const section = text.slice(text.indexOf(heading));
    const table = section.slice(section.indexOf('\n|'), section.indexOf('\n\n', section.indexOf('\n|') + 1));
    return [...table.matchAll(/^\| ((?:`[^`]+`(?:, )?)+)/gm)].flatMap((m) =>
      [...m[1]!.matchAll(/`([^`]+)`/g)].map((n) => n[1]!),
    );
  };

  it('action.yml declares exactly the inputs the Action parses', () => {
    expect([...inputs].sort()).toEqual([...INPUT_NAMES].sort());
  });

  it('the README and docs/action-inputs.md document every input', () => {
    expect(tableNames(read('README.md'), '### Inputs').sort()).toEqual([...inputs].sort());
    expect(tableNames(read('docs/action-inputs.md'), '# Action inputs').sort()).toEqual([...inputs].sort());
  });

  it('the README and docs/action.md document every output, and the code sets no other', () => {
    expect(tableNames(read('README.md'), '### Outputs').sort()).toEqual([...outputs].sort());
    expect(tableNames(read('docs/action.md'), '## Outputs').sort()).toEqual([...outputs].sort());
    const set = code
      .filter((f) => f.startsWith('src/action/'))
      .flatMap((f) => [...read(f).matchAll(/core\.setOutput\('([^']+)'/g)].map((m) => m[1]!));
    for (const name of set) expect(outputs).toContain(name);
  });
});

describe('the CLI in the README', () => {
  it('names every option of every command (docs/cli.md has the full help)', () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## The CLI'), readme.indexOf('## The GitHub Action'));
    const missing = COMMAND_SPECS.flatMap((spec) =>
      Object.keys(spec.options)
        .filter((name) => !section.includes(`--${name}`))
        .map((name) => `${spec.name} --${name}`),
    );
    expect(missing).toEqual([]);
  });
});
