import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  readTraffic,
  readTrafficBatches,
  trafficSha256,
  TrafficReadError,
  trafficFormatOf,
  type TrafficItem,
} from '../../src/traffic/reader.js';

const EDGE = join(process.cwd(), 'fixtures/example/traffic/edge.jsonl');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'traffic-reader-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function readAll(path: string, chunkSize?: number): Promise<TrafficItem[]> {
  const items: TrafficItem[] = [];
  for await (const item of readTraffic(path, chunkSize === undefined ? {} : { chunkSize })) items.push(item);
  return items;
}

function summary(items: TrafficItem[]): string[] {
  return items.map((i) =>
    i.kind === 'record'
      ? `${i.line} ok ${i.record.request_id}`
      : `${i.line} malformed ${i.request_id ?? '-'}`,
  );
}

const rec = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ request_id: id, input: {}, ...extra });

describe('trafficFormatOf', () => {
  it('knows the formats by extension and rejects others', () => {
    expect(trafficFormatOf('a/b.jsonl')).toBe('jsonl');
    expect(trafficFormatOf('b.JSONL.GZ')).toBe('jsonl.gz');
    expect(trafficFormatOf('b.json')).toBe('json');
    expect(trafficFormatOf('b.json.gz')).toBe('json.gz');
    expect(() => trafficFormatOf('b.csv')).toThrow(TrafficReadError);
  });
});

describe('JSON Lines', () => {
  it('reads the hand-written edge records with every malformed kind on its line', async () => {
    const items = await readAll(EDGE);
    const byLine = new Map(items.map((i) => [i.line, i]));
    // Line 2 is blank: skipped, not counted, but later line numbers stay physical.
    expect(byLine.has(2)).toBe(false);
    expect(items).toHaveLength(25);
    const malformed = (line: number) => {
      const item = byLine.get(line);
      if (item?.kind !== 'malformed') throw new Error(`line ${line} is not malformed`);
      return item;
    };
    expect(malformed(3).reason).toMatch(/^not JSON: /);
    expect(malformed(4).reason).toBe('request_id: is required');
    expect(malformed(5)).toMatchObject({ reason: 'input: is required', request_id: 'edge-no-input' });
    expect(malformed(6).reason).toBe('request_id: must be a non-empty string');
    expect(malformed(7).reason).toBe('request_id: must be a string, got the number 42');
    expect(malformed(8)).toEqual({
      kind: 'malformed',
      line: 8,
      reason: 'request_id: duplicate "edge-single-call" (first on line 1)',
      request_id: 'edge-single-call',
    });
    expect(malformed(9).reason).toContain('unavailable[1]: unknown unavailable entry "mcp.headers"');
    expect(malformed(11).reason).toContain('must not also carry input.request.mcp.calls');
    expect(malformed(12).reason).toBe('unpaired.tool: has 2 values but call_count is 1');
    expect(malformed(15).reason).toContain('occurred_at: must be an RFC 3339 instant');
    expect(malformed(16).reason).toContain('recorded_decision: must be one of');
    expect(malformed(17).reason).toContain('input.request.time: must be an RFC 3339 instant');
    expect(malformed(18).reason).toBe('unavailible: unknown key');
    expect(malformed(19).reason).toBe('a record must be a JSON object, got an array');
    expect(malformed(22).reason).toContain('input.request.jsonrpc.is_batch: must be a boolean');
    expect(malformed(23).reason).toContain('input.request.jsonrpc.unparsable_calls: must not be negative');
    expect(malformed(24).reason).toContain('input.identity.groups: must be an array');
    expect(malformed(25).reason).toContain('input.request.mcp.calls[0].tool: must be a string');
    const ok = items.filter((i) => i.kind === 'record').map((i) => i.line);
    expect(ok).toEqual([1, 10, 13, 14, 20, 21, 26]);
  });

  it('splits lines across chunk boundaries of any size identically', async () => {
    const whole = await readAll(EDGE);
    for (const chunkSize of [1, 7, 64, 1000]) expect(await readAll(EDGE, chunkSize)).toEqual(whole);
  });

  it('handles CRLF, a byte-order mark, whitespace-only lines and a last line without newline', async () => {
    const path = write('crlf.jsonl', `\ufeff${rec('a')}\r\n  \r\n${rec('b')}\r\n\t\n${rec('c')}`);
    expect(summary(await readAll(path, 5))).toEqual(['1 ok a', '3 ok b', '5 ok c']);
  });

  it('keeps the first occurrence of an id valid; a malformed record does not claim its id', async () => {
    const path = write(
      'dups.jsonl',
      [rec('x', { recorded_decision: 'maybe' }), rec('x'), rec('y'), rec('x'), rec('y')].join('\n'),
    );
    expect(summary(await readAll(path))).toEqual([
      '1 malformed x',
      '2 ok x',
      '3 ok y',
      '4 malformed x',
      '5 malformed y',
    ]);
  });

  it('reads gzip-compressed JSON Lines, including multi-member gzip', async () => {
    const text = readFileSync(EDGE);
    const path = write('edge.jsonl.gz', gzipSync(text));
    expect(await readAll(path)).toEqual(await readAll(EDGE));
    const half = text.indexOf(0x0a, text.length >> 1) + 1;
    const multi = write(
      'multi.jsonl.gz',
      Buffer.concat([gzipSync(text.subarray(0, half)), gzipSync(text.subarray(half))]),
    );
    expect(await readAll(multi, 100)).toEqual(await readAll(EDGE));
  });

  it('yields batches that concatenate to the item stream', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => rec(`r${i}`)).join('\n');
    const path = write('many.jsonl', lines);
    const batches: TrafficItem[][] = [];
    for await (const batch of readTrafficBatches(path, { chunkSize: 4096 })) batches.push(batch);
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.flat()).toEqual(await readAll(path));
    expect(batches.flat()).toHaveLength(500);
  });
});

