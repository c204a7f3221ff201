import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { join } from 'node:path';
import { captureCorpus, corpusInputs, FAMILIES } from '../../scripts/lib/rego-corpus.mjs';
import { EngineProcess, type SideSpec } from '../../src/regoPolicy/engineProcess.js';
import type { RegoEvent } from '../../src/regoPolicy/regoEvent.js';
import { eventsOf, sideSpecOf, type Family } from './corpusSides.js';
import { evaluateSide, type Evaluated } from '../../src/regoPolicy/sideEvaluation.js';
import {
  ExactNumber,
  parseExactJson,
  stringifyExact,
  type ExactValue,
} from '../../src/regoPolicy/exactJson.js';
import { sameResult } from '../../src/regoPolicy/resultDiff.js';
import type { SideEvaluation } from '../../src/regoPolicy/classify.js';
import { ensureEngine } from '../support/engine.js';
import { testOpaPath } from '../support/opa.js';
import { tempDir } from '../support/files.js';
import { SIZES } from '../support/sizes.js';

/**
 * Soundness of the unknowns (docs/rego.md "Unknown input"): a record the replay decides although
 * its mask hid part of the input must be decided alike for every completion of the hidden parts —
 * the value the service really saw, the part absent, other values and other types. Masks here hide
 * what the policies do read, so that partial evaluation is what decides. The records left
 * unevaluable are counted, with how many of them a completion shows to depend on the hidden part.
 */

/** A seeded choice (mulberry32), so a failure names completions that reproduce. */
function createRng(seed: string): { pick<T>(list: readonly T[]): T } {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x9e3779b1), 0x12345);
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: (list) => list[Math.floor(next() * list.length)]! };
}
const INPUTS = SIZES.regoSoundnessInputs;
const scratch = tempDir('rego-soundness-');
afterAll(() => scratch.cleanup());

const MASKS: Partial<Record<Family, string>> = {
  httpapi: [
    'package system.log',
    '',
    'mask contains "/input/client_ip"',
    '',
    'mask contains "/input/user" if input.input.method == "GET"',
    '',
  ].join('\n'),
  admission: ['package system.log', '', 'mask contains "/input/request/operation"', ''].join('\n'),
  envoy: [
    'package system.log',
    '',
    'mask contains "/input/attributes/request/http/headers/cookie"',
    '',
    'mask contains "/input/attributes/request/http/path" if input.input.attributes.request.http.method == "DELETE"',
    '',
  ].join('\n'),
};

const POOL: readonly (string | null)[] = [
  null, // absent
  ...['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'mallory'].map(
    (n) => `"${n}"`,
  ),
  '"10.20.9.7"',
  '"10.20.200.1"',
  '"203.0.113.5"',
  '"CREATE"',
  '"UPDATE"',
  '"DELETE"',
  '"/admin/cache/flush"',
  '"/api/products/1234"',
  '0',
  '42',
  'true',
  'null',
  '{}',
  '[]',
  '["alice"]',
];

type Obj = { [key: string]: ExactValue };
const isObject = (v: ExactValue | undefined): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof ExactNumber);

