import { describe, expect, it } from '@jest/globals';
import { MAX_LISTED, boundedList } from '../../src/text/listing.js';

describe('boundedList', () => {
  it('names every item of a short list, as join would', () => {
    expect(MAX_LISTED).toBe(5);
    expect(boundedList([])).toBe('');
    expect(boundedList(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c, d, e');
  });

  it('names the first five of a long list and counts the rest, whatever its length', () => {
    const items = Array.from({ length: 1_000_000 }, (_, i) => `p${i}`);
    expect(boundedList(items, '; ')).toBe('p0; p1; p2; p3; p4; and 999,995 more');
  });

  it('cuts an item longer than 200 code points', () => {
    const long = '🙂'.repeat(300);
    const shown = boundedList([long]);
    expect([...shown]).toHaveLength(200);
    expect(shown.endsWith('…')).toBe(true);
  });
});
