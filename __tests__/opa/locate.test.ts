import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { chmodSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOpaOnPath, locateOpa, OpaMissingError, OpaUnusableError } from '../../src/opa/locate.js';
import { writeFakeOpa } from './fakeOpa.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const realOpa = process.env.OPA_PATH ?? join(root, '.tools/bin/opa');

let tmp: string;
let flagOpa: string;
let envOpa: string;
let pathDir: string;
let marker: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'locate-'));
  marker = join(tmp, 'marker');
  flagOpa = writeFakeOpa(join(tmp, 'flag'), '1.22.1', marker);
  envOpa = writeFakeOpa(join(tmp, 'env'), '1.22.2', marker);
  pathDir = join(tmp, 'bin');
  writeFakeOpa(pathDir, '1.22.4', marker);
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('locateOpa', () => {
  it('prefers --opa over $OPA_PATH and PATH', async () => {
    const got = await locateOpa({ flag: flagOpa, env: { OPA_PATH: envOpa, PATH: pathDir } });
    expect(got).toEqual({ path: flagOpa, version: '1.22.1' });
  });

  it('uses $OPA_PATH when there is no flag', async () => {
    const got = await locateOpa({ env: { OPA_PATH: envOpa, PATH: pathDir } });
    expect(got).toEqual({ path: envOpa, version: '1.22.2' });
  });

  it('treats an empty flag or $OPA_PATH as not given', async () => {
    const got = await locateOpa({ flag: '', env: { OPA_PATH: '', PATH: pathDir } });
    expect(got).toEqual({ path: join(pathDir, 'opa'), version: '1.22.4' });
  });

  it('scans PATH in order, skipping directories without an executable opa', async () => {
    const empty = join(tmp, 'empty');
    mkdirSync(empty, { recursive: true });
    const nonExec = join(tmp, 'nonexec');
    mkdirSync(nonExec, { recursive: true });
    writeFileSync(join(nonExec, 'opa'), '#!/bin/sh\necho "Version: 9.9.9"\n');
    chmodSync(join(nonExec, 'opa'), 0o644);
    const got = await locateOpa({ env: { PATH: [empty, nonExec, pathDir].join(delimiter) } });
    expect(got.path).toBe(join(pathDir, 'opa'));
  });

  it('skips relative PATH entries', async () => {
    expect(await findOpaOnPath({ PATH: ['.', 'bin', ''].join(delimiter) })).toBeNull();
  });

  it('fails on a --opa path that is not executable instead of falling through', async () => {
    const missing = join(tmp, 'nope', 'opa');
    const err = await locateOpa({ flag: missing, env: { OPA_PATH: envOpa, PATH: pathDir } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OpaMissingError);
    expect((err as OpaMissingError).path).toBe(missing);
    expect((err as Error).message).toContain(`--opa '${missing}'`);
  });

  it('fails on an $OPA_PATH that is not executable', async () => {
    const err = await locateOpa({ env: { OPA_PATH: tmp, PATH: pathDir } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpaMissingError);
    expect((err as Error).message).toContain(`$OPA_PATH '${tmp}'`);
  });

  it('says in one line how to get OPA when none is found', async () => {
    const err = await locateOpa({ env: { PATH: join(tmp, 'empty') } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpaMissingError);
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^opa not found \(looked at --opa, \$OPA_PATH, PATH\)\./);
    expect(message).toContain('go install github.com/open-policy-agent/opa@v1.22.3');
    expect(message).toContain('--opa PATH or set OPA_PATH');
  });

  it('rejects a binary that does not print an OPA version', async () => {
    const bogus = join(tmp, 'bogus');
    writeFileSync(bogus, '#!/bin/sh\necho hello\n');
    chmodSync(bogus, 0o755);
    const err = await locateOpa({ flag: bogus, env: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpaUnusableError);
    expect((err as OpaUnusableError).path).toBe(bogus);
    // the CLI reports every "no usable OPA" case through OpaMissingError
    expect(err).toBeInstanceOf(OpaMissingError);
    expect((err as Error).message).not.toContain('\n');
  });

  it('rejects a binary that exits non-zero', async () => {
    const failing = join(tmp, 'failing');
    writeFileSync(failing, '#!/bin/sh\nexit 3\n');
    chmodSync(failing, 0o755);
    await expect(locateOpa({ flag: failing, env: {} })).rejects.toBeInstanceOf(OpaUnusableError);
  });

  it('reads the version of the real pinned OPA', async () => {
    const got = await locateOpa({ flag: realOpa, env: {} });
    expect(got.version).toBe('1.22.3');
  });
});
