import fc from 'fast-check';
import type { ActiveWindow, Condition, Policy, Rule } from '../../src/policy/schema.js';
import { DAYS } from '../../src/policy/schema.js';

/**
 * Generators shared by the property tests of fixtures/conformance: valid policies over a small
 * vocabulary (so conditions actually match) and instants around window edges and DST changes.
 */

// ---- vocabulary -------------------------------------------------------------------------------

/** Values conditions list; inputs draw from the same texts plus numbers and booleans. */
export const WORDS = ['a', 'b', 'c', '1', '2.5', 'true', 'false'] as const;
export const CALL_FIELD_NAMES = ['tool', 'method', 'resource_uri', 'prompt'] as const;
export const CLAIM_PATHS = ['role', 'org.id', 'in.if'] as const;
export const ARGUMENT_PATHS = ['path', 'opts.mode', 'default'] as const;
export const ATTRIBUTE_NAMES = ['team', 'cost-center'] as const;
export const ZONES = [
  'UTC',
  'Europe/London',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
] as const;
export const CLOCKS = [
  '00:00',
  '00:30',
  '01:00',
  '02:00',
  '03:00',
  '06:00',
  '09:00',
  '12:00',
  '17:00',
  '22:00',
  '23:59',
];

export const STRING_FIELDS = [
  ...CALL_FIELD_NAMES,
  'http_path',
  'http_host',
  'http_method',
  'subject',
  'issuer',
  'group',
  'tag',
  ...ATTRIBUTE_NAMES.map((n) => `attribute:${n}`),
  ...CLAIM_PATHS.map((p) => `claim:${p}`),
  ...ARGUMENT_PATHS.map((p) => `argument:${p}`),
];

// ---- policies ---------------------------------------------------------------------------------

const conditionArb: fc.Arbitrary<Condition> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      field: fc.constantFrom(...STRING_FIELDS),
      operator: fc.constantFrom('in' as const, 'not_in' as const),
      values: fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      field: fc.constant('is_batch'),
      operator: fc.constantFrom('in' as const, 'not_in' as const),
      values: fc.uniqueArray(fc.constantFrom('true', 'false'), { minLength: 1, maxLength: 2 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      field: fc.constant('unparsable_calls'),
      operator: fc.constantFrom('in' as const, 'not_in' as const),
      values: fc.uniqueArray(fc.constantFrom('0', '1', '2'), { minLength: 1, maxLength: 3 }),
    }),
  },
);

/** A valid active window: some days, two different clock times, a named zone. */
export const windowArb: fc.Arbitrary<ActiveWindow> = fc
  .record({
    days: fc.subarray([...DAYS], { minLength: 1 }),
    from: fc.constantFrom(...CLOCKS),
    to: fc.constantFrom(...CLOCKS),
    timezone: fc.constantFrom(...ZONES),
  })
  .filter((w) => w.from !== w.to);

const ruleShapeArb = fc.record({
  suffix: fc.constantFrom('', '-x', '.y', '_z'),
  effect: fc.constantFrom('allow' as const, 'deny' as const),
  // Mostly one or two conditions: a rule of four rarely matches anything.
  conditions: fc.oneof(
    { weight: 3, arbitrary: fc.array(conditionArb, { minLength: 1, maxLength: 2 }) },
    { weight: 1, arbitrary: fc.array(conditionArb, { minLength: 3, maxLength: 4 }) },
  ),
  window: fc.option(windowArb, { freq: 3, nil: undefined }),
});

export const policyArb: fc.Arbitrary<Policy> = fc
  .record({
    default_effect: fc.constantFrom('allow' as const, 'deny' as const),
    on_missing_context: fc.constantFrom('deny' as const, 'ignore' as const, undefined),
    rules: fc.array(ruleShapeArb, { minLength: 1, maxLength: 4 }),
  })
  .map(({ default_effect, on_missing_context, rules }) => {
    const policy: Policy = {
      default_effect,
      rules: rules.map((r, i): Rule => {
        // The index keeps ids unique and their Rego names distinct whatever the suffix.
        const rule: Rule = { id: `r${i}${r.suffix}`, effect: r.effect, conditions: r.conditions };
        if (r.window) rule.active_window = r.window;
        return rule;
      }),
    };
    if (on_missing_context !== undefined) policy.on_missing_context = on_missing_context;
    return policy;
  });

// ---- instants ---------------------------------------------------------------------------------

/** Instants where windows open and close: DST switches, midnights, hour edges (UTC, ns). */
export const BASE_INSTANTS = [
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2026-03-08T07:00:00Z',
  '2026-11-01T06:00:00Z',
  '2026-04-04T15:00:00Z',
  '2026-10-03T15:30:00Z',
  '2026-01-09T22:00:00Z',
  '2026-01-05T09:00:00Z',
  '2026-07-06T03:30:00Z',
].map((iso) => BigInt(Date.parse(iso)) * 1_000_000n);

export const MINUTE_NS = 60_000_000_000n;

/** Writes an instant in RFC 3339 with the offset given in minutes ('Z' for UTC). */
export function rfc3339(ns: bigint, offset: number | 'Z'): string {
  const offsetMinutes = offset === 'Z' ? 0 : offset;
  const ms = ns / 1_000_000n;
  const subMs = ns % 1_000_000n;
  const local = new Date(Number(ms) + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const fraction = (Number(ms % 1000n) * 1_000_000 + Number(subMs))
    .toString()
    .padStart(9, '0')
    .replace(/0+$/, '');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone =
    offset === 'Z'
      ? 'Z'
      : `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local}${fraction === '' ? '' : `.${fraction}`}${zone}`;
}
