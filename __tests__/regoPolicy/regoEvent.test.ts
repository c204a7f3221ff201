import { describe, it, expect } from '@jest/globals';
import { parseRegoEvent } from '../../src/regoPolicy/regoEvent.js';
import { projectionKey, textAt } from '../../src/regoPolicy/projection.js';
import { AnswerCache, type Evaluated } from '../../src/regoPolicy/sideEvaluation.js';

/** Reading one decision event as the Rego replay needs it (docs/rego.md "Unknown input"). */
describe('a decision event', () => {
  it('keeps the input, the result and the cache as exact text', () => {
    const line =
      '{"decision_id":"d-1","path":"svc/allow","input":{"t":1764688800123456789, "u":"x"},' +
      '"result":{"allowed":true},"nd_builtin_cache":{"time.now_ns":{"[]":1764688800123456790}},' +
      '"erased":["/input/password","/input/headers/cookie"],"masked":["/input/ssn"],"labels":{"id":"opa-1"}}';
    expect(parseRegoEvent(line)).toEqual({
      ok: true,
      event: {
        decisionId: 'd-1',
        timestamp: null,
        path: 'svc/allow',
        input: '{"t":1764688800123456789, "u":"x"}',
        result: '{"allowed":true}',
        resultHidden: false,
        ndBuiltinCache: '{"time.now_ns":{"[]":1764688800123456790}}',
        unknowns: ['/input/headers/cookie', '/input/password', '/input/ssn'],
      },
    });
  });

  it('says when the result was hidden, and when there is no input, path or result', () => {
    const parsed = parseRegoEvent(
      '{"decision_id":"d-2","erased":["/result"],"masked":[{"op":"upsert","path":"/input"}]}',
    );
    expect(parsed).toEqual({
      ok: true,
      event: {
        decisionId: 'd-2',
        timestamp: null,
        path: null,
        input: null,
        result: null,
        resultHidden: true,
        ndBuiltinCache: null,
        unknowns: ['/input'],
      },
    });
  });

  it('refuses what is no event', () => {
    const reasons = [
      '{"a":',
      '[1]',
      '{"erased":"/input/x"}',
      '{"masked":[3]}',
      '{"nd_builtin_cache":[1]}',
    ].map((line) => {
      const parsed = parseRegoEvent(line);
      return parsed.ok ? 'ok' : parsed.reason.replace(/:.*$/, '');
    });
    expect(reasons).toEqual([
      'not JSON',
      'a decision event is a JSON object',
      '`erased` and `masked` must list JSON pointers',
      '`erased` and `masked` must list JSON pointers',
      '`nd_builtin_cache` must be an object',
    ]);
  });
});

describe("an input's projection", () => {
  it('takes the exact text at each pointer, absent apart', () => {
    const input = '{"a":{"b/c":[10, {"d":12345678901234567890}]},"e":"x"}';
    expect(textAt(input, '/input/a/b~1c/1/d')).toBe('12345678901234567890');
    expect(textAt(input, '/input/a/b~1c/0')).toBe('10');
    expect(textAt(input, '/input/a/missing')).toBeUndefined();
    expect(textAt(input, '/input/e/f')).toBeUndefined();
    expect(projectionKey(input, ['/input/e', '/input/z'], null)).not.toBe(
      projectionKey(input, ['/input/e', '/input/e'], null),
    );
    expect(projectionKey(input, ['/input/e'], '{"x":{}}')).not.toBe(projectionKey(input, ['/input/e'], null));
  });
});

describe('the answer cache', () => {
  it('keeps answers by side, route and key, and stops keying a route when nothing repeats', () => {
    const cache = new AnswerCache();
    const answer = Promise.resolve<Evaluated>({ evaluation: { kind: 'undefined' }, route: 'recorded' });
    expect(cache.lookup('head', 'k')).toBeUndefined();
    cache.store('head', 'k', answer);
    expect(cache.lookup('head', 'k')).toBe(answer);
    expect(cache.lookup('base', 'k')).toBeUndefined();
    expect(cache.lookup('head', 'k', 'partial')).toBeUndefined();
    expect(cache.hits).toBe(1);
    for (let i = 0; i < 2000; i++) cache.lookup('head', `distinct-${i}`);
    expect({ recorded: cache.isUseful(), partial: cache.isUseful('partial') }).toEqual({
      recorded: false,
      partial: true,
    });
  });
});
