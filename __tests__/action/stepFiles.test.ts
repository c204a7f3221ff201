import { afterAll, describe, expect, it } from '@jest/globals';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStepFile, StepFileExistsError, stepFileStem } from '../../src/action/stepFiles.js';
import { removeDir, tempDir } from '../git/gitRepo.js';

const step = (
  runId: string | null,
  runAttempt: string | null,
  s: string | null,
  commentId: string | null,
) => ({
  runId,
  runAttempt,
  step: s,
  commentId,
});

describe('stepFileStem', () => {
  it('names the run, attempt, step and comment-id, leaving out trailing empty parts', () => {
    expect(stepFileStem(step('9001', '2', '__acme_policy-replay', 'security'))).toBe(
      '9001.2.__acme_policy-replay.security',
    );
    expect(stepFileStem(step('9001', '1', 'replay', null))).toBe('9001.1.replay');
    expect(stepFileStem(step(null, null, null, null))).toBe('local');
    expect(stepFileStem(step('9001', '1', null, 'a'))).toBe('9001.1..a');
  });

  it('keeps every name a plain file name: separators, dots and other characters are encoded', () => {
    const stem = stepFileStem(step('1', '1', '../x/y z', 'a.b'));
    expect(stem).toBe('1.1.%2E%2E%2Fx%2Fy%20z.a%2Eb');
    expect(stem).not.toMatch(/[/\\ ]/);
    expect(stepFileStem(step('1', '1', 'é', null))).toBe('1.1.%C3%A9');
  });

  it('gives different steps different names, however their parts split', () => {
    const names = [
      step('1', '1', 'a-b', 'c'),
      step('1', '1', 'a', 'b-c'),
      step('1', '1', 'a.b', 'c'),
      step('1', '1', 'a', 'b.c'),
      step('1', '1', 'a', null),
      step('1', '1', 'a', ''),
      step('1', '2', 'a', null),
      step('2', '1', 'a', null),
    ].map(stepFileStem);
    expect(new Set(names.slice(0, 4)).size).toBe(4);
    expect(names[4]).toBe(names[5]); // no comment-id and an empty one are the same configuration
    expect(new Set([names[4], names[6], names[7]]).size).toBe(3);
  });

  it('shortens a long part to a prefix and a hash, so names stay short and distinct', () => {
    const long = 'x'.repeat(200);
    const a = stepFileStem(step('1', '1', long, null));
    const b = stepFileStem(step('1', '1', `${long}y`, null));
    expect(a).toMatch(/^1\.1\.x{23}~[0-9a-f]{16}$/);
    expect(a).not.toBe(b);
    expect(stepFileStem(step('1', '1', '/'.repeat(100), null))).toMatch(/^1\.1\.(%2F){7}~[0-9a-f]{16}$/);
  });
});

describe('createStepFile', () => {
  const dir = tempDir('step-files');
  afterAll(() => removeDir(dir));
  const id = step('7', '1', 'replay', null);

  it('creates the file, and refuses to replace it or write through a symlink put there', async () => {
    const file = await createStepFile(join(dir, 'out'), 'report', '.json', id, '{"a":1}\n');
    expect(file).toBe(join(dir, 'out', 'report-7.1.replay.json'));
    await expect(createStepFile(join(dir, 'out'), 'report', '.json', id, '{"b":2}\n')).rejects.toThrow(
      new StepFileExistsError(file),
    );
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');

    const input = join(dir, 'policy.yaml');
    writeFileSync(input, 'rules: []\n');
    const other = step('7', '1', 'other', null);
    symlinkSync(input, join(dir, 'out', 'report-7.1.other.json'));
    await expect(createStepFile(join(dir, 'out'), 'report', '.json', other, 'x')).rejects.toThrow(
      /already exists/,
    );
    expect(readFileSync(input, 'utf8')).toBe('rules: []\n');
  });
});
