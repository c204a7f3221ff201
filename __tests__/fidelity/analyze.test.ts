import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { sha256Canonical } from '../../src/canonical/jcs.js';
import {
  analyzeManifest,
  compareLevels,
  FIDELITY_LEVELS,
  levelOf,
  REASONS,
  worstLevel,
} from '../../src/fidelity/analyze.js';
import type { FidelityLevel, Gap, GapImpact } from '../../src/fidelity/analyze.js';
import type { Evidence, Manifest } from '../../src/fidelity/manifest.js';
import { ABSENT, exactManifest, hashed, UNAVAILABLE, value, withEdit } from './helpers.js';

const gapsAt = (m: Manifest, path: string): Gap[] =>
  analyzeManifest(m).missing_evidence.filter((g) => g.path === path);
const only = (m: Manifest): Gap[] => analyzeManifest(m).missing_evidence;
const gap = (path: string, impact: GapImpact, reason: string): Gap => ({ path, impact, reason });

describe('the exact baseline', () => {
  it('has no gap and grades exact', () => {
    expect(analyzeManifest(exactManifest())).toEqual({ level: 'exact', missing_evidence: [] });
  });
});

describe('blocks_replay rules', () => {
  describe.each(['provider', 'deployment', 'input'] as const)('model.%s not value', (field) => {
    it.each([
      ['hash', hashed('x'), REASONS.hash],
      ['absent', ABSENT, REASONS.absent],
      ['unavailable', UNAVAILABLE, REASONS.unavailable],
      ['missing', undefined, REASONS.unavailable],
    ] as const)('%s blocks replay', (_state, evidence, reason) => {
      const m = withEdit((x) => {
        if (evidence === undefined) delete x.model![field];
        else x.model![field] = evidence;
      });
      expect(only(m)).toEqual([gap(`model.${field}`, 'blocks_replay', reason)]);
      expect(analyzeManifest(m).level).toBe('unreplayable');
    });

    it('a value is no gap', () => {
      expect(gapsAt(exactManifest(), `model.${field}`)).toEqual([]);
    });
  });

  it('a hash-only prompt reads "hash only"', () => {
    const m = withEdit((x) => (x.model!.input = hashed([{ role: 'user', content: 'hi' }])));
    expect(gapsAt(m, 'model.input')).toEqual([gap('model.input', 'blocks_replay', 'hash only')]);
  });

  it('a missing model section blocks replay on provider, deployment and input', () => {
    const m = withEdit((x) => delete x.model);
    expect(only(m).filter((g) => g.impact === 'blocks_replay')).toEqual([
      gap('model.deployment', 'blocks_replay', 'not captured'),
      gap('model.input', 'blocks_replay', 'not captured'),
      gap('model.provider', 'blocks_replay', 'not captured'),
    ]);
  });

  describe.each([
    ['network', 'live network'],
    ['filesystem', 'live filesystem'],
    ['external_services', 'live external services'],
    ['side_effects', 'live side effects'],
  ] as const)('isolation.%s', (field, reason) => {
    it('live blocks replay', () => {
      const m = withEdit((x) => (x.isolation![field] = 'live'));
      expect(only(m)).toEqual([gap(`isolation.${field}`, 'blocks_replay', reason)]);
    });
    it.each(['isolated', 'stubbed'] as const)('%s is no gap', (isolation) => {
      expect(
        gapsAt(
          withEdit((x) => (x.isolation![field] = isolation)),
          `isolation.${field}`,
        ),
      ).toEqual([]);
    });
  });

  describe('tools recorded_outputs', () => {
    const recorded = (output: Evidence | undefined): Manifest =>
      withEdit((x) => {
        x.tools = {
          replay_mode: 'recorded_outputs',
          definitions: value([{ name: 'read_file' }]),
          ledger_complete: true,
          calls: [
            { id: 'c1', name: 'read_file', input: value({ path: 'a' }), output: value('ok') },
            output === undefined
              ? { id: 'c2', name: 'read_file', input: value({ path: 'b' }) }
              : { id: 'c2', name: 'read_file', input: value({ path: 'b' }), output },
          ],
        };
      });
    it.each([
      ['hash', hashed('x'), REASONS.hash],
      ['absent', ABSENT, REASONS.absent],
      ['unavailable', UNAVAILABLE, REASONS.unavailable],
      ['missing', undefined, REASONS.unavailable],
    ] as const)('a call output that is %s blocks replay', (_s, output, reason) => {
      expect(only(recorded(output))).toEqual([gap('tools.calls[1].output', 'blocks_replay', reason)]);
    });
    it('recorded output values are no gap', () => {
      expect(analyzeManifest(recorded(value('ok'))).level).toBe('exact');
    });
    it('outputs are not needed when tools are executed', () => {
      const m = withEdit((x) => {
        x.tools!.replay_mode = 'execute';
        x.tools!.determinism = { guaranteed: true };
      }, recorded(UNAVAILABLE));
      expect(only(m)).toEqual([]);
    });
  });

  describe('retrieval recorded_outputs', () => {
    it.each([
      ['hash', hashed('x'), REASONS.hash],
      ['absent', ABSENT, REASONS.absent],
      ['unavailable', UNAVAILABLE, REASONS.unavailable],
    ] as const)('outputs %s blocks replay', (_s, outputs, reason) => {
      const m = withEdit((x) => (x.retrieval = { replay_mode: 'recorded_outputs', outputs }));
      expect(only(m)).toEqual([gap('retrieval.outputs', 'blocks_replay', reason)]);
    });
    it('missing outputs block replay', () => {
      const m = withEdit((x) => (x.retrieval = { replay_mode: 'recorded_outputs' }));
      expect(only(m)).toEqual([gap('retrieval.outputs', 'blocks_replay', REASONS.unavailable)]);
    });
    it('outputs as a value are no gap', () => {
      expect(
        only(withEdit((x) => (x.retrieval = { replay_mode: 'recorded_outputs', outputs: value([]) }))),
      ).toEqual([]);
    });
    it('outputs are not needed when retrieval is re-run', () => {
      const m = withEdit(
        (x) =>
          (x.retrieval = {
            replay_mode: 'rerun',
            config: value({ k: 1 }),
            corpus: hashed('c'),
            outputs: UNAVAILABLE,
            determinism: { guaranteed: true },
          }),
      );
      expect(only(m)).toEqual([]);
    });
  });

  describe('integrity', () => {
    it('a value whose sha256 does not match blocks replay', () => {
      const m = withEdit(
        (x) =>
          (x.model!.parameters = {
            state: 'value',
            value: { temperature: 0 },
            sha256: sha256Canonical('other'),
          }),
      );
      expect(only(m)).toEqual([gap('model.parameters', 'blocks_replay', REASONS.integrity)]);
      expect(analyzeManifest(m).level).toBe('unreplayable');
    });
    it('a value whose sha256 matches its canonical JSON is no gap', () => {
      const v = { temperature: 0, top_p: 1 };
      const m = withEdit(
        (x) => (x.model!.parameters = { state: 'value', value: v, sha256: sha256Canonical(v) }),
      );
      expect(only(m)).toEqual([]);
    });
    it('checks every evidence location, including tool calls and optional fields', () => {
      const bad = sha256Canonical('not it');
      const m = withEdit((x) => {
        x.environment!.container = { state: 'value', value: 'img', sha256: bad };
        x.tools = {
          replay_mode: 'execute',
          definitions: ABSENT,
          ledger_complete: true,
          determinism: { guaranteed: true },
          calls: [{ input: { state: 'value', value: 1, sha256: bad } }],
        };
      });
      expect(only(m)).toEqual([
        gap('environment.container', 'blocks_replay', REASONS.integrity),
        gap('tools.calls[0].input', 'blocks_replay', REASONS.integrity),
      ]);
    });
    it('a value that has no canonical JSON form cannot be verified and blocks replay', () => {
      const m = withEdit(
        (x) => (x.model!.input = { state: 'value', value: 'lone \ud800', sha256: sha256Canonical('x') }),
      );
      expect(only(m)).toEqual([gap('model.input', 'blocks_replay', REASONS.unverifiable)]);
    });
  });
});

