import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { isShortestForm, respelledNumbers } from '../../src/traffic/numbers.js';
import {
  scanShapeBytes,
  scanShapeText,
  shapeMayHoldRespelledNumber,
  shapeMembers,
} from '../../src/traffic/recordShape.js';
import { MAX_UNKNOWN_PATHS, type TrafficRecord } from '../../src/traffic/record.js';
import { INEXACT_NUMBERS } from '../../src/unknowns/recordUnknowns.js';
import { SampleElementReader } from '../../src/traffic/sample.js';
import { readTrafficElements } from '../../src/traffic/reader.js';
import { NO_DECISION_LOG_OPTIONS } from '../../src/traffic/decisionLog.js';
import {
  hasUnknowns,
  unknownDataOf,
  unknownKey,
  unknownPointers,
} from '../../src/unknowns/recordUnknowns.js';
import { evaluateReferenceThreeValued } from '../../src/engine/threeValued.js';
import { readingOf, readingReasons } from '../../src/unknowns/staticReading.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import type { Policy } from '../../src/policy/schema.js';
import { tempDir } from '../replay/helpers.js';

const records = new SampleElementReader('records', NO_DECISION_LOG_OPTIONS);
const events = new SampleElementReader('opa-decision-log', NO_DECISION_LOG_OPTIONS);

function recordOf(text: string, reader = records): TrafficRecord {
  const element = reader.read(text);
  if (element.kind !== 'record') throw new Error(`not a record: ${JSON.stringify(element)}`);
  return element.record;
}

function policy(yaml: string): Policy {
  const result = validatePolicyText(yaml, 'p.yaml', 'yaml');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.policy;
}

const DENY_ODD_LIMITS = policy(
  [
    'default_effect: allow',
    'rules:',
    '  - id: deny-odd-limits',
    '    effect: deny',
    "    conditions: [{ field: 'argument:limit', operator: not_in, values: ['10', '20', '50'] }]",
  ].join('\n'),
);

