import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageOf, type CoverageInputs } from '../../src/replay/coverageSection.js';
import type { ReplaySide } from '../../src/replay/replay.js';
import { emptySignatures } from '../../src/coverage/signature.js';
import type { WasmPolicy } from '../../src/engine/wasmEngine.js';
import { evaluateReference } from '../../src/engine/reference.js';
import { validatePolicyText } from '../../src/policy/validate.js';
import type { Decision, Policy } from '../../src/policy/schema.js';
import { ruleDiff } from '../../src/policy/ruleDiff.js';
import { repoRoot } from '../support/files.js';

/**
 * The witnesses are shown only when the compiled policies decide them as their kind states: here
 * the "compiled" engines are stand-ins (the reference evaluator, or one that lies), so that a
 * disagreement can be provoked and seen to be reported, never hidden.
 */
function policy(side: 'base' | 'head'): Policy {
  const file = join(repoRoot, `fixtures/replay/${side}.yaml`);
  const result = validatePolicyText(readFileSync(file, 'utf8'), file, 'yaml');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.policy;
}

function side(
  p: Policy,
  decide: (input: unknown) => Decision = (input) => evaluateReference(p, input),
): ReplaySide {
  const engine = { name: 'stand-in', evaluate: (input: unknown) => decide(input) } as unknown as WasmPolicy;
  return { policy: p, features: {} as ReplaySide['features'], engine };
}

function inputs(head: ReplaySide): CoverageInputs {
  const base = policy('base');
  return {
    base: side(base),
    head,
    // No sample: these tests are about the witnesses (the placing has its own).
    signatures: emptySignatures(),
    firstAt: '2026-11-27T09:00:00Z',
    diff: ruleDiff(base, head.policy),
    edits: null,
    unevaluable: 'precise',
    maxGroups: 50,
    shard: false,
  };
}

describe('coverage section witnesses', () => {
  it('shows every witness the engines decide as stated', async () => {
    const { section, witnesses } = await coverageOf(inputs(side(policy('head'))), {
      shape: 'any',
      maxNodes: 100_000,
    });
    expect(section.kinds).toBe(4);
    expect(witnesses).toHaveLength(4);
    expect(section.classes.every((c) => c.witness !== null)).toBe(true);
    expect(section.not_analysed).toEqual([]);
    // No edits to attribute counterfactually (edits: null): `because` is read from the kinds' bases.
    for (const c of section.classes) expect(c.because).toEqual([{ rule: 'read-tools', change: 'modified' }]);
  });

  it('hides a witness the engines decide otherwise and says so in not_analysed', async () => {
    const head = policy('head');
    const denies = side(head, (input) => ({ ...evaluateReference(head, input), allow: false }));
    const { section, witnesses } = await coverageOf(inputs(denies), {
      shape: 'any',
      maxNodes: 100_000,
    });
    const allowed = section.classes.filter((c) => c.direction === 'newly_allowed');
    expect(allowed).toHaveLength(2);
    for (const c of allowed) expect(c.witness).toBeNull();
    expect(
      section.classes.filter((c) => c.direction === 'newly_denied').every((c) => c.witness !== null),
    ).toBe(true);
    expect(witnesses.map((w) => w.request_id)).toEqual(['witness-003', 'witness-004']);
    expect(section.not_analysed).toHaveLength(2);
    for (const reason of section.not_analysed)
      expect(reason).toMatch(/decide it deny → deny, not deny → allow$/);
  });
});