describe('reduces_control rules', () => {
  describe.each(['parameters', 'system_instructions', 'developer_instructions'] as const)(
    'model.%s',
    (field) => {
      it.each([
        ['hash', hashed('x'), REASONS.hash],
        ['unavailable', UNAVAILABLE, REASONS.unavailable],
        ['missing', undefined, REASONS.unavailable],
      ] as const)('%s reduces control', (_s, evidence, reason) => {
        const m = withEdit((x) => {
          if (evidence === undefined) delete x.model![field];
          else x.model![field] = evidence;
        });
        expect(only(m)).toEqual([gap(`model.${field}`, 'reduces_control', reason)]);
        expect(analyzeManifest(m).level).toBe('partial');
      });
      it.each([
        ['value', value('v')],
        ['absent', ABSENT],
      ] as const)('%s is no gap', (_s, evidence) => {
        expect(only(withEdit((x) => (x.model![field] = evidence)))).toEqual([]);
      });
    },
  );

  it('model.seed is never needed', () => {
    expect(only(withEdit((x) => (x.model!.seed = UNAVAILABLE)))).toEqual([]);
  });

  describe('replay mode unknown', () => {
    it('tools mode unknown reduces control (and the not-not_used checks apply)', () => {
      const m = withEdit(
        (x) => (x.tools = { replay_mode: 'unknown', definitions: value([]), ledger_complete: true }),
      );
      expect(only(m)).toEqual([gap('tools.replay_mode', 'reduces_control', REASONS.replayModeUnknown)]);
    });
    it('a missing tools section is mode unknown, definitions not captured, ledger not complete', () => {
      expect(only(withEdit((x) => delete x.tools))).toEqual([
        gap('tools.definitions', 'reduces_control', REASONS.unavailable),
        gap('tools.ledger_complete', 'reduces_control', REASONS.ledgerIncomplete),
        gap('tools.replay_mode', 'reduces_control', REASONS.replayModeUnknown),
      ]);
    });
    it('retrieval mode unknown (or missing, or no section) reduces control', () => {
      const expected = [gap('retrieval.replay_mode', 'reduces_control', REASONS.replayModeUnknown)];
      expect(only(withEdit((x) => (x.retrieval = { replay_mode: 'unknown' })))).toEqual(expected);
      expect(only(withEdit((x) => (x.retrieval = {})))).toEqual(expected);
      expect(only(withEdit((x) => delete x.retrieval))).toEqual(expected);
    });
    it('a known mode is no gap', () => {
      expect(gapsAt(exactManifest(), 'tools.replay_mode')).toEqual([]);
      expect(gapsAt(exactManifest(), 'retrieval.replay_mode')).toEqual([]);
    });
  });

  describe('tools mode other than not_used', () => {
    const executed = (edit: (t: NonNullable<Manifest['tools']>) => void): Manifest =>
      withEdit((x) => {
        x.tools = {
          replay_mode: 'execute',
          definitions: value([{ name: 'read_file' }]),
          ledger_complete: true,
          determinism: { guaranteed: true },
          calls: [{ id: 'c1', name: 'read_file', input: value({ path: 'a' }) }],
        };
        edit(x.tools);
      });
    it('is exact when definitions, inputs and the ledger are all there', () => {
      expect(only(executed(() => undefined))).toEqual([]);
    });
    it.each([
      ['hash', hashed('d'), REASONS.hash],
      ['unavailable', UNAVAILABLE, REASONS.unavailable],
    ] as const)('definitions %s reduces control', (_s, definitions, reason) => {
      expect(only(executed((t) => (t.definitions = definitions)))).toEqual([
        gap('tools.definitions', 'reduces_control', reason),
      ]);
    });
    it('definitions attested absent is no gap', () => {
      expect(only(executed((t) => (t.definitions = ABSENT)))).toEqual([]);
    });
    it('a call input not captured reduces control; a hashed or absent input does not', () => {
      expect(only(executed((t) => (t.calls![0]!.input = UNAVAILABLE)))).toEqual([
        gap('tools.calls[0].input', 'reduces_control', REASONS.unavailable),
      ]);
      expect(only(executed((t) => delete t.calls![0]!.input))).toEqual([
        gap('tools.calls[0].input', 'reduces_control', REASONS.unavailable),
      ]);
      expect(only(executed((t) => (t.calls![0]!.input = hashed({ path: 'a' }))))).toEqual([]);
      expect(only(executed((t) => (t.calls![0]!.input = ABSENT)))).toEqual([]);
    });
    it.each([
      ['false', false],
      ['missing', undefined],
    ] as const)('ledger_complete %s reduces control', (_s, ledger) => {
      expect(
        only(
          executed((t) => {
            if (ledger === undefined) delete t.ledger_complete;
            else t.ledger_complete = ledger;
          }),
        ),
      ).toEqual([gap('tools.ledger_complete', 'reduces_control', REASONS.ledgerIncomplete)]);
    });
    it('none of these apply when tools are not used', () => {
      expect(
        only(withEdit((x) => (x.tools = { replay_mode: 'not_used', definitions: UNAVAILABLE }))),
      ).toEqual([]);
    });
  });

  it('tools not_used with calls listed reduces control; with no calls it does not', () => {
    expect(only(withEdit((x) => (x.tools = { replay_mode: 'not_used', calls: [{ id: 'c1' }] })))).toEqual([
      gap('tools.calls', 'reduces_control', REASONS.callsWhenNotUsed),
    ]);
    expect(only(withEdit((x) => (x.tools = { replay_mode: 'not_used', calls: [] })))).toEqual([]);
  });

  describe('retrieval rerun', () => {
    const rerun = (
      edit: (r: NonNullable<Manifest['retrieval']>) => void,
      mode: 'rerun' | 'execute' = 'rerun',
    ) =>
      withEdit((x) => {
        x.retrieval = {
          replay_mode: mode,
          config: value({ top_k: 5 }),
          corpus: value(['doc']),
          determinism: { guaranteed: true },
        };
        edit(x.retrieval);
      });
    it.each([
      ['hash', hashed('c'), REASONS.hash],
      ['absent', ABSENT, REASONS.absent],
      ['unavailable', UNAVAILABLE, REASONS.unavailable],
    ] as const)('config %s reduces control', (_s, config, reason) => {
      expect(only(rerun((r) => (r.config = config)))).toEqual([
        gap('retrieval.config', 'reduces_control', reason),
      ]);
    });
    it.each([
      ['absent', ABSENT, REASONS.absent],
      ['unavailable', UNAVAILABLE, REASONS.unavailable],
    ] as const)('corpus %s reduces control', (_s, corpus, reason) => {
      expect(only(rerun((r) => (r.corpus = corpus)))).toEqual([
        gap('retrieval.corpus', 'reduces_control', reason),
      ]);
    });
    it('config as a value and corpus as a value or a hash are no gap', () => {
      expect(only(rerun(() => undefined))).toEqual([]);
      expect(only(rerun((r) => (r.corpus = hashed('corpus'))))).toEqual([]);
    });
    it('execute is a synonym of rerun for retrieval', () => {
      expect(only(rerun((r) => (r.config = UNAVAILABLE), 'execute'))).toEqual([
        gap('retrieval.config', 'reduces_control', REASONS.unavailable),
      ]);
    });
    it('config and corpus do not matter for recorded outputs', () => {
      const m = withEdit(
        (x) =>
          (x.retrieval = {
            replay_mode: 'recorded_outputs',
            config: UNAVAILABLE,
            corpus: UNAVAILABLE,
            outputs: value([]),
          }),
      );
      expect(only(m)).toEqual([]);
    });
  });

  describe.each(['code_version', 'runtime_version', 'dependency_lock', 'config_fingerprint'] as const)(
    'environment.%s',
    (field) => {
      it('unavailable (or missing) reduces control', () => {
        const expected = [gap(`environment.${field}`, 'reduces_control', REASONS.unavailable)];
        expect(only(withEdit((x) => (x.environment![field] = UNAVAILABLE)))).toEqual(expected);
        expect(only(withEdit((x) => delete x.environment![field]))).toEqual(expected);
      });
      it.each([
        ['value', value('v')],
        ['hash', hashed('v')],
        ['absent', ABSENT],
      ] as const)('%s is no gap', (_s, evidence) => {
        expect(only(withEdit((x) => (x.environment![field] = evidence)))).toEqual([]);
      });
    },
  );

  it('environment.container unavailable or missing is no gap', () => {
    expect(only(withEdit((x) => (x.environment!.container = UNAVAILABLE)))).toEqual([]);
    expect(only(withEdit((x) => delete x.environment!.container))).toEqual([]);
  });

  it('a missing environment section reduces control on the four required fields', () => {
    expect(only(withEdit((x) => delete x.environment)).map((g) => g.path)).toEqual([
      'environment.code_version',
      'environment.config_fingerprint',
      'environment.dependency_lock',
      'environment.runtime_version',
    ]);
  });

  describe.each(['network', 'filesystem', 'external_services', 'side_effects'] as const)(
    'isolation.%s',
    (field) => {
      it('unknown (or missing) reduces control', () => {
        const expected = [gap(`isolation.${field}`, 'reduces_control', REASONS.isolationUnknown)];
        expect(only(withEdit((x) => (x.isolation![field] = 'unknown')))).toEqual(expected);
        expect(only(withEdit((x) => delete x.isolation![field]))).toEqual(expected);
      });
    },
  );

  it('a missing isolation section makes all four unknown', () => {
    expect(only(withEdit((x) => delete x.isolation))).toEqual(
      ['external_services', 'filesystem', 'network', 'side_effects'].map((f) =>
        gap(`isolation.${f}`, 'reduces_control', REASONS.isolationUnknown),
      ),
    );
  });

  describe.each(['trace_id', 'span_id', 'provenance'] as const)('source.%s', (field) => {
    it('unavailable (or missing) reduces control', () => {
      const expected = [gap(`source.${field}`, 'reduces_control', REASONS.unavailable)];
      expect(only(withEdit((x) => (x.source![field] = UNAVAILABLE)))).toEqual(expected);
      expect(only(withEdit((x) => delete x.source![field]))).toEqual(expected);
    });
    it.each([
      ['hash', hashed('v')],
      ['absent', ABSENT],
    ] as const)('%s is no gap', (_s, evidence) => {
      expect(only(withEdit((x) => (x.source![field] = evidence)))).toEqual([]);
    });
  });

  it('source.capture unknown (or missing) reduces control; native is no gap', () => {
    const expected = [gap('source.capture', 'reduces_control', REASONS.captureUnknown)];
    expect(only(withEdit((x) => (x.source!.capture = 'unknown')))).toEqual(expected);
    expect(only(withEdit((x) => delete x.source!.capture))).toEqual(expected);
    expect(gapsAt(exactManifest(), 'source.capture')).toEqual([]);
  });
});

