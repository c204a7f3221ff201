import fc from 'fast-check';
import {
  ARGUMENT_PATHS,
  ATTRIBUTE_NAMES,
  BASE_INSTANTS,
  CALL_FIELD_NAMES,
  CLAIM_PATHS,
  MINUTE_NS,
  WORDS,
  rfc3339,
} from './arbitraries.js';

/**
 * Generated OPA inputs for the property suites (the evaluators' agreement in property.test.ts,
 * the symbolic coverage analysis in coverage/coverageProperty.test.ts): values from the shared
 * vocabulary, every kind of JSON value at every field, paths broken midway, call lists of every
 * length, flags of every type, times around window edges and DST changes.
 */

// ---- inputs -----------------------------------------------------------------------------------

const ABSENT = Symbol('absent');
type Maybe<T> = T | typeof ABSENT;

const scalarArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<unknown>(...WORDS) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(0, 1, 2.5, 100) },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any value a field may hold: strings mostly, arrays, numbers, booleans, null, objects. */
const valueArb: fc.Arbitrary<Maybe<unknown>> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(ABSENT) },
  { weight: 6, arbitrary: fc.constantFrom<unknown>(...WORDS) },
  { weight: 3, arbitrary: fc.array(scalarArb, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, 1, 2.5, true, false, null) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ a: 'a' }, [['a']]) },
);

function put(target: Record<string, unknown>, key: string, value: Maybe<unknown>): void {
  if (value !== ABSENT) target[key] = value;
}

/** Sets `value` at a dotted path, sometimes breaking the path with a non-object midway. */
const pathsObjectArb = (paths: readonly string[]): fc.Arbitrary<Maybe<unknown>> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(ABSENT) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.array(valueArb, { minLength: paths.length, maxLength: paths.length }),
          fc.constantFrom<unknown>(undefined, undefined, undefined, 'a', ['a'], null),
        )
        .map(([values, breaker]) => {
          const root: Record<string, unknown> = {};
          paths.forEach((path, i) => {
            const segments = path.split('.');
            let node = root;
            for (const segment of segments.slice(0, -1)) {
              if (breaker !== undefined) {
                node[segment] = breaker;
                return;
              }
              const next = node[segment];
              if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
              node = node[segment] as Record<string, unknown>;
            }
            put(node, segments[segments.length - 1]!, values[i]!);
          });
          return root;
        }),
    },
  );

const callArb = fc.tuple(valueArb, valueArb, valueArb, valueArb).map((values) => {
  const call: Record<string, unknown> = {};
  CALL_FIELD_NAMES.forEach((name, i) => put(call, name, values[i]!));
  return call;
});

const callsArb: fc.Arbitrary<Maybe<unknown>> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(ABSENT) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ tool: 'a' }, 'a') },
  { weight: 5, arbitrary: fc.array(callArb, { minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.array(callArb, { minLength: 2, maxLength: 3 }) },
);

const flagArb: fc.Arbitrary<Maybe<unknown>> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(true) },
  { weight: 2, arbitrary: fc.constant(false) },
  { weight: 1, arbitrary: fc.constant(ABSENT) },
  { weight: 1, arbitrary: fc.constant('true') },
);

const timeArb: fc.Arbitrary<Maybe<unknown>> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(ABSENT) },
  {
    weight: 9,
    arbitrary: fc
      .record({
        base: fc.constantFrom(...BASE_INSTANTS),
        minutes: fc.oneof(
          fc.constantFrom(-1440, -61, -60, -31, -30, -1, 0, 1, 29, 30, 59, 60, 1440),
          fc.integer({ min: -3000, max: 3000 }),
        ),
        nanos: fc.constantFrom(0n, 0n, -1n, 1n, -1_000_000n, 500_000_000n),
        offset: fc.constantFrom(0, 0, 330, -480, 60, -300, 'Z' as const),
      })
      .map(({ base, minutes, nanos, offset }) => rfc3339(base + BigInt(minutes) * MINUTE_NS + nanos, offset)),
  },
);

const identityArb: fc.Arbitrary<Maybe<unknown>> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(ABSENT) },
  {
    weight: 9,
    arbitrary: fc
      .record({
        verified: flagArb,
        attributes_resolved: flagArb,
        subject: valueArb,
        issuer: valueArb,
        groups: valueArb,
        tags: valueArb,
        attributes: pathsObjectArb(ATTRIBUTE_NAMES),
        claims: pathsObjectArb(CLAIM_PATHS),
      })
      .map((fields) => {
        const identity: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(fields)) put(identity, key, value);
        return identity;
      }),
  },
);

const requestArb = fc
  .record({
    time: timeArb,
    calls: callsArb,
    arguments: pathsObjectArb(ARGUMENT_PATHS),
    path: valueArb,
    host: valueArb,
    method: valueArb,
    is_batch: fc.constantFrom<Maybe<unknown>>(true, false, ABSENT, 'true'),
    unparsable_calls: fc.constantFrom<Maybe<unknown>>(0, 1, 2, 2.5, '1', ABSENT),
  })
  .map((r) => {
    const request: Record<string, unknown> = {};
    put(request, 'time', r.time);
    const mcp: Record<string, unknown> = {};
    put(mcp, 'calls', r.calls);
    put(mcp, 'arguments', r.arguments);
    request.mcp = mcp;
    const http: Record<string, unknown> = {};
    put(http, 'path', r.path);
    put(http, 'host', r.host);
    put(http, 'method', r.method);
    request.http = http;
    const jsonrpc: Record<string, unknown> = {};
    put(jsonrpc, 'is_batch', r.is_batch);
    put(jsonrpc, 'unparsable_calls', r.unparsable_calls);
    request.jsonrpc = jsonrpc;
    return request;
  });

export const inputArb = fc
  .record({ identity: identityArb, request: requestArb })
  .map(({ identity, request }) => {
    const input: Record<string, unknown> = { request };
    put(input, 'identity', identity);
    return input;
  });
