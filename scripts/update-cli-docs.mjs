#!/usr/bin/env node
// Rewrites the help blocks of docs/cli.md from the built CLI: each `<!-- policy-replay … --help -->`
// marker is followed by a ```text block holding exactly what that command prints. A test fails
// when they differ; run `npm run build && node scripts/update-cli-docs.mjs` after changing a table.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docPath = join(root, 'docs/cli.md');
const cli = join(root, 'dist/cli/index.js');
const doc = readFileSync(docPath, 'utf8');
const updated = doc.replace(
  /<!-- policy-replay( [a-z]+)? --help -->\n\n```text\n[\s\S]*?```/g,
  (_, command = '') => {
    const args = [...(command ? [command.trim()] : []), '--help'];
    const help = execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
    return `<!-- policy-replay${command} --help -->\n\n\`\`\`text\n${help}\`\`\``;
  },
);
writeFileSync(docPath, updated);
console.log(updated === doc ? 'docs/cli.md is up to date' : 'docs/cli.md updated');