describe('prevents_exactness rules', () => {
  it.each([
    ['false', { guaranteed: false }],
    ['false with a seed as basis', { guaranteed: false, basis: 'seed 42' }],
    ['missing', undefined],
  ] as const)('model determinism %s prevents exactness (a seed is not a guarantee)', (_s, determinism) => {
    const m = withEdit((x) => {
      if (determinism === undefined) delete x.model!.determinism;
      else x.model!.determinism = determinism;
    });
    expect(only(m)).toEqual([
      gap('model.determinism.guaranteed', 'prevents_exactness', REASONS.modelNotDeterministic),
    ]);
    expect(analyzeManifest(m).level).toBe('controlled');
  });

  it.each(['execute', 'rerun'] as const)(
    'tools mode %s without a determinism guarantee prevents exactness',
    (mode) => {
      const tools = (determinism?: { guaranteed: boolean }) =>
        withEdit((x) => {
          x.tools = { replay_mode: mode, definitions: ABSENT, ledger_complete: true };
          if (determinism) x.tools.determinism = determinism;
        });
      const expected = [gap('tools.determinism.guaranteed', 'prevents_exactness', REASONS.notDeterministic)];
      expect(only(tools())).toEqual(expected);
      expect(only(tools({ guaranteed: false }))).toEqual(expected);
      expect(only(tools({ guaranteed: true }))).toEqual([]);
    },
  );

  it('tools determinism does not matter for recorded outputs', () => {
    const m = withEdit(
      (x) =>
        (x.tools = {
          replay_mode: 'recorded_outputs',
          definitions: ABSENT,
          ledger_complete: true,
          determinism: { guaranteed: false },
        }),
    );
    expect(only(m)).toEqual([]);
  });

  it('retrieval rerun without a determinism guarantee prevents exactness; with one it does not', () => {
    const retrieval = (determinism?: { guaranteed: boolean }) =>
      withEdit((x) => {
        x.retrieval = { replay_mode: 'rerun', config: value({}), corpus: hashed('c') };
        if (determinism) x.retrieval.determinism = determinism;
      });
    const expected = [
      gap('retrieval.determinism.guaranteed', 'prevents_exactness', REASONS.notDeterministic),
    ];
    expect(only(retrieval())).toEqual(expected);
    expect(only(retrieval({ guaranteed: false }))).toEqual(expected);
    expect(only(retrieval({ guaranteed: true }))).toEqual([]);
  });

  it('a mapped trace prevents exactness', () => {
    const m = withEdit((x) => (x.source!.capture = 'mapped'));
    expect(only(m)).toEqual([gap('source.capture', 'prevents_exactness', REASONS.captureMapped)]);
    expect(analyzeManifest(m).level).toBe('controlled');
  });
});