describe('JSON arrays', () => {
  const pretty = [
    '[',
    '  {',
    '    "request_id": "a",',
    '    "input": { "request": { "http": { "path": "/p,]}\\"{[" } } }',
    '  },',
    `  ${rec('b')} ,`,
    '  42,',
    '  {"request_id": "c", "input": {}, "unavailable": ["nope"]},',
    '  {"request_id": "a", "input": {}},',
    '  {"request_id": "d", "input": {"identity": {"groups": ["x\\\\"]}}}',
    ']',
    '',
  ].join('\n');

  it('streams top-level elements with the line each starts on', async () => {
    const path = write('pretty.json', pretty);
    const items = await readAll(path);
    expect(summary(items)).toEqual([
      '2 ok a',
      '6 ok b',
      '7 malformed -',
      '8 malformed c',
      '9 malformed a',
      '10 ok d',
    ]);
    const first = items[0];
    expect(first?.kind === 'record' && first.record.input.request?.http?.path).toBe('/p,]}"{[');
    expect(items[2]).toMatchObject({ reason: 'a record must be a JSON object, got the number 42' });
  });

  it('gives the same items for any chunk size and for .json.gz', async () => {
    const path = write('pretty2.json', pretty);
    const whole = await readAll(path);
    for (const chunkSize of [1, 3, 16, 100]) expect(await readAll(path, chunkSize)).toEqual(whole);
    expect(await readAll(write('pretty.json.gz', gzipSync(pretty)), 5)).toEqual(whole);
  });

  it('reads empty arrays and reports empty elements as malformed', async () => {
    expect(await readAll(write('empty.json', ' [ ] \n'))).toEqual([]);
    const items = await readAll(write('commas.json', `[${rec('a')},,\n${rec('b')},]`));
    expect(summary(items)).toEqual(['1 ok a', '1 malformed -', '2 ok b', '2 malformed -']);
    expect(items[1]).toMatchObject({ reason: expect.stringContaining('empty array element') });
  });

  it('an unparsable element is malformed and the rest still reads', async () => {
    const items = await readAll(
      write('bad-element.json', `[{"request_id": "a", "input": {]},\n${rec('b')}]`),
    );
    expect(summary(items)).toEqual(['1 malformed -', '2 ok b']);
    expect(items[0]).toMatchObject({ reason: expect.stringMatching(/^not JSON: /) });
  });

  it.each([
    ['not an array', `${rec('a')}`, /must hold one JSON array/],
    ['truncated', `[${rec('a')},\n{"request_id": "b"`, /not closed/],
    ['text after the array', `[${rec('a')}] x`, /after the closing/],
    ['empty file', '', /must hold one JSON array/],
  ])('a file that is %s fails the read', async (_name, content, message) => {
    const path = write(`structure-${_name.replace(/ /g, '-')}.json`, content);
    await expect(readAll(path)).rejects.toThrow(message);
    await expect(readAll(path)).rejects.toBeInstanceOf(TrafficReadError);
  });
});

describe('content, not the file name, decides compression', () => {
  it('reads a gzip-compressed export saved as .jsonl (and a .json array saved gzipped)', async () => {
    const lines = `${rec('a')}\n${rec('b')}\n`;
    expect(summary(await readAll(write('compressed-without-gz.jsonl', gzipSync(lines))))).toEqual([
      '1 ok a',
      '2 ok b',
    ]);
    const array = write('compressed-array.json', gzipSync(`[${rec('c')},\n${rec('d')}]`));
    expect(summary(await readAll(array))).toEqual(['1 ok c', '2 ok d']);
  });

  it('still reads a plain file whose first bytes are not gzip magic', async () => {
    expect(summary(await readAll(write('plain.jsonl', `${rec('p')}\n`)))).toEqual(['1 ok p']);
  });
});

describe('read errors', () => {
  it('a missing file is a TrafficReadError naming the path', async () => {
    const path = join(dir, 'missing.jsonl');
    await expect(readAll(path)).rejects.toMatchObject({
      name: 'TrafficReadError',
      path,
      message: `${path}: no such file`,
    });
    await expect(trafficSha256(path)).rejects.toBeInstanceOf(TrafficReadError);
  });

  it('a .gz file that is not gzip is a TrafficReadError', async () => {
    const path = write('plain.jsonl.gz', `${rec('a')}\n`);
    await expect(readAll(path)).rejects.toThrow(/not a valid gzip file/);
  });
});

describe('trafficSha256', () => {
  it('hashes the stored bytes', async () => {
    const content = Buffer.from(`${rec('a')}\n`.repeat(1000));
    const path = write('hash.jsonl', content);
    expect(await trafficSha256(path)).toBe(createHash('sha256').update(content).digest('hex'));
  });
});
