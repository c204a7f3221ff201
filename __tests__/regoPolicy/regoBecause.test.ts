import { describe, it, expect, afterAll } from '@jest/globals';
import { join } from 'node:path';
import { captureCorpus, corpusInputs, CORPUS, FAMILIES } from '../../scripts/lib/rego-corpus.mjs';
import { EngineProcess, type SideSpec } from '../../src/regoPolicy/engineProcess.js';
import { readRegoPolicy } from '../../src/regoPolicy/readRegoPolicy.js';
import type { RegoEvent } from '../../src/regoPolicy/regoEvent.js';
import { eventsOf, mappingOf, type Family } from './corpusSides.js';
import { evaluateSide } from '../../src/regoPolicy/sideEvaluation.js';
import { classifyPair, type SideEvaluation } from '../../src/regoPolicy/classify.js';
import { regoEdits, type RegoChange, type RegoEdit } from '../../src/regoPolicy/regoEdits.js';
import { becauseOf, variantSides, type Because } from '../../src/regoPolicy/regoBecause.js';
import { ensureEngine } from '../support/engine.js';
import { SIZES } from '../support/sizes.js';
import { testOpaPath } from '../support/opa.js';
import { tempDir } from '../support/files.js';

/**
 * `because` of a Rego change, counterfactually (docs/rego.md): on the corpus, every changed record
 * names the edits that decide it, and a head of two independent edits (the HTTP API's revoke: one
 * manager fewer in `data`, a narrower address range for payroll's writes) has each change blamed
 * on the one edit that made it.
 */

const INPUTS = SIZES.regoBecauseInputs;
const scratch = tempDir('rego-because-');
afterAll(() => scratch.cleanup());

function editName(e: RegoEdit): string {
  return e.kind === 'data' ? `data ${e.pointer}` : `${e.change} ${e.ref}`;
}

async function sideOf(family: Family, variant: string) {
  const read = await readRegoPolicy(join(CORPUS, family, variant));
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return read.bundle;
}

interface Blamed {
  event: RegoEvent;
  input: unknown;
  because: Because;
}

async function blame(
  family: Family,
  head: string,
  extra: readonly unknown[] = [],
): Promise<{ change: RegoChange; blamed: Blamed[] }> {
  const spec = FAMILIES[family];
  const inputs = [...corpusInputs(family, INPUTS, { seed: 3 }), ...extra];
  const { lines } = await captureCorpus({
    opa: testOpaPath(),
    dir: join(scratch.dir, `${family}-${head}`),
    family,
    inputs,
  });
  const events = eventsOf(lines);
  const [base, headBundle] = [await sideOf(family, 'base'), await sideOf(family, head)];
  const template = { decision: spec.decisionPath };
  const main: Record<string, SideSpec> = {
    base: { ...template, modules: base.modules, data: base.data },
    head: { ...template, modules: headBundle.modules, data: headBundle.data },
  };
  const engine = await EngineProcess.start(ensureEngine().engine, main);
  try {
    const change = await regoEdits(engine, base, headBundle);
    await engine.load(variantSides(change.base, change.head, change.edits, template));
    const reads = new Map<string, Awaited<ReturnType<EngineProcess['reads']>>>();
    const evaluate = async (side: string, event: RegoEvent): Promise<SideEvaluation> => {
      if (!reads.has(side)) reads.set(side, await engine.reads(side));
      return (await evaluateSide(engine, side, reads.get(side)!, event)).evaluation;
    };
    const blamed: Blamed[] = [];
    for (const [i, event] of events.entries()) {
      const [b, h] = [await evaluate('base', event), await evaluate('head', event)];
      if (classifyPair(mappingOf(spec.mapping), b, h).kind !== 'changed') continue;
      blamed.push({
        event,
        input: inputs[i],
        because: await becauseOf(change.edits, h, (side) => evaluate(side, event)),
      });
    }
    return { change, blamed };
  } finally {
    await engine.close();
  }
}

describe('because of a Rego change', () => {
  it('blames each change of two independent edits on the one that made it', async () => {
    // carol reading dave's record: rare among the generated requests, so asked for here too.
    const carol = {
      method: 'GET',
      path: ['finance', 'salary', 'dave'],
      user: 'carol',
      client_ip: '10.20.3.4',
    };
    const { change, blamed } = await blame('httpapi', 'revoke', [carol]);
    expect(change.edits.map(editName)).toEqual(['modified data.httpapi.authz.allow', 'data /org/managers']);
    expect(blamed.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    for (const { input, because } of blamed) {
      const method = (input as { method: string }).method;
      // Writes lose the narrower range (the rule); reads of dave's record lose carol (the data).
      const expected = method === 'PUT' ? [0] : [1];
      expect({ method, because }).toEqual({ method, because: { edits: expected, joint: false } });
      seen.add(method);
    }
    expect([...seen].sort()).toEqual(['GET', 'PUT']);
  }, 60_000);

  it.each([
    ['httpapi', 'grant'],
    ['envoy', 'revoke'],
    ['admission', 'grant'],
    ['admission', 'revoke'],
  ] as const)(
    'names a cause for every change of %s/%s',
    async (family, head) => {
      const { change, blamed } = await blame(family, head);
      expect(blamed.length).toBeGreaterThan(0);
      for (const { because } of blamed) {
        expect(because.edits.length).toBeGreaterThan(0);
        if (change.edits.length === 1) expect(because).toEqual({ edits: [0], joint: false });
      }
    },
    60_000,
  );
});