describe('levels, ordering and listing', () => {
  it('orders levels exact > controlled > partial > unreplayable', () => {
    expect(FIDELITY_LEVELS).toEqual(['exact', 'controlled', 'partial', 'unreplayable']);
    expect(compareLevels('exact', 'controlled')).toBeLessThan(0);
    expect(compareLevels('partial', 'controlled')).toBeGreaterThan(0);
    expect(worstLevel(['controlled', 'exact', 'partial'])).toBe('partial');
    expect(worstLevel([])).toBeNull();
  });

  it('takes the level from the worst gap', () => {
    expect(levelOf([])).toBe('exact');
    expect(levelOf([gap('a', 'prevents_exactness', 'r')])).toBe('controlled');
    expect(levelOf([gap('a', 'prevents_exactness', 'r'), gap('b', 'reduces_control', 'r')])).toBe('partial');
    expect(
      levelOf([
        gap('a', 'reduces_control', 'r'),
        gap('b', 'blocks_replay', 'r'),
        gap('c', 'prevents_exactness', 'r'),
      ]),
    ).toBe('unreplayable');
  });

  it('lists every gap, not the first, sorted by path (code units), then impact, then reason', () => {
    const m = withEdit((x) => {
      x.model!.input = hashed('p');
      x.model!.determinism = { guaranteed: false };
      delete x.isolation;
      x.source!.capture = 'mapped';
      x.tools = {
        replay_mode: 'recorded_outputs',
        ledger_complete: true,
        definitions: ABSENT,
        calls: Array.from({ length: 11 }, (_, i) => ({ id: `c${i}`, input: value(i), output: UNAVAILABLE })),
      };
    });
    const { level, missing_evidence } = analyzeManifest(m);
    expect(level).toBe('unreplayable');
    const paths = missing_evidence.map((g) => g.path);
    expect(paths).toEqual([...paths].sort());
    // Code-unit order puts calls[10] before calls[2]: plain, locale-free, documented.
    expect(paths.indexOf('tools.calls[10].output')).toBeLessThan(paths.indexOf('tools.calls[2].output'));
    expect(missing_evidence).toHaveLength(1 + 1 + 4 + 1 + 11);
  });

  it('is deterministic and does not mutate its input', () => {
    const m = withEdit((x) => delete x.isolation);
    const before = structuredClone(m);
    expect(analyzeManifest(m)).toEqual(analyzeManifest(structuredClone(m)));
    expect(m).toEqual(before);
  });

  it('never reads outputs to promote: changing recorded output values changes nothing', () => {
    const make = (output: unknown) =>
      withEdit(
        (x) =>
          (x.tools = {
            replay_mode: 'recorded_outputs',
            definitions: ABSENT,
            ledger_complete: true,
            calls: [{ input: value(1), output: value(output) }],
          }),
      );
    expect(analyzeManifest(make('same as live'))).toEqual(analyzeManifest(make({ anything: 'else' })));
  });
});

