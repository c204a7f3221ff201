import { describe, it, expect } from '@jest/globals';
import { impactBlock, readImpactBlock, type ImpactBlock } from '../../src/acceptance/hiddenBlock.js';

const BLOCK: ImpactBlock = {
  digest: '0123456789abcdef'.repeat(4),
  head: 'a'.repeat(40),
  judged: { against: 'base-tip', base: 'b'.repeat(40), head: 'c'.repeat(40) },
  failed: ['newly-allowed', 'newly-denied'],
  accepted_by: null,
};

const count = (text: string, part: string) => text.split(part).length - 1;

describe('impactBlock', () => {
  it('is one line, an HTML comment that reads back as it was', () => {
    const text = impactBlock(BLOCK);
    expect(text.startsWith('<!-- policy-replay:impact {')).toBe(true);
    expect(text.endsWith('} -->')).toBe(true);
    expect(text).not.toContain('\n');
    expect(readImpactBlock(text)).toEqual(BLOCK);
    expect(readImpactBlock(`## ❌ headline\n\nbody\n\n${text}\n`)).toEqual(BLOCK);
    const accepted = { ...BLOCK, accepted_by: 'alice' };
    expect(readImpactBlock(impactBlock(accepted))).toEqual(accepted);
  });

  it.each([
    ['-->', 'x --> <b>out</b>'],
    ['<script>', '<script>alert(1)</script>'],
    ['--', 'a--b'],
    ['--!>', 'x --!> y'],
    ['a comment of its own', '<!-- -->'],
    ['a fake block', ' --> <!-- policy-replay:impact {"digest":"x","head":"y"} -->'],
  ])('cannot be ended early by %s in a rule', (_what, hostile) => {
    const block = { ...BLOCK, failed: [hostile, 'newly-allowed'], accepted_by: '-->' };
    const text = impactBlock(block);
    // The comment's only end is its own.
    expect(count(text, '-->')).toBe(1);
    expect(text.endsWith(' -->')).toBe(true);
    expect(count(text, '--')).toBe(2); // the opening <!-- and the closing -->
    expect(count(text, '<')).toBe(1);
    expect(count(text, '>')).toBe(1);
    expect(readImpactBlock(text)).toEqual(block);
  });

  it('escapes hostile text in the digest and head too', () => {
    const block = { ...BLOCK, digest: '<!--', head: '-->' };
    const text = impactBlock(block);
    expect(count(text, '-->')).toBe(1);
    expect(readImpactBlock(text)).toEqual(block);
  });
});

describe('readImpactBlock', () => {
  it.each([
    ['no block', 'just a comment'],
    ['an empty body', ''],
    ['an unclosed block', '<!-- policy-replay:impact {"digest":"d","head":"h"}'],
    ['JSON that does not parse', '<!-- policy-replay:impact {digest: d} -->'],
    ['not an object', '<!-- policy-replay:impact "text" -->'],
    ['null', '<!-- policy-replay:impact null -->'],
    ['no digest', '<!-- policy-replay:impact {"head":"h"} -->'],
    ['no head', '<!-- policy-replay:impact {"digest":"d"} -->'],
    ['a numeric digest', '<!-- policy-replay:impact {"digest":1,"head":"h"} -->'],
    ['another block name', '<!-- policy-replay:impacts {"digest":"d","head":"h"} -->'],
  ])('is null for %s', (_what, body) => {
    expect(readImpactBlock(body)).toBeNull();
  });

  it('reads the last block when there are several', () => {
    const first = impactBlock({ ...BLOCK, digest: 'f'.repeat(64) });
    const last = impactBlock(BLOCK);
    expect(readImpactBlock(`${first}\ntext\n${last}\n`)).toEqual(BLOCK);
  });

  it('is null when the last block is broken, even after a good one', () => {
    expect(readImpactBlock(`${impactBlock(BLOCK)}\n<!-- policy-replay:impact {broken -->`)).toBeNull();
  });
});
