import { describe, it, expect } from '@jest/globals';
import {
  dataDifferences,
  dataText,
  exactData,
  pointerOf,
  withBaseValueAt,
} from '../../src/regoPolicy/dataEdits.js';

const diff = (base: string, head: string, roots?: string[]): string[] =>
  dataDifferences(exactData(base), exactData(head), roots).map((d) => `${d.change} ${pointerOf(d.path)}`);

describe('data edits', () => {
  it('are the keys under each data root, the roots inferred from single-key chains', () => {
    const base =
      '{"org":{"managers":{"dave":["erin","carol"],"bob":["carol"]},"payroll":["heidi"],"hr":["judy"]}}';
    const head = '{"org":{"managers":{"dave":["erin"],"bob":["carol"]},"payroll":["heidi"],"it":["ivan"]}}';
    expect(diff(base, head)).toEqual(['modified /org/managers', 'added /org/it', 'removed /org/hr']);
    expect(diff(base, head, ['org'])).toEqual(diff(base, head));
    // A finer root gives finer edits.
    expect(diff(base, head, ['org/managers'])).toEqual([
      'modified /org/managers/dave',
      'added /org/it',
      'removed /org/hr',
    ]);
  });

  it('follow each top-level key to its own root', () => {
    const base =
      '{"k8s":{"admission":{"registries":["a/"],"ns":["p"]}},"envoy":{"authz":{"jwt_secret":"s1"}},"x":1}';
    const head =
      '{"k8s":{"admission":{"registries":["a/","b/"],"ns":["p"]}},"envoy":{"authz":{"jwt_secret":"s2"}},"x":1}';
    expect(diff(base, head)).toEqual([
      'modified /k8s/admission/registries',
      'modified /envoy/authz/jwt_secret',
    ]);
    expect(diff('{}', '{"a":{"b":1}}')).toEqual(['added /a']);
    expect(diff('{"a":{"b":1}}', '{"a":[1]}')).toEqual(['modified /a']);
  });

  it('compare numbers exactly and by value', () => {
    expect(diff('{"a":{"n":1764670000123456789,"m":1}}', '{"a":{"n":1764670000123456790,"m":1.0}}')).toEqual([
      'modified /a/n',
    ]);
    expect(dataDifferences(exactData({ a: { m: 1 } }), exactData('{"a":{"m":1e0}}'))).toEqual([]);
  });

  it('revert to the base value at a path, or to none', () => {
    const base = exactData('{"org":{"managers":{"dave":["erin","carol"]},"hr":["judy"]}}');
    const head = exactData('{"org":{"managers":{"dave":["erin"]},"it":["ivan"]}}');
    expect(dataText(withBaseValueAt(base, head, ['org', 'managers']))).toBe(
      '{"org":{"managers":{"dave":["erin","carol"]},"it":["ivan"]}}',
    );
    expect(dataText(withBaseValueAt(base, head, ['org', 'it']))).toBe(
      '{"org":{"managers":{"dave":["erin"]}}}',
    );
    expect(dataText(withBaseValueAt(base, head, ['org', 'hr']))).toBe(
      '{"org":{"managers":{"dave":["erin"]},"it":["ivan"],"hr":["judy"]}}',
    );
    expect(pointerOf(['a/b', 'c~d'])).toBe('/a~1b/c~0d');
  });
});