// ---------------------------------------------------------------------------------------------
// Monotonicity properties.

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const smallJson = fc.jsonValue({ maxDepth: 2 });
/** Values either carry no sha256 or a correct one; a wrong one is the integrity rule's business. */
const evidenceArb: fc.Arbitrary<Evidence | undefined> = fc.oneof(
  fc.constant(undefined),
  smallJson.map((v) => value(v)),
  smallJson.map((v): Evidence => ({ state: 'value', value: v as never, sha256: sha256Canonical(v) })),
  hex64.map((h): Evidence => ({ state: 'hash', sha256: h })),
  fc.constant(ABSENT),
  fc.constant(UNAVAILABLE),
);
const isolationArb = fc.constantFrom(undefined, 'isolated', 'stubbed', 'live', 'unknown') as fc.Arbitrary<
  'isolated' | 'stubbed' | 'live' | 'unknown' | undefined
>;
const modeArb = fc.constantFrom(
  undefined,
  'not_used',
  'recorded_outputs',
  'execute',
  'rerun',
  'unknown',
) as fc.Arbitrary<'not_used' | 'recorded_outputs' | 'execute' | 'rerun' | 'unknown' | undefined>;
const determinismArb = fc.option(fc.record({ guaranteed: fc.boolean() }), { nil: undefined });