/** The input with the part at `pointer` set to `value` (JSON text) or removed (null). */
function complete(input: string, pointer: string, value: string | null): string {
  const root = parseExactJson(input);
  const keys = pointer
    .split('/')
    .slice(2)
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = root;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node)) return stringifyExact(root);
    if (!isObject(node[key]))
      Object.defineProperty(node, key, { value: {}, enumerable: true, writable: true, configurable: true });
    node = node[key]!;
  }
  const last = keys[keys.length - 1]!;
  if (isObject(node)) {
    if (value === null) delete node[last];
    else
      Object.defineProperty(node, last, {
        value: parseExactJson(value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return stringifyExact(root);
}

function valueAt(input: unknown, pointer: string): string | null {
  let node = input as Record<string, unknown> | undefined;
  for (const key of pointer.split('/').slice(2)) node = node?.[key] as Record<string, unknown> | undefined;
  return node === undefined ? null : JSON.stringify(node);
}

const same = (a: SideEvaluation, b: SideEvaluation): boolean =>
  a.kind === b.kind && (a.kind !== 'defined' || (b.kind === 'defined' && sameResult(a.result, b.result)));

describe.each(Object.keys(MASKS) as Family[])('the %s corpus under a mask the policy reads', (family) => {
  const spec = FAMILIES[family];
  const variants = ['base', ...spec.heads];
  const inputs = corpusInputs(family, INPUTS, { seed: 7 });
  let events: RegoEvent[] = [];
  let engine: EngineProcess;
  const replayed = new Map<string, Evaluated[]>();

  beforeAll(async () => {
    const captured = await captureCorpus({
      opa: testOpaPath(),
      dir: join(scratch.dir, family),
      family,
      inputs,
      mask: MASKS[family]!,
    });
    events = eventsOf(captured.lines);
    const sides: Record<string, SideSpec> = {};
    for (const variant of variants) sides[variant] = await sideSpecOf(family, variant);
    engine = await EngineProcess.start(ensureEngine().engine, sides);
    for (const variant of variants) {
      const reads = await engine.reads(variant);
      replayed.set(variant, await Promise.all(events.map((e) => evaluateSide(engine, variant, reads, e))));
    }
  }, 120_000);
  afterAll(() => engine?.close());

  /** The side's answer to one completion of every hidden part of event i. */
  async function answer(
    variant: string,
    i: number,
    values: readonly (string | null)[],
  ): Promise<SideEvaluation> {
    const event = events[i]!;
    let input = event.input ?? '{}';
    event.unknowns.forEach((pointer, k) => (input = complete(input, pointer, values[k]!)));
    const done = await evaluateSide(
      engine,
      variant,
      { pointers: [], wholeInput: false },
      { ...event, input, unknowns: [] },
    );
    return done.evaluation;
  }

  it('decides a record only when every completion of its hidden parts agrees', async () => {
    const rng = createRng(`soundness-${family}`);
    const completions = SIZES.regoCompletions;
    let checked = 0;
    let partial = 0;
    for (const variant of variants) {
      for (const [i, { evaluation, route }] of replayed.get(variant)!.entries()) {
        const event = events[i]!;
        if (event.unknowns.length === 0 || evaluation.kind === 'unevaluable') continue;
        if (route === 'partial') partial++;
        const tries = [event.unknowns.map((p) => valueAt(inputs[i], p))];
        for (let k = 0; k < completions; k++) tries.push(event.unknowns.map(() => rng.pick(POOL)));
        for (const values of tries) {
          const got = await answer(variant, i, values);
          checked++;
          expect({ variant, record: i, values, agrees: same(got, evaluation) }).toEqual({
            variant,
            record: i,
            values,
            agrees: true,
          });
        }
      }
    }
    // Envoy's hidden paths (of DELETE requests) leave its admin rule and the token to decide, which
    // partial evaluation cannot; its hidden cookies no rule reads: decided as recorded.
    expect(partial > 0).toBe(family !== 'envoy');
    expect(checked).toBeGreaterThan(INPUTS);
  }, 120_000);

  it('leaves unevaluable records whose hidden parts matter, and counts the rest', async () => {
    let unevaluable = 0;
    let shownToMatter = 0;
    const rng = createRng(`precision-${family}`);
    for (const variant of variants) {
      for (const [i, { evaluation }] of replayed.get(variant)!.entries()) {
        if (evaluation.kind !== 'unevaluable' || evaluation.reason !== 'input_not_recorded') continue;
        unevaluable++;
        const event = events[i]!;
        const first = await answer(
          variant,
          i,
          event.unknowns.map((p) => valueAt(inputs[i], p)),
        );
        // One hidden part: every value of the pool; several: 48 random combinations.
        const tries =
          event.unknowns.length === 1
            ? POOL.map((v) => [v])
            : Array.from({ length: 48 }, () => event.unknowns.map(() => rng.pick(POOL)));
        for (const values of tries) {
          const other = await answer(variant, i, values);
          if (!same(first, other)) {
            shownToMatter++;
            break;
          }
        }
      }
    }
    // The imprecision, stated in docs/rego.md: records partial evaluation could not decide though
    // no completion tried changes them.
    // Admission's hidden operation matters only to one head's privileged kube-system updates: rare
    // enough that a small sample may hold none.
    if (family !== 'admission') expect(unevaluable).toBeGreaterThan(0);
    if (unevaluable === 0) return;
    // Envoy's DELETE requests with a hidden path: its admin rule then needs the token's roles, and
    // the service, which saw the path, never verified the token of a request its rules had
    // already refused, so no recorded result answers the call: unevaluable, though for a token
    // without the admin role the path does not matter (docs/rego.md "Unknown input").
    expect(shownToMatter / unevaluable).toBeGreaterThanOrEqual(family === 'envoy' ? 0.7 : 0.9);
  }, 120_000);
});
