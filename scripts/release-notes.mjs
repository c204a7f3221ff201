#!/usr/bin/env node
// Prints the CHANGELOG.md section of one version (Keep a Changelog: `## [X.Y.Z] - YYYY-MM-DD`),
// the release notes .github/workflows/release.yml publishes. Exits 1 when the version has no
// section or an empty one: a release must say what it changes (docs/releasing.md).
//
//   node scripts/release-notes.mjs 1.2.0 [CHANGELOG.md]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The body of `## [version]`, without its heading; null when there is none. */
export function releaseNotes(changelog, version) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## [${version}]`));
  if (start < 0) return null;
  const end = lines.findIndex((line, i) => i > start && /^## \[/.test(line));
  const body = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
  return body === '' ? null : `${body}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [version, file = 'CHANGELOG.md'] = process.argv.slice(2);
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
    console.error('usage: node scripts/release-notes.mjs X.Y.Z [CHANGELOG.md]');
    process.exit(2);
  }
  const notes = releaseNotes(readFileSync(file, 'utf8'), version);
  if (notes === null) {
    console.error(
      `${file} has no section "## [${version}] - YYYY-MM-DD" with content: move the Unreleased entries there first`,
    );
    process.exit(1);
  }
  process.stdout.write(notes);
}
