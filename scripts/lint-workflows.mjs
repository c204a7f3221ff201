#!/usr/bin/env node
// The workflows the README tells teams to copy must be valid: every ```yaml block of README.md
// and docs/*.md with `on:` and `jobs:` is written to a scratch .github/workflows/ and checked with
// actionlint, pinned here and built with `go install` into .tools/bin once (as OPA is).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ACTIONLINT_VERSION = '1.7.12';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const binDir = join(root, '.tools/bin');
const actionlint = join(binDir, 'actionlint');

function installedVersion() {
  const r = spawnSync(actionlint, ['-version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n')[0].trim() : null;
}

if (installedVersion() !== ACTIONLINT_VERSION) {
  const go = spawnSync('sh', ['-c', 'command -v go || ls /usr/local/go/bin/go'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (!go) {
    console.error(`actionlint ${ACTIONLINT_VERSION} is needed: install Go so this script can build it`);
    process.exit(3);
  }
  mkdirSync(binDir, { recursive: true });
  execFileSync(
    go.split('\n')[0],
    ['install', `github.com/rhysd/actionlint/cmd/actionlint@v${ACTIONLINT_VERSION}`],
    {
      stdio: 'inherit',
      env: { ...process.env, GOBIN: binDir },
    },
  );
}

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const scratch = mkdtempSync(join(tmpdir(), 'policy-replay-workflows-'));
const workflows = join(scratch, '.github/workflows');
mkdirSync(workflows, { recursive: true });
const written = [];
for (const document of documents) {
  const text = readFileSync(join(root, document), 'utf8');
  let index = 0;
  for (const match of text.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)) {
    const yaml = match[1];
    if (!/^on:/m.test(yaml) || !/^jobs:/m.test(yaml)) continue;
    const name = `${document.replace(/[/.]/g, '_')}-${++index}.yml`;
    writeFileSync(join(workflows, name), yaml);
    written.push(`${name} (${document}, block ${index})`);
  }
}
const files = readdirSync(workflows).map((f) => join(workflows, f));
const result = spawnSync(actionlint, ['-no-color', ...files], { cwd: scratch, encoding: 'utf8' });
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
if (result.status !== 0) {
  console.error(`actionlint ${ACTIONLINT_VERSION}: the documented workflows have problems (above)`);
  process.exit(1);
}
console.error(
  `actionlint ${ACTIONLINT_VERSION}: ${written.length} documented workflows are clean:\n  ${written.join('\n  ')}`,
);
