/**
 * Hostile samples are malformed records with their lines, never a stopped run, unbounded memory or
 * silently changed data (docs/security.md "Hostile traffic"). The chunker's bound is in
 * lineChunker.test.ts; files that are not regular files (a FIFO made with mkfifo) in
 * specialFiles.test.ts.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { DEFAULT_MAX_LINE_BYTES, readTraffic, type TrafficItem } from '../../src/traffic/reader.js';
import {
  MAX_RECORD_DEPTH,
  countMembers,
  findRepeatedKey,
  scanShapeText,
  shapeMembers,
} from '../../src/traffic/recordShape.js';
import { tempDir } from '../support/files.js';

const tmp = tempDir('traffic-hostile-');
afterAll(() => tmp.cleanup());

function write(name: string, content: string | Buffer): string {
  const path = tmp.file(name);
  writeFileSync(path, content);
  return path;
}

async function readAll(path: string, options: { chunkSize?: number; maxLineBytes?: number } = {}) {
  const items: TrafficItem[] = [];
  for await (const item of readTraffic(path, options)) items.push(item);
  return items;
}

const rec = (id: string, input: object = {}) => JSON.stringify({ request_id: id, input });
const reasonAt = (items: TrafficItem[], line: number) => {
  const item = items.find((i) => i.line === line);
  return item?.kind === 'malformed' ? item.reason : `(${item?.kind ?? 'nothing'} on line ${line})`;
};

describe('invalid UTF-8 (item 6)', () => {
  it('is malformed, not rewritten: two ids that differ only in invalid bytes are not one duplicate', async () => {
    const line = (bytes: number[]) =>
      Buffer.concat([Buffer.from('{"request_id":"id-'), Buffer.from(bytes), Buffer.from('","input":{}}\n')]);
    const path = write(
      'utf8.jsonl',
      Buffer.concat([
        Buffer.from(`${rec('ok-1')}\n`),
        line([0xff]),
        line([0xfe]),
        Buffer.from(`${rec('ok-2')}\n`),
      ]),
    );
    const items = await readAll(path);
    expect(items.map((i) => [i.line, i.kind])).toEqual([
      [1, 'record'],
      [2, 'malformed'],
      [3, 'malformed'],
      [4, 'record'],
    ]);
    expect(reasonAt(items, 2)).toMatch(/not valid UTF-8/);
    expect(reasonAt(items, 3)).toMatch(/not valid UTF-8/);
  });

  it('is malformed in a .json array element too', async () => {
    const path = write(
      'utf8.json',
      Buffer.concat([
        Buffer.from(`[${rec('a')},\n{"request_id":"b\xff`, 'latin1'),
        Buffer.from('","input":{}}]'),
      ]),
    );
    const items = await readAll(path);
    expect(items.map((i) => i.kind)).toEqual(['record', 'malformed']);
    expect(reasonAt(items, 2)).toMatch(/not valid UTF-8/);
  });
});

describe('a key repeated in one object (item 6)', () => {
  it('two request_ids: malformed, naming the key, not the last one replayed', async () => {
    const path = write(
      'dup.jsonl',
      [
        '{"request_id":"first","request_id":"second","input":{}}',
        '{"request_id":"r2","input":{"identity":{"subject":"alice","subject":"root"}}}',
        // Colons inside strings (times, URLs) and escaped ones are not members.
        '{"request_id":"r3","occurred_at":"2026-11-27T09:15:02Z","input":{"request":{"http":{"host":"a:b","path":"/x\\u003ay"}}}}',
      ].join('\n'),
    );
    const items = await readAll(path);
    expect(reasonAt(items, 1)).toBe(
      'key "request_id" appears twice in the record (JSON would keep only the last)',
    );
    expect(reasonAt(items, 2)).toBe(
      'key "subject" appears twice in input.identity (JSON would keep only the last)',
    );
    expect(items[2]).toMatchObject({ kind: 'record', line: 3 });
  });

  it('the member count of the scan equals the parsed members for any JSON without repeats (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        expect(shapeMembers(scanShapeText(text))).toBe(countMembers(JSON.parse(text)));
        expect(findRepeatedKey(text)).toBeNull();
      }),
      { seed: 20, numRuns: 500 },
    );
  });

  it('finds the repeated key inside arrays and quoted keys', () => {
    expect(findRepeatedKey('{"a":[{"x":1},{"b-c":{"k":1,"k":2}}]}')).toEqual({
      key: 'k',
      path: 'a[1]["b-c"]',
    });
  });
});

describe('nesting depth (item 3)', () => {
  const deep = (n: number) => `${'['.repeat(n)}"x"${']'.repeat(n)}`;

  it("a record nested 5,000 deep is that line's malformed entry; the lines around it replay", async () => {
    const path = write(
      'deep.jsonl',
      [
        rec('before'),
        `{"request_id":"deep","input":{"identity":{"claims":{"x":${deep(5000)}}}}}`,
        rec('after'),
      ].join('\n'),
    );
    const items = await readAll(path);
    expect(items.map((i) => [i.line, i.kind])).toEqual([
      [1, 'record'],
      [2, 'malformed'],
      [3, 'record'],
    ]);
    expect(reasonAt(items, 2)).toBe(
      `nested deeper than ${MAX_RECORD_DEPTH} levels of arrays and objects (the limit for a record)`,
    );
  });

  it('the limit is exact: the record object is level 1', async () => {
    // {"request_id":…,"input":{"x": [[…]]}}: levels 1 (record) + 1 (input) + n arrays.
    const at = (n: number) => `{"request_id":"d${n}","input":{"x":${deep(n)}}}`;
    const path = write('limit.jsonl', [at(MAX_RECORD_DEPTH - 2), at(MAX_RECORD_DEPTH - 1)].join('\n'));
    expect((await readAll(path)).map((i) => i.kind)).toEqual(['record', 'malformed']);
  });

  it('is malformed in a .json array element too', async () => {
    const path = write(
      'deep.json',
      `[${rec('a')}, {"request_id":"deep","input":{"x":${deep(5000)}}}, ${rec('b')}]`,
    );
    expect((await readAll(path)).map((i) => i.kind)).toEqual(['record', 'malformed', 'record']);
  });
});

describe('line length (item 5)', () => {
  it('a line longer than maxLineBytes is malformed with its line; reading goes on', async () => {
    const long = rec('long', { pad: 'x'.repeat(5000) });
    const path = write('long.jsonl', [rec('a'), long, rec('b'), '', rec('c')].join('\n'));
    // Small chunks: the long line spans many reads and is never held whole.
    const items = await readAll(path, { chunkSize: 256, maxLineBytes: 2048 });
    expect(items.map((i) => [i.line, i.kind])).toEqual([
      [1, 'record'],
      [2, 'malformed'],
      [3, 'record'],
      [5, 'record'],
    ]);
    expect(reasonAt(items, 2)).toBe(
      "longer than 2048 bytes, the --max-line-bytes limit (raise it with --max-line-bytes, or max-line-bytes in the Action's limits input)",
    );
    // The default reads it.
    expect((await readAll(path)).every((i) => i.kind === 'record')).toBe(true);
    expect(DEFAULT_MAX_LINE_BYTES).toBe(1 << 20);
  });

  it('a .json element longer than the limit is malformed; the next element is read', async () => {
    const path = write(
      'long.json',
      `[${rec('a')},\n${rec('long', { pad: 'y'.repeat(5000) })},\n${rec('b')}]`,
    );
    const items = await readAll(path, { chunkSize: 300, maxLineBytes: 2048 });
    expect(items.map((i) => [i.line, i.kind])).toEqual([
      [1, 'record'],
      [2, 'malformed'],
      [3, 'record'],
    ]);
  });
});
