import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { join } from 'node:path';
import { captureCorpus, corpusInputs, FAMILIES } from '../../scripts/lib/rego-corpus.mjs';
import { EngineProcess, type SideSpec } from '../../src/regoPolicy/engineProcess.js';
import type { RegoEvent } from '../../src/regoPolicy/regoEvent.js';
import { eventsOf, mappingOf, sideSpecOf, type Family } from './corpusSides.js';
import {
  AnswerCache,
  evaluateSide,
  evaluateSides,
  type Evaluated,
  type InputReads,
} from '../../src/regoPolicy/sideEvaluation.js';
import { classifyPair, sideDecision, type SideEvaluation } from '../../src/regoPolicy/classify.js';
import { parseExactJson } from '../../src/regoPolicy/exactJson.js';
import { sameResult } from '../../src/regoPolicy/resultDiff.js';
import { ensureEngine } from '../support/engine.js';
import { testOpaPath } from '../support/opa.js';
import { tempDir } from '../support/files.js';
import { SIZES } from '../support/sizes.js';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { runCliCaptured } from '../support/cli.js';
import type { RegoReport } from '../../src/regoReplay/regoReport.js';
import type { RegoDriftReport } from '../../src/regoReplay/regoDriftReport.js';
import { CORPUS } from '../../scripts/lib/rego-corpus.mjs';

/**
 * The raw-Rego replay's proofs on the corpus (fixtures/rego/README.md), against the real OPA:
 *
 * - **drift 0**: each base replayed on the decision logs a real `opa run --server` wrote for it
 *   (mask policy, `nd_builtin_cache: true`) gives, for every record it decides, the logged result;
 * - **base → head as OPA decides**: for every record both sides decide, the classification of the
 *   replay equals the classification of OPA's own answers to the unmasked inputs;
 * - the records left unevaluable are only those whose erased or masked parts the decision reads.
 */

const INPUTS = SIZES.regoCorpusInputs;
const scratch = tempDir('rego-replay-');
afterAll(() => scratch.cleanup());

const answer = (result: unknown): SideEvaluation =>
  result === undefined
    ? { kind: 'undefined' }
    : { kind: 'defined', result: parseExactJson(JSON.stringify(result)) };

const decided = (e: SideEvaluation): boolean => e.kind === 'defined' || e.kind === 'undefined';

