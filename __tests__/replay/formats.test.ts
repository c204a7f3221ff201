import { describe, it, expect, afterAll } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { pathRecord, policyYaml, run, tempDir } from './helpers.js';

const tmp = tempDir('replay-formats-');
afterAll(() => tmp.cleanup());

const POLICY = policyYaml({
  default_effect: 'deny',
  rules: [
    { id: 'mcp', effect: 'allow', conditions: [{ field: 'http_path', operator: 'in', values: ['/mcp'] }] },
  ],
});

describe('traffic file formats', () => {
  it('.jsonl, .jsonl.gz and .json of the same records replay to the same result', async () => {
    const records = [
      pathRecord('a', '/mcp', { occurred_at: '2026-11-27T09:00:00Z' }),
      pathRecord('b', '/other', { occurred_at: '2026-11-27T10:00:00Z' }),
      { request_id: 'bad', input: 'not an object' },
      pathRecord('c', '/mcp'),
    ];
    const jsonl = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
    writeFileSync(tmp.file('t.jsonl'), jsonl);
    writeFileSync(tmp.file('t.jsonl.gz'), gzipSync(jsonl));
    // One element a line, so the malformed element's line is the same as in JSON Lines.
    writeFileSync(tmp.file('t.json'), `[${records.map((r) => JSON.stringify(r)).join(',\n')}]\n`);
    const results = await Promise.all(
      ['t.jsonl', 't.jsonl.gz', 't.json'].map(
        async (name) => (await run({ head: POLICY, base: null, trafficPath: tmp.file(name) })).result,
      ),
    );
    expect(results[0]).toMatchObject({
      evaluated: 3,
      allowed: 2,
      denied: 1,
      malformed: { count: 1, examples: [{ line: 3 }] },
    });
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });
});
