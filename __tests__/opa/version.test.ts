import { describe, it, expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isCompatibleVersion,
  OPA_VERSION,
  parseOpaVersionOutput,
  parseVersion,
} from '../../src/opa/version.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('OPA_VERSION', () => {
  it('agrees with src/opa/version.json, which scripts/ensure-opa.mjs reads', () => {
    const json = JSON.parse(readFileSync(join(root, 'src/opa/version.json'), 'utf8')) as { version: string };
    expect(json.version).toBe(OPA_VERSION);
  });

  it('is an exact x.y.z release', () => {
    expect(parseVersion(OPA_VERSION)).not.toBeNull();
  });
});

describe('parseOpaVersionOutput', () => {
  it('reads the Version line of `opa version`', () => {
    const out = 'Version: 1.22.3\nBuild Commit: abc\nGo Version: go1.26\nRego Version: v1\n';
    expect(parseOpaVersionOutput(out)).toBe('1.22.3');
  });

  it('strips a leading v and keeps pre-release suffixes', () => {
    expect(parseOpaVersionOutput('Version: v1.23.0-dev\n')).toBe('1.23.0-dev');
  });

  it('returns null when there is no Version line or it is not a version', () => {
    expect(parseOpaVersionOutput('hello\n')).toBeNull();
    expect(parseOpaVersionOutput('Rego Version: v1\n')).toBeNull();
    expect(parseOpaVersionOutput('Version: banana\n')).toBeNull();
  });
});

describe('isCompatibleVersion', () => {
  it('accepts the same major.minor with any patch', () => {
    expect(isCompatibleVersion('1.22.3', '1.22.3')).toBe(true);
    expect(isCompatibleVersion('1.22.9', '1.22.3')).toBe(true);
    expect(isCompatibleVersion('v1.22.0', '1.22.3')).toBe(true);
  });

  it('rejects another minor or major, and non-versions', () => {
    expect(isCompatibleVersion('1.21.3', '1.22.3')).toBe(false);
    expect(isCompatibleVersion('1.23.0', '1.22.3')).toBe(false);
    expect(isCompatibleVersion('2.22.3', '1.22.3')).toBe(false);
    expect(isCompatibleVersion('dev', '1.22.3')).toBe(false);
  });
});