/** Drops undefined members, as a parsed manifest would not have them. */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
const section = <T extends object>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arb.map(compact), { nil: undefined, freq: 5 });

const manifestArb: fc.Arbitrary<Manifest> = fc
  .record({
    model: section(
      fc.record({
        provider: evidenceArb,
        deployment: evidenceArb,
        parameters: evidenceArb,
        seed: evidenceArb,
        input: evidenceArb,
        system_instructions: evidenceArb,
        developer_instructions: evidenceArb,
        determinism: determinismArb,
      }),
    ),
    tools: section(
      fc.record({
        replay_mode: modeArb,
        definitions: evidenceArb,
        ledger_complete: fc.option(fc.boolean(), { nil: undefined }),
        calls: fc.option(
          fc.array(fc.record({ input: evidenceArb, output: evidenceArb }).map(compact), { maxLength: 3 }),
          {
            nil: undefined,
          },
        ),
        determinism: determinismArb,
      }),
    ),
    retrieval: section(
      fc.record({
        replay_mode: modeArb,
        config: evidenceArb,
        corpus: evidenceArb,
        outputs: evidenceArb,
        determinism: determinismArb,
      }),
    ),
    environment: section(
      fc.record({
        code_version: evidenceArb,
        runtime_version: evidenceArb,
        dependency_lock: evidenceArb,
        config_fingerprint: evidenceArb,
        container: evidenceArb,
      }),
    ),
    isolation: section(
      fc.record({
        network: isolationArb,
        filesystem: isolationArb,
        external_services: isolationArb,
        side_effects: isolationArb,
      }),
    ),
    source: section(
      fc.record({
        trace_id: evidenceArb,
        span_id: evidenceArb,
        capture: fc.constantFrom(undefined, 'native', 'mapped', 'unknown') as fc.Arbitrary<
          'native' | 'mapped' | 'unknown' | undefined
        >,
        provenance: evidenceArb,
      }),
    ),
  })
  .map((sections) => ({ schema: 'replay-runtime/v2' as const, id: 'p', ...compact(sections) }));

