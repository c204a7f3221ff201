import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, removeDir } from '../git/gitRepo.js';
import { repoRoot } from '../support/opa.js';

const SCRIPT = join(repoRoot, 'scripts/release-notes.mjs');
const changelog = readFileSync(join(repoRoot, 'CHANGELOG.md'), 'utf8');

describe('CHANGELOG.md', () => {
  it('opens with an Unreleased section, then versions newest first, Keep a Changelog style', () => {
    const headings = changelog.split('\n').filter((line) => line.startsWith('## '));
    expect(headings[0]).toBe('## [Unreleased]');
    for (const heading of headings.slice(1))
      expect(heading).toMatch(/^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$/);
    const subsections = changelog.split('\n').filter((line) => line.startsWith('### '));
    for (const sub of subsections)
      expect([
        '### Added',
        '### Changed',
        '### Deprecated',
        '### Removed',
        '### Fixed',
        '### Security',
      ]).toContain(sub);
  });
});

describe('scripts/release-notes.mjs', () => {
  const sample = [
    '# Changelog',
    '',
    '## [Unreleased]',
    '',
    '## [1.1.0] - 2027-01-02',
    '',
    '### Added',
    '',
    '- a flag',
    '',
    '## [1.0.0] - 2026-12-01',
    '',
    '- first',
    '',
  ].join('\n');

  function run(version: string) {
    const dir = tempDir('release-notes-');
    try {
      const file = join(dir, 'CHANGELOG.md');
      writeFileSync(file, sample);
      return spawnSync(process.execPath, [SCRIPT, version, file], { encoding: 'utf8' });
    } finally {
      removeDir(dir);
    }
  }

  it("prints one version's section, without its heading or the next version's", () => {
    const out = run('1.1.0');
    expect(out.status).toBe(0);
    expect(out.stdout).toBe('### Added\n\n- a flag\n');
    expect(run('1.0.0').stdout).toBe('- first\n');
  });

  it('fails for a version without a section, and for a bad version', () => {
    const missing = run('2.0.0');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/no section "## \[2\.0\.0\]/);
    expect(run('v1.1.0').status).toBe(2);
  });

  it('reads the real CHANGELOG: the unreleased version has no notes yet', () => {
    const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string })
      .version;
    const hasSection = changelog.includes(`## [${version}]`);
    const out = spawnSync(process.execPath, [SCRIPT, version], { cwd: repoRoot, encoding: 'utf8' });
    expect(out.status).toBe(hasSection ? 0 : 1);
    if (hasSection)
      expect(execFileSync(process.execPath, [SCRIPT, version], { cwd: repoRoot }).length).toBeGreaterThan(0);
  });
});