describe('numbers not in their shortest form', () => {
  it.each([
    ['10', true],
    ['-3', true],
    ['0', true],
    ['2.5', true],
    ['1e+21', true],
    ['5e-324', true],
    ['18014398509481984', true],
    ['1e309', false],
    ['-1e309', false],
    ['1E400', false],
    ['12345678901234567890', false],
    ['9007199254740993', false],
    ['0.1000000000000000055511151231257827', false],
    ['1e-400', false],
    ['10.0', false],
    ['1e1', false],
    ['1e21', false],
    ['-0', false],
  ])('%s is in its shortest form: %s', (token, expected) => {
    expect(isShortestForm(token)).toBe(expected);
  });

  it('names each by its path, keys unescaped, and every number equal in value to one of them', () => {
    const text =
      '{"a":[1, 1E1 ,{"b\\"c":10}],"d":{"e/f":12345678901234567890},"g":10,"h":7,"i":"1e309","j":-0,"k":0}';
    expect(respelledNumbers(text)).toEqual([
      { path: ['a', '1'], token: '1E1' },
      { path: ['a', '2', 'b"c'], token: '10' },
      { path: ['d', 'e/f'], token: '12345678901234567890' },
      { path: ['g'], token: '10' },
      { path: ['j'], token: '-0' },
      { path: ['k'], token: '0' },
    ]);
    expect(respelledNumbers('{"a":10,"b":[2.5,1e+21],"c":"1E1"}')).toEqual([]);
  });

  // Any JSON, its numbers spelled from a pool: the shape scans flag every element that holds one.
  const spelling = fc.constantFrom(
    '10',
    '7',
    '0',
    '2.5',
    '1e+21',
    '1e309',
    '1E1',
    '-0',
    '12345678901234567890',
    '0.5e1',
  );
  const json: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      spelling,
      fc.constantFrom('"x:1.5,"', '"10.0"', 'true', 'false', 'null', '"a\\"1e5"'),
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(' , ')}]`),
      fc
        .array(fc.tuple(fc.constantFrom('a', 'b', 'c"', '1'), tie('value')), { maxLength: 4 })
        .map((members) => {
          const unique = new Map(members.map(([k, v]) => [k, v]));
          return `{${[...unique].map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(',\n')}}`;
        }),
    ),
  })).value;

  it('the shape scans flag every element holding one (property)', async () => {
    const tmp = tempDir('numbers-shape-');
    try {
      const texts = fc.sample(
        json.map((v) => `{"r":${v}}`),
        { numRuns: 400, seed: 7 },
      );
      for (const text of texts) {
        const found = respelledNumbers(text).length > 0;
        const bytes = Buffer.from(`xx${text}yy`);
        expect({ text, flagged: found && !shapeMayHoldRespelledNumber(scanShapeText(text)) }).toEqual({
          text,
          flagged: false,
        });
        expect({
          text,
          flagged: found && !shapeMayHoldRespelledNumber(scanShapeBytes(bytes, 2, bytes.length - 2)),
        }).toEqual({
          text,
          flagged: false,
        });
        expect(shapeMembers(scanShapeText(text))).toBe(
          shapeMembers(scanShapeBytes(bytes, 2, bytes.length - 2)),
        );
      }
      // The .json layout scans its elements as they stream by, in chunks of 7 bytes.
      const file = tmp.file('a.json');
      writeFileSync(file, `[${texts.join(',\n')}]`);
      const shapes: number[] = [];
      for await (const batch of readTrafficElements(
        file,
        { element: (_t, _l, shape) => shape, empty: () => -9 },
        { chunkSize: 7 },
      ))
        shapes.push(...batch);
      expect(shapes).toHaveLength(texts.length);
      texts.forEach((text, i) => {
        const found = respelledNumbers(text).length > 0;
        expect({ text, missed: found && !shapeMayHoldRespelledNumber(shapes[i]!) }).toEqual({
          text,
          missed: false,
        });
      });
    } finally {
      tmp.cleanup();
    }
  });
});

describe('a record holding them', () => {
  it('keeps them as pointers below /input, outside its own keys; a record without keeps none', () => {
    const r = recordOf(
      '{"request_id":"a","input":{"request":{"mcp":{"arguments":{"limit":1e309,"tags":[1,10.0]}}},"identity":{"claims":{"n":12345678901234567890}},"extra":1e309}}',
    );
    expect(r[INEXACT_NUMBERS]).toEqual([
      ['request', 'mcp', 'arguments', 'limit'],
      ['request', 'mcp', 'arguments', 'tags', '1'],
      ['identity', 'claims', 'n'],
    ]);
    expect(Object.keys(r)).toEqual(['request_id', 'input']);
    expect(hasUnknowns(r)).toBe(true);
    expect(unknownPointers(r)).toEqual(r[INEXACT_NUMBERS]);
    expect(unknownDataOf(r)).toEqual({ pointers: [], numbers: r[INEXACT_NUMBERS], unpaired: null });
    const plain = recordOf('{"request_id":"b","input":{"request":{"mcp":{"arguments":{"limit":2.5}}}}}');
    expect(plain[INEXACT_NUMBERS]).toBeUndefined();
    expect(hasUnknowns(plain)).toBe(false);
  });

  it('records with different such numbers never share an unknown key', () => {
    const at = (v: string) =>
      recordOf(`{"request_id":"k","input":{"request":{"mcp":{"arguments":{"${v}":1e309}}}}}`);
    expect(unknownKey(at('limit'))).not.toBe(unknownKey(at('page')));
    const paths = recordOf(
      '{"request_id":"k","input":{"request":{"mcp":{"arguments":{"limit":1}}}},"unknown_paths":["/input/request/mcp/arguments/limit"]}',
    );
    expect(unknownKey(paths)).not.toBe(unknownKey(at('limit')));
  });

  it('an unpaired call_count spelled otherwise is malformed; one merely equal to such a number is not', () => {
    expect(records.read('{"request_id":"c","input":{},"unpaired":{"call_count":2.0}}')).toEqual({
      kind: 'malformed',
      reason: 'unpaired.call_count: must be a whole number written plainly, got 2.0',
      request_id: 'c',
      path: null,
    });
    const r = recordOf(
      '{"request_id":"d","input":{"request":{"mcp":{"arguments":{"n":2.0}}}},"unpaired":{"call_count":2}}',
    );
    expect(r[INEXACT_NUMBERS]).toEqual([['request', 'mcp', 'arguments', 'n']]);
  });

  it(`more than ${MAX_UNKNOWN_PATHS} of them is malformed`, () => {
    const many = Array.from({ length: MAX_UNKNOWN_PATHS + 1 }, () => '1e309').join(',');
    const element = records.read(
      `{"request_id":"e","input":{"request":{"mcp":{"arguments":{"x":[${many}]}}}}}`,
    );
    expect(element).toMatchObject({ kind: 'malformed', request_id: 'e' });
  });

  it("a decision event: those of its input, none of its metrics'", () => {
    const r = recordOf(
      '{"decision_id":"f","path":"policy_replay/decision","input":{"request":{"mcp":{"arguments":{"limit":1E400}}}},"metrics":{"timer_ns":12345678901234567890},"result":{"allow":true}}',
      events,
    );
    expect(r[INEXACT_NUMBERS]).toEqual([['request', 'mcp', 'arguments', 'limit']]);
  });

  it('is unevaluable with number_not_representable where a rule compares the number, decided elsewhere', () => {
    const odd = recordOf('{"request_id":"g","input":{"request":{"mcp":{"arguments":{"limit":1e309}}}}}');
    expect(evaluateReferenceThreeValued(DENY_ODD_LIMITS, odd.input, unknownDataOf(odd))).toMatchObject({
      allow: 1,
      reasons: ['number_not_representable'],
    });
    expect(readingReasons(odd, readingOf(DENY_ODD_LIMITS))).toEqual(['number_not_representable']);
    const unread = recordOf(
      '{"request_id":"h","input":{"request":{"mcp":{"arguments":{"limit":7,"page":1e309}}}}}',
    );
    expect(evaluateReferenceThreeValued(DENY_ODD_LIMITS, unread.input, unknownDataOf(unread))).toMatchObject({
      allow: 0,
      matched_rule_ids: ['deny-odd-limits'],
    });
    expect(readingReasons(unread, readingOf(DENY_ODD_LIMITS))).toEqual([]);
    // Each pointer gives its own reason: an unknown path and a number at the same location.
    const both = recordOf(
      '{"request_id":"i","input":{"request":{"mcp":{"arguments":{"limit":1e309}}}},"unknown_paths":["/input/request/mcp/arguments"]}',
    );
    expect(evaluateReferenceThreeValued(DENY_ODD_LIMITS, both.input, unknownDataOf(both)).reasons).toEqual([
      'mcp_not_recorded',
      'number_not_representable',
    ]);
  });
});