/** Every place an Evidence object may sit in `m`, as key paths (sections may be missing). */
function evidenceSlots(m: Manifest): Array<Array<string | number>> {
  const slots: Array<Array<string | number>> = [];
  const fields: Record<string, string[]> = {
    model: [
      'provider',
      'deployment',
      'parameters',
      'seed',
      'input',
      'system_instructions',
      'developer_instructions',
    ],
    tools: ['definitions'],
    retrieval: ['config', 'corpus', 'outputs'],
    environment: ['code_version', 'runtime_version', 'dependency_lock', 'config_fingerprint', 'container'],
    source: ['trace_id', 'span_id', 'provenance'],
  };
  for (const [name, keys] of Object.entries(fields)) for (const key of keys) slots.push([name, key]);
  (m.tools?.calls ?? []).forEach((_c, i) => {
    slots.push(['tools', 'calls', i, 'input'], ['tools', 'calls', i, 'output']);
  });
  return slots;
}

function getAt(root: unknown, path: Array<string | number>): unknown {
  let node = root;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

function setAt(root: Manifest, path: Array<string | number>, v: unknown): Manifest {
  const copy = structuredClone(root) as unknown as Record<string, unknown>;
  let node: Record<string | number, unknown> = copy;
  path.slice(0, -1).forEach((segment) => {
    node[segment] ??= {};
    node = node[segment] as Record<string | number, unknown>;
  });
  node[path[path.length - 1]!] = v;
  return copy as unknown as Manifest;
}

const notWorse = (after: FidelityLevel, before: FidelityLevel) => compareLevels(after, before) <= 0;

describe('monotonicity (properties, seeded)', () => {
  it('replacing unavailable (or missing) evidence by a value never lowers the level', () => {
    fc.assert(
      fc.property(manifestArb, fc.nat(), smallJson, (m, pick, content) => {
        const slots = evidenceSlots(m).filter((slot) => {
          const e = getAt(m, slot) as Evidence | undefined;
          return e === undefined || e.state === 'unavailable';
        });
        fc.pre(slots.length > 0);
        const slot = slots[pick % slots.length]!;
        const before = analyzeManifest(m).level;
        const after = analyzeManifest(setAt(m, slot, value(content))).level;
        expect(notWorse(after, before)).toBe(true);
      }),
      { seed: 4242, numRuns: 1000 },
    );
  });

  it('replacing a value by its hash never raises the level', () => {
    fc.assert(
      fc.property(manifestArb, fc.nat(), (m, pick) => {
        const slots = evidenceSlots(m).filter(
          (slot) => (getAt(m, slot) as Evidence | undefined)?.state === 'value',
        );
        fc.pre(slots.length > 0);
        const slot = slots[pick % slots.length]!;
        const e = getAt(m, slot) as Extract<Evidence, { state: 'value' }>;
        const before = analyzeManifest(m).level;
        const after = analyzeManifest(
          setAt(m, slot, { state: 'hash', sha256: sha256Canonical(e.value) }),
        ).level;
        expect(notWorse(before, after)).toBe(true);
      }),
      { seed: 4343, numRuns: 1000 },
    );
  });

  it('adding a live isolation always makes it unreplayable', () => {
    fc.assert(
      fc.property(
        manifestArb,
        fc.constantFrom('network', 'filesystem', 'external_services', 'side_effects'),
        (m, field) => {
          const live = setAt(m, ['isolation', field], 'live');
          const result = analyzeManifest(live);
          expect(result.level).toBe('unreplayable');
          expect(result.missing_evidence).toContainEqual(
            gap(`isolation.${field}`, 'blocks_replay', `live ${field.replace('_', ' ')}`),
          );
        },
      ),
      { seed: 4444, numRuns: 500 },
    );
  });

  it('always lists gaps sorted and takes the level from the worst one', () => {
    fc.assert(
      fc.property(manifestArb, (m) => {
        const { level, missing_evidence } = analyzeManifest(m);
        expect(level).toBe(levelOf(missing_evidence));
        const paths = missing_evidence.map((g) => g.path);
        expect(paths).toEqual([...paths].sort());
      }),
      { seed: 4545, numRuns: 500 },
    );
  });
});
