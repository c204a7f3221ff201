import { describe, expect, it } from '@jest/globals';
import { countText, percentText } from '../../src/render/numbers.js';

describe('percentText', () => {
  it('writes one decimal, always', () => {
    expect(percentText(1, 8)).toBe('12.5%');
    expect(percentText(1, 3)).toBe('33.3%');
    expect(percentText(2, 3)).toBe('66.7%');
    expect(percentText(5, 10)).toBe('50.0%');
  });

  it('never rounds a partial share to none or all', () => {
    expect(percentText(0, 10)).toBe('0.0%');
    expect(percentText(10, 10)).toBe('100.0%');
    expect(percentText(1, 1_000_000)).toBe('<0.1%');
    expect(percentText(999_999, 1_000_000)).toBe('>99.9%');
  });

  it('has no share of nothing', () => {
    expect(percentText(0, 0)).toBe('-');
  });
});

describe('countText', () => {
  it('groups thousands', () => {
    expect(countText(1234567)).toBe('1,234,567');
    expect(countText(0)).toBe('0');
  });
});