describe.each(Object.keys(FAMILIES) as Family[])('the %s corpus replayed', (family) => {
  const spec = FAMILIES[family];
  const mapping = mappingOf(spec.mapping);
  const variants = ['base', ...spec.heads];
  const inputs = corpusInputs(family, INPUTS);
  const answers = new Map<string, unknown[]>();
  let events: RegoEvent[] = [];
  let engine: EngineProcess;
  const reads = new Map<string, InputReads>();
  const replayed = new Map<string, Evaluated[]>();
  const cached = new Map<string, Evaluated[]>();
  const cache = new AnswerCache();
  let together: Evaluated[][] = [];
  let baseLines: string[] = [];

  beforeAll(async () => {
    for (const variant of variants) {
      const dir = join(scratch.dir, `${family}-${variant}`);
      const captured = await captureCorpus({ opa: testOpaPath(), dir, family, variant, inputs });
      answers.set(
        variant,
        captured.answers.map((a) => a.result),
      );
      if (variant === 'base') {
        events = eventsOf(captured.lines);
        baseLines = captured.lines;
      }
    }
    const sides: Record<string, SideSpec> = {};
    for (const variant of variants) sides[variant] = await sideSpecOf(family, variant);
    engine = await EngineProcess.start(ensureEngine().engine, sides);
    for (const variant of variants) reads.set(variant, await engine.reads(variant));
    // Every side of an event in one request (the input decoded once), with its own cache.
    const replaySides = variants.map((name) => ({ name, reads: reads.get(name)! }));
    const batchCache = new AnswerCache();
    together = await Promise.all(events.map((e) => evaluateSides(engine, replaySides, e, batchCache)));
    for (const variant of variants) {
      replayed.set(
        variant,
        await Promise.all(events.map((e) => evaluateSide(engine, variant, reads.get(variant)!, e))),
      );
      cached.set(
        variant,
        await Promise.all(events.map((e) => evaluateSide(engine, variant, reads.get(variant)!, e, cache))),
      );
    }
  }, 120_000);
  afterAll(() => engine?.close());

  it('answers alike with the projection cache and with every side in one request', () => {
    for (const variant of variants) expect(cached.get(variant)).toEqual(replayed.get(variant));
    variants.forEach((variant, k) =>
      expect(together.map((answers) => answers[k])).toEqual(replayed.get(variant)),
    );
    // Admission reviews repeat their containers; the HTTP API's client addresses and Envoy's
    // request headers (ids, tokens) make nearly every projection of those two distinct.
    // (At the full tier's 300 requests, some admission reviews repeat.)
    if (family === 'admission' && INPUTS >= 300) expect(cache.hits).toBeGreaterThan(0);
  });

  it('is a corpus OPA takes: every variant compiles, every event logs its path, erasures and cache', () => {
    for (const variant of variants) {
      const checked = spawnSync(testOpaPath(), ['check', join(CORPUS, family, variant)], {
        encoding: 'utf8',
      });
      expect({ variant, status: checked.status, stderr: checked.stderr }).toEqual({
        variant,
        status: 0,
        stderr: '',
      });
    }
    expect(events).toHaveLength(INPUTS);
    for (const event of events) {
      expect(event.path).toBe(spec.decisionPath);
      expect(event.ndBuiltinCache).not.toBeNull();
    }
    // Every pointer the mask names is erased from some event, and nothing else is.
    const erased = new Set(events.flatMap((event) => event.unknowns));
    const named = [...spec.mask.matchAll(/mask contains "([^"]+)"/g)].map((m) => m[1]!);
    expect([...erased].sort()).toEqual(named.filter((p) => p.startsWith('/input')).sort());
    // The base allows some and denies some of the same inputs, so both directions can change.
    const decisions = new Set(answers.get('base')!.map((r) => sideDecision(mapping, answer(r))));
    expect([...decisions].sort()).toEqual(['allow', 'deny']);
  });

  it("has heads that do what their names say, in OPA's own answers", () => {
    for (const head of spec.heads) {
      const kinds = new Set<string>();
      answers.get('base')!.forEach((b, i) => {
        const c = classifyPair(mapping, answer(b), answer(answers.get(head)![i]));
        if (c.kind === 'changed') kinds.add(c.change);
      });
      const directions = [...kinds].filter((k) => k.startsWith('newly_')).sort();
      // A grant or a revoke may also change the message of a request it leaves denied.
      if (head === 'grant') expect({ head, directions }).toEqual({ head, directions: ['newly_allowed'] });
      if (head === 'revoke') expect({ head, directions }).toEqual({ head, directions: ['newly_denied'] });
      if (head === 'message')
        expect({ head, kinds: [...kinds] }).toEqual({ head, kinds: ['result_changed'] });
      if (head === 'refactor') expect({ head, kinds: [...kinds] }).toEqual({ head, kinds: [] });
    }
  });

  if (family === 'envoy')
    it("records the clock's nanoseconds exactly, beyond 2^53", () => {
      // Editors' writes ask whether it is the weekend, so some events hold time.now_ns's value.
      const clock = baseLines
        .map((line) => /"time\.now_ns":\{"\[\]":(\d+)\}/.exec(line)?.[1])
        .filter((v) => v !== undefined);
      expect(clock.length).toBeGreaterThan(0);
      for (const ns of clock) expect(BigInt(ns!)).toBeGreaterThan(2n ** 53n);
      expect(baseLines.some((line) => line.includes('"io.jwt.decode_verify"'))).toBe(true);
    });

  it('gives every logged result back (drift 0)', () => {
    const base = replayed.get('base')!;
    let decidedCount = 0;
    base.forEach(({ evaluation }, i) => {
      if (evaluation.kind !== 'defined' && evaluation.kind !== 'undefined') return;
      decidedCount++;
      const logged = events[i]!.result;
      const same =
        evaluation.kind === 'undefined'
          ? logged === null
          : logged !== null && sameResult(evaluation.result, parseExactJson(logged));
      expect({ record: i, same }).toEqual({ record: i, same: true });
    });
    expect(decidedCount).toBe(INPUTS);
    // httpapi erases the client address of reads, which its write rule reads: those records are
    // decided by partial evaluation (its residual settled past `default allow`).
    const partial = base.filter((e) => e.route === 'partial').length;
    expect(partial > 0).toBe(family === 'httpapi');
  });

  it('changes base → head exactly as OPA does on the unmasked inputs', () => {
    for (const head of spec.heads) {
      let compared = 0;
      events.forEach((_, i) => {
        const [b, h] = [replayed.get('base')![i]!.evaluation, replayed.get(head)![i]!.evaluation];
        if (!decided(b) || !decided(h)) return;
        compared++;
        const ours = classifyPair(mapping, b, h);
        const opas = classifyPair(mapping, answer(answers.get('base')![i]), answer(answers.get(head)![i]));
        expect({ head, record: i, ours }).toEqual({ head, record: i, ours: opas });
      });
      expect(compared).toBeGreaterThan(INPUTS * 0.9);
    }
  });

  it('leaves unevaluable only records whose hidden parts the decision reads, or heads that call what was not recorded', () => {
    for (const variant of variants) {
      const r = reads.get(variant)!;
      replayed.get(variant)!.forEach(({ evaluation, route }, i) => {
        if (evaluation.kind !== 'unevaluable') return;
        if (route === 'partial') {
          expect({ variant, record: i, reason: evaluation.reason }).toEqual({
            variant,
            record: i,
            reason: 'input_not_recorded',
          });
          expect(r.wholeInput || events[i]!.unknowns.length > 0).toBe(true);
        } else {
          // The service's own policy recorded every call it made; a head may make others.
          expect({ head: variant !== 'base', reason: evaluation.reason }).toEqual({
            head: true,
            reason: 'nd_builtin_not_recorded: io.jwt.decode_verify',
          });
        }
      });
    }
  });
  it('is what the replay and drift commands report, change by change', async () => {
    const log = join(scratch.dir, `${family}-base.log`);
    writeFileSync(log, `${baseLines.join('\n')}\n`);
    const env = { ...process.env, POLICY_REPLAY_ENGINE: ensureEngine().engine };
    const flags = [
      '--traffic',
      log,
      '--decision-path',
      spec.decisionPath,
      ...(spec.mapping.kind === 'field' ? ['--decision-field', spec.mapping.field] : []),
      ...(spec.mapping.kind === 'deny-when-nonempty' ? ['--deny-when-nonempty'] : []),
      '--format',
      'json',
      '--max-changes',
      String(INPUTS),
    ];
    const drift = await runCliCaptured(['drift', '--policy', join(CORPUS, family, 'base'), ...flags], {
      env,
    });
    expect({ code: drift.code, stderr: drift.stderr }).toEqual({ code: 0, stderr: '' });
    const d = JSON.parse(drift.stdout) as RegoDriftReport;
    expect({ evaluated: d.result!.evaluated, drift: d.result!.drift_total }).toEqual({
      evaluated: INPUTS,
      drift: 0,
    });
    for (const head of spec.heads) {
      const run = await runCliCaptured(
        ['replay', '--base', join(CORPUS, family, 'base'), '--head', join(CORPUS, family, head), ...flags],
        { env },
      );
      expect({ head, code: run.code, stderr: run.stderr }).toEqual({ head, code: 0, stderr: '' });
      const report = JSON.parse(run.stdout) as RegoReport;
      const expected: Record<string, string> = {};
      events.forEach((event, i) => {
        const [b, h] = [replayed.get('base')![i]!.evaluation, replayed.get(head)![i]!.evaluation];
        if (!decided(b) || !decided(h)) return;
        const opas = classifyPair(mapping, answer(answers.get('base')![i]), answer(answers.get(head)![i]));
        if (opas.kind === 'changed') expected[event.decisionId!] = opas.change;
      });
      const reported = Object.fromEntries(report.result!.changes.map((c) => [c.request_id, c.change]));
      expect({ head, changes: reported }).toEqual({ head, changes: expected });
      expect(report.result!.changes_total).toBe(Object.keys(expected).length);
      // Every change is blamed on an edit of the change (one edit: itself; more: by reverting).
      for (const c of report.result!.changes) expect(c.because.length).toBeGreaterThan(0);
    }
    // Three shards merged are the single run, byte for byte, also with small caps.
    const head = spec.heads[0]!;
    const sides = ['--base', join(CORPUS, family, 'base'), '--head', join(CORPUS, family, head)];
    const capped = [...flags.slice(0, -2), '--max-changes', '3', '--max-groups', '1'];
    const single = await runCliCaptured(['replay', ...sides, ...capped], { env });
    const parts: string[] = [];
    for (const k of [1, 2, 3]) {
      const out = join(scratch.dir, `${family}-shard-${k}.json`);
      const shard = await runCliCaptured(['replay', ...sides, ...capped, '--shard', `${k}/3`, '--out', out], {
        env,
      });
      expect({ k, code: shard.code, stderr: shard.stderr }).toEqual({ k, code: 0, stderr: '' });
      parts.push(out);
    }
    const merged = await runCliCaptured(['merge', ...parts.reverse()], { env });
    expect({ code: merged.code, stderr: merged.stderr }).toEqual({ code: 0, stderr: '' });
    expect(merged.stdout).toBe(single.stdout);
  }, 120_000);
});
