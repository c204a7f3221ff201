import { describe, expect, it } from '@jest/globals';
import { fenced, fitSections, fitWithFewerRows, utf16Length } from '../../src/render/fitSections.js';

const pointer = (omitted: number) => `_${omitted} more_`;

/** A report whose second section is a change table of `rows` rows of 100 characters each. */
const render = (rows: number) => [
  'head',
  `showing ${rows} of 500\n${Array.from({ length: rows }, (_, i) => `| ${String(i).padStart(96, '0')} |`).join('\n')}`,
  'fidelity',
  'rule hits',
];

describe('fitSections', () => {
  it('keeps everything that fits, else cuts whole sections from the end with a pointer', () => {
    expect(fitSections(['a', 'b'], 100, utf16Length, pointer)).toEqual({ body: 'a\n\nb\n', omitted: 0 });
    const cut = fitSections(['a'.repeat(10), 'b'.repeat(50), 'c'.repeat(50)], 80, utf16Length, pointer);
    expect(cut).toEqual({ body: `${'a'.repeat(10)}\n\n${'b'.repeat(50)}\n\n_1 more_\n`, omitted: 1 });
    expect(cut.body.length).toBeLessThanOrEqual(80);
  });
});

describe('fitWithFewerRows', () => {
  it('shows as many change rows as fit and keeps every later section', () => {
    const fitted = fitWithFewerRows(render, 500, 5_000, utf16Length, pointer);
    expect(fitted.omitted).toBe(0);
    expect(fitted.body.length).toBeLessThanOrEqual(5_000);
    expect(fitted.body).toContain('rule hits');
    // The most rows that fit: one more would not.
    expect(fitSections(render(fitted.rows + 1), 5_000, utf16Length, pointer).omitted).toBeGreaterThan(0);
    expect(fitted.body).toContain(`showing ${fitted.rows} of 500`);
  });

  it('keeps all rows when they fit, and cuts sections only when even no rows fit', () => {
    expect(fitWithFewerRows(render, 3, 5_000, utf16Length, pointer).rows).toBe(3);
    const tiny = fitWithFewerRows(render, 50, 40, utf16Length, pointer);
    expect(tiny.rows).toBe(0);
    expect(tiny.omitted).toBeGreaterThan(0);
  });
});

describe('fenced', () => {
  it('uses a fence longer than any backtick run inside, so the content cannot close it', () => {
    expect(fenced('plain', 'diff')).toBe('```diff\nplain\n```');
    expect(fenced('a ```` b')).toBe('`````\na ```` b\n`````');
  });
});
