/**
 * LineChunker cuts a byte stream into runs of whole lines for the worker threads, and forEachLine
 * numbers and cuts them as the reader does (src/traffic/reader.ts). Unit tests of the sources; the
 * end-to-end check that workers give the in-process report is replay/workers.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { forEachLine, LineChunker } from '../../src/traffic/reader.js';
import { shapeMembers } from '../../src/traffic/recordShape.js';
import { SIZES } from '../support/sizes.js';

const rec = (id: string, input: object = {}) => JSON.stringify({ request_id: id, input });

describe('LineChunker + forEachLine', () => {
  it('number and cut lines as the reader does, whatever the chunk boundaries and run size', () => {
    const text = '\ufeff{"a":1}\r\n\n  \nsecond\nthird\r\nno newline at the end';
    const bytes = Buffer.from(text, 'utf8');
    const expected: [string, number][] = [
      ['{"a":1}', 1],
      ['second', 4],
      ['third', 5],
      ['no newline at the end', 6],
    ];
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: bytes.length }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 64 }),
        (cuts, minBytes) => {
          const points = [...new Set(cuts)].sort((a, b) => a - b);
          const pieces: Buffer[] = [];
          let at = 0;
          for (const p of [...points, bytes.length]) {
            pieces.push(bytes.subarray(at, p));
            at = p;
          }
          const chunker = new LineChunker(minBytes);
          const seen: [string, number][] = [];
          const take = (chunk: ReturnType<LineChunker['push']>) => {
            if (chunk !== null) forEachLine(chunk.bytes, chunk.firstLine, (t, l) => seen.push([t, l]));
          };
          for (const piece of pieces) take(chunker.push(piece));
          take(chunker.end());
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: SIZES.fastCheckRuns },
    );
  });

  it('the chunker holds at most minBytes + one chunk + maxLineBytes, whatever the input', () => {
    const chunker = new LineChunker(0, 1000);
    const zeros = Buffer.alloc(64 * 1024);
    const held: number[] = [];
    for (let i = 0; i < 200; i++) {
      expect(chunker.push(zeros)).toBeNull();
      held.push((chunker as unknown as { pendingBytes: number }).pendingBytes);
    }
    expect(Math.max(...held)).toBeLessThanOrEqual(1001);
    const tail = chunker.push(Buffer.from(`\n${rec('next')}\n`))!;
    const seen: [number, number][] = [];
    forEachLine(
      tail.bytes,
      tail.firstLine,
      (_text, line, shape) => seen.push([line, shape < 0 ? shape : shapeMembers(shape)]),
      1000,
    );
    expect(seen).toEqual([
      [1, -3],
      [2, 2],
    ]);
  });
});
