/**
 * Errors that name inputs name the first few and count the rest: a merge of one shard of 10,000
 * and a partial report carrying 40,000 unknown keys each give a short message, not one entry per
 * input. Partial reports are made by the real CLI (`replay --shard`).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCliCaptured } from '../support/cli.js';
import { mergeReports } from '../../src/replay/report/merge.js';
import type { ReplayReport } from '../../src/replay/report/report.js';
import { checkReport } from '../../src/replay/report/reportSchema.js';
import { repoRoot, tempDir } from './helpers.js';

const EXAMPLE = join(repoRoot, 'fixtures/example');
const tmp = tempDir('bounded-messages-');
afterAll(() => tmp.cleanup());

async function partial(shard: string): Promise<ReplayReport> {
  const out = tmp.file(`part-${shard.replace('/', '-')}.json`);
  const result = await runCliCaptured([
    'replay',
    '--head',
    join(EXAMPLE, 'policies/head.yaml'),
    '--traffic',
    join(EXAMPLE, 'traffic/edge.jsonl'),
    '--shard',
    shard,
    '--format',
    'json',
    '--out',
    out,
  ]);
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(readFileSync(out, 'utf8')) as ReplayReport;
}

describe('errors that list inputs', () => {
  it('a merge missing 9,999 shards names five and counts the rest', async () => {
    const part = await partial('1/10000');
    let message = '';
    try {
      mergeReports([part]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('missing shard(s) 2/10000, 3/10000, 4/10000, 5/10000, 6/10000, and 9,994 more');
  });

  it("a partial report's 40,000 unknown keys are named five at most", async () => {
    const part = (await partial('1/2')) as unknown as { meta: Record<string, unknown> };
    for (let i = 0; i < 40_000; i++) part.meta[`extra${i}`] = i;
    const check = checkReport(part);
    expect(check.ok).toBe(false);
    const problems = check.ok ? [] : check.problems;
    expect(problems).toEqual([
      'meta: unknown keys "extra0", "extra1", "extra2", "extra3", "extra4", and 39,995 more (a report of another version?)',
    ]);
  });
});
