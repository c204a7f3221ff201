import { describe, it, expect } from '@jest/globals';
import { TwoGenerationMap } from '../../src/replay/decisionCache/twoGenerationMap.js';

describe('TwoGenerationMap', () => {
  it('finds what it was given, in either generation', () => {
    const map = new TwoGenerationMap<number>(2, 1 << 20);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3); // the young generation {a, b} turns old
    expect(map.get('a')).toBe(1);
    expect(map.get('b')).toBe(2);
    expect(map.get('c')).toBe(3);
    expect(map.get('d')).toBeUndefined();
  });

  it('forgets what was not used for two generations', () => {
    const map = new TwoGenerationMap<number>(2, 1 << 20);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3); // young {c}, old {a, b}
    map.set('d', 4); // young {c, d}
    map.set('e', 5); // young {e}, old {c, d}: a and b are gone
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBeUndefined();
    expect(map.get('c')).toBe(3);
  });

  it('moves a hit in the old generation back to the young one, so it survives the turnover', () => {
    const map = new TwoGenerationMap<number>(2, 1 << 20);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3); // young {c}, old {a, b}
    expect(map.get('a')).toBe(1); // young {c, a}
    map.set('d', 4); // young {d}, old {c, a}
    map.set('e', 5); // young {d, e}
    map.set('f', 6); // young {f}, old {d, e}
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBeUndefined();
    const kept = new TwoGenerationMap<number>(2, 1 << 20);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('c', 3); // young {c}, old {a, b}
    expect(kept.get('a')).toBe(1); // young {c, a}
    kept.set('d', 4); // young {d}, old {c, a}
    expect(kept.get('a')).toBe(1); // from the old generation again
    expect(kept.get('b')).toBeUndefined();
  });

  it('turns a generation over once its keys hold the unit budget, however few they are', () => {
    const map = new TwoGenerationMap<number>(1_000, 8);
    map.set('aaaa', 1);
    map.set('bbbb', 2); // 8 units: full
    map.set('c', 3); // young {c}, old {aaaa, bbbb}
    map.set('dddddddd', 4); // 9 units: full
    map.set('e', 5); // young {e}, old {c, dddddddd}
    expect(map.get('aaaa')).toBeUndefined();
    expect(map.get('c')).toBe(3);
    expect(map.get('dddddddd')).toBe(4);
    expect(map.get('e')).toBe(5);
  });

  it('replaces the value of a key it holds', () => {
    const map = new TwoGenerationMap<string>(4, 1 << 20);
    map.set('a', 'x');
    map.set('a', 'y');
    expect(map.get('a')).toBe('y');
  });
});
