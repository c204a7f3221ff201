import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  captureCorpus,
  corpusInputs,
  CORPUS,
  FAMILIES,
  type Mapping,
} from '../../scripts/lib/rego-corpus.mjs';
import { testOpaPath } from '../support/opa.js';
import { tempDir } from '../support/files.js';

/**
 * The Rego corpus (fixtures/rego/README.md) is what the raw-Rego replay will be proven on, so it
 * is checked first against the real OPA: every variant compiles, the decision logs a real
 * `opa run --server` writes carry the mask's erasures and the non-deterministic builtins' values,
 * and each head does what its name says to the same inputs (a grant only allows more, a revoke
 * only denies more, a message edit changes results but no decision, a refactor changes nothing).
 */

const INPUTS = 200;
type Family = keyof typeof FAMILIES;

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((cleanup) => cleanup()));

function scratch(prefix: string): string {
  const made = tempDir(prefix);
  cleanups.push(made.cleanup);
  return made.dir;
}

function decisionOf(mapping: Mapping, result: unknown): string {
  if (result === undefined) return 'undefined';
  if (mapping.kind === 'boolean') return result === true ? 'allow' : 'deny';
  if (mapping.kind === 'field')
    return (result as Record<string, unknown>)[mapping.field] === true ? 'allow' : 'deny';
  return Array.isArray(result) && result.length > 0 ? 'deny' : 'allow';
}

interface Compared {
  decisions: Map<string, number>;
  resultOnly: number;
}

function compare(family: Family, base: readonly unknown[], head: readonly unknown[]): Compared {
  const mapping = FAMILIES[family].mapping;
  const decisions = new Map<string, number>();
  let resultOnly = 0;
  base.forEach((b, i) => {
    const [from, to] = [decisionOf(mapping, b), decisionOf(mapping, head[i])];
    if (from !== to) decisions.set(`${from}->${to}`, (decisions.get(`${from}->${to}`) ?? 0) + 1);
    else if (JSON.stringify(b) !== JSON.stringify(head[i])) resultOnly++;
  });
  return { decisions, resultOnly };
}

describe.each(Object.keys(FAMILIES) as Family[])('the %s corpus', (family) => {
  const spec = FAMILIES[family];
  const inputs = corpusInputs(family, INPUTS);
  const results = new Map<string, unknown[]>();
  let base: Awaited<ReturnType<typeof captureCorpus>>;

  beforeAll(async () => {
    for (const variant of ['base', ...spec.heads]) {
      const dir = scratch(`rego-corpus-${family}-${variant}-`);
      const captured = await captureCorpus({ opa: testOpaPath(), dir, family, variant, inputs });
      if (variant === 'base') base = captured;
      results.set(
        variant,
        captured.answers.map((a) => a.result),
      );
    }
  }, 60_000);

  it('compiles in every variant', () => {
    for (const variant of ['base', ...spec.heads]) {
      const checked = spawnSync(testOpaPath(), ['check', join(CORPUS, family, variant)], {
        encoding: 'utf8',
      });
      expect({ variant, status: checked.status, stderr: checked.stderr }).toEqual({
        variant,
        status: 0,
        stderr: '',
      });
    }
  });

  it("logs every decision with its path, the mask's erasures and the builtin cache", () => {
    expect(base.events).toHaveLength(INPUTS);
    for (const event of base.events) {
      expect(event.path).toBe(spec.decisionPath);
      expect(event).toHaveProperty('nd_builtin_cache');
    }
    // Every pointer the mask names is erased from some event, and nothing else is.
    const erased = new Set(base.events.flatMap((event) => (event.erased as string[] | undefined) ?? []));
    const named = [...spec.mask.matchAll(/mask contains "([^"]+)"/g)].map((m) => m[1]!);
    expect([...erased].sort()).toEqual(named.sort());
    // The base allows some and denies some of the same inputs, so both directions can change.
    const decisions = new Set(results.get('base')!.map((r) => decisionOf(spec.mapping, r)));
    expect([...decisions].sort()).toEqual(['allow', 'deny']);
  });

  it('has heads that do what their names say', () => {
    const base = results.get('base')!;
    for (const variant of spec.heads) {
      const { decisions, resultOnly } = compare(family, base, results.get(variant)!);
      const directions = [...decisions.keys()].sort();
      if (variant === 'grant') expect(directions).toEqual(['deny->allow']);
      if (variant === 'revoke') expect(directions).toEqual(['allow->deny']);
      if (variant === 'message')
        expect({ directions, changed: resultOnly > 0 }).toEqual({ directions: [], changed: true });
      if (variant === 'refactor')
        expect({ directions, resultOnly }).toEqual({ directions: [], resultOnly: 0 });
    }
  });
});

describe('the envoy corpus clock', () => {
  it("records the clock's nanoseconds exactly, beyond 2^53", async () => {
    const inputs = corpusInputs('envoy', INPUTS);
    const { lines } = await captureCorpus({
      opa: testOpaPath(),
      dir: scratch('rego-corpus-clock-'),
      family: 'envoy',
      inputs,
    });
    // Editors' writes ask whether it is the weekend, so some events hold time.now_ns's value.
    const clock = lines
      .map((line) => /"time\.now_ns":\{"\[\]":(\d+)\}/.exec(line)?.[1])
      .filter((v) => v !== undefined);
    expect(clock.length).toBeGreaterThan(0);
    for (const ns of clock) expect(BigInt(ns!)).toBeGreaterThan(2n ** 53n);
    // Tokens are verified by OPA with its clock; their verdicts are in the cache too.
    expect(lines.some((line) => line.includes('"io.jwt.decode_verify"'))).toBe(true);
  }, 30_000);
});
