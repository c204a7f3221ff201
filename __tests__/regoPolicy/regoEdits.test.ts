/**
 * The edits of a Rego change (docs/rego-edits.md) on the corpus (fixtures/rego): the engine's
 * `rules` groups each side's rules, `regoEdits` finds what each head changed, and every edit,
 * reverted alone, leaves a head that the engine compiles; all of them reverted decide every
 * generated input exactly as the base does.
 */
import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { corpusInputs, bundleFiles, FAMILIES } from '../../scripts/lib/rego-corpus.mjs';
import { EngineError, EngineProcess, type SideSpec } from '../../src/regoPolicy/engineProcess.js';
import { parseExactJson, type ExactValue } from '../../src/regoPolicy/exactJson.js';
import { regoEdits, type RegoEdit, type RegoSide } from '../../src/regoPolicy/regoEdits.js';
import { revertEdit, revertEdits } from '../../src/regoPolicy/revertEdit.js';
import { ensureEngine } from '../support/engine.js';
import { SIZES } from '../support/sizes.js';
import { testOpaPath } from '../support/opa.js';

type Family = keyof typeof FAMILIES;

const INPUTS = SIZES.regoRevertInputs;

/** A corpus variant as a side: its .rego files, and its data.json files placed by folder. */
function sideOf(family: Family, variant: string): RegoSide & { roots: string[] } {
  const modules: Record<string, string> = {};
  const data: { [key: string]: ExactValue } = {};
  const roots: string[] = [];
  for (const [path, text] of Object.entries(bundleFiles(family, variant))) {
    if (path.endsWith('.rego')) modules[path] = text;
    else if (path === 'data.json' || path.endsWith('/data.json')) {
      const folder = path.slice(0, -'data.json'.length).replace(/\/$/, '');
      roots.push(folder);
      let at = data;
      const segments = folder === '' ? [] : folder.split('/');
      for (const s of segments.slice(0, -1)) at = (at[s] ??= {}) as { [key: string]: ExactValue };
      const value = parseExactJson(text) as { [key: string]: ExactValue };
      const last = segments.at(-1);
      if (last === undefined) Object.assign(at, value);
      else at[last] = value;
    }
  }
  return { modules, data, roots };
}

/** An edit in one line: `modified rule data.x.allow @ a.rego:4 (first change :12)`, `modified data /org/managers`. */
function summary(e: RegoEdit): string {
  if (e.kind === 'data') return `${e.change} data ${e.pointer}`;
  const first = e.firstChange.line === e.location.line ? '' : ` (first change :${e.firstChange.line})`;
  return `${e.change} rule ${e.ref} @ ${e.location.file}:${e.location.line}${first}`;
}

/** An edit without its place: what and which. */
const identity = (e: RegoEdit): string =>
  e.kind === 'data' ? `${e.change} ${e.pointer}` : `${e.change} ${e.ref}`;

const EXPECTED: Record<Family, Record<string, string[]>> = {
  httpapi: {
    grant: ['modified rule data.httpapi.authz.allow @ httpapi/authz.rego:4 (first change :34)'],
    revoke: [
      'modified rule data.httpapi.authz.allow @ httpapi/authz.rego:4 (first change :20)',
      'modified data /org/managers',
    ],
    refactor: [
      'modified rule data.httpapi.authz.allow @ httpapi/authz.rego:4 (first change :12)',
      'added rule data.httpapi.authz.salary_record @ httpapi/authz.rego:7',
      'added rule data.httpapi.authz.reads @ httpapi/authz.rego:9',
    ],
  },
  envoy: {
    grant: ['modified rule data.envoy.authz.permitted @ envoy/authz.rego:24 (first change :48)'],
    revoke: ['modified rule data.envoy.authz.permitted @ envoy/authz.rego:24'],
    message: ['modified rule data.envoy.authz.allow @ envoy/authz.rego:5'],
    refactor: [
      'modified rule data.envoy.authz.permitted @ envoy/authz.rego:24 (first change :31)',
      'modified rule data.envoy.authz.weekend @ envoy/authz.rego:44',
      'added rule data.envoy.authz.writes_products @ envoy/authz.rego:49',
    ],
  },
  admission: {
    grant: [
      'modified rule data.k8s.admission.violation @ k8s/admission.rego:9',
      'added rule data.k8s.admission.system_update @ k8s/admission.rego:34',
      'modified data /k8s/admission/registries',
    ],
    revoke: ['modified rule data.k8s.admission.violation @ k8s/admission.rego:9 (first change :33)'],
    message: ['modified rule data.k8s.admission.violation @ k8s/admission.rego:9 (first change :15)'],
    refactor: [
      'modified rule data.k8s.admission.containers @ k8s/admission.rego:5',
      'modified rule data.k8s.admission.trusted_image @ k8s/admission.rego:29',
    ],
  },
};

let engine: EngineProcess;

beforeAll(async () => {
  engine = await EngineProcess.start(ensureEngine().engine, {
    probe: { modules: { 'p.rego': 'package p\n\nv := 1\n' }, decision: 'p/v' },
  });
}, 600_000);

afterAll(async () => {
  await engine.close();
});

/** The decision side of a family: non-deterministic built-ins run (the tokens and the clock). */
function decisionSide(family: Family, side: { modules: Record<string, string>; data: string }): SideSpec {
  return { ...side, decision: FAMILIES[family].decisionPath, nondeterministic: 'live' };
}

describe.each(Object.keys(FAMILIES) as Family[])('the %s corpus', (family) => {
  const base = sideOf(family, 'base');
  const inputs = corpusInputs(family, INPUTS).map((input) => JSON.stringify(input));

  it.each(FAMILIES[family].heads)(
    '%s: its edits, each reverted alone, and all reverted',
    async (variant) => {
      const head = sideOf(family, variant);
      const change = await regoEdits(engine, base, head, { dataRoots: head.roots });
      expect(change.edits.map(summary)).toEqual(EXPECTED[family][variant]);
      // The data roots inferred from the documents give the same edits here.
      expect((await regoEdits(engine, base, head)).edits).toEqual(change.edits);

      for (const [i, edit] of change.edits.entries()) {
        const reverted = revertEdit(change.base, change.head, edit);
        await expect(engine.load({ [`one${i}`]: decisionSide(family, reverted) })).resolves.toBeDefined();
        // Undoing an edit undoes it and no other: the reverted side's edits are the others (an
        // added rule stays, as its never-defined stub).
        const left = await regoEdits(
          engine,
          base,
          { modules: reverted.modules, data: reverted.data },
          { dataRoots: head.roots },
        );
        const others = change.edits.filter((e) => e !== edit || edit.change === 'added');
        expect(left.edits.map(identity)).toEqual(others.map(identity));
      }

      const all = revertEdits(change.base, change.head, change.edits);
      await engine.load({
        base: decisionSide(family, { modules: base.modules, data: JSON.stringify(base.data) }),
        all: decisionSide(family, all),
      });
      const decide = (side: string): Promise<string[]> =>
        Promise.all(
          inputs.map(async (input) => {
            const d = await engine.eval(side, { input });
            return d.defined ? d.result : 'undefined';
          }),
        );
      const [fromBase, fromAll] = [await decide('base'), await decide('all')];
      expect(fromAll).toEqual(fromBase);
      // The corpus's heads do change decisions or results, except the refactors.
      const fromHead = await (async () => {
        await engine.load({
          head: decisionSide(family, { modules: head.modules, data: JSON.stringify(head.data) }),
        });
        return decide('head');
      })();
      if (variant === 'refactor') expect(fromHead).toEqual(fromBase);
      else expect(fromHead).not.toEqual(fromBase);
    },
    120_000,
  );
});

describe('edits ignore what is not a change', () => {
  it('opa fmt and comments removed leave every corpus variant without an edit', async () => {
    for (const family of Object.keys(FAMILIES) as Family[]) {
      for (const variant of ['base', ...FAMILIES[family].heads]) {
        const side = sideOf(family, variant);
        const reformatted = Object.fromEntries(
          Object.entries(side.modules).map(([file, text]) => {
            const fmt = spawnSync(testOpaPath(), ['fmt'], { input: text, encoding: 'utf8' });
            expect(fmt.status).toBe(0);
            return [file, fmt.stdout.replace(/^\s*#.*\n/gm, '').replace(/\t/g, '  ')];
          }),
        );
        expect(reformatted).not.toEqual(side.modules);
        const change = await regoEdits(engine, side, { modules: reformatted, data: side.data });
        expect(change.edits).toEqual([]);
      }
    }
  });

  const policy = [
    'package app',
    '',
    'import data.org.admins',
    '',
    '# Admins do anything.',
    'default allow := false',
    '',
    'allow if input.user in admins',
    '',
    'allow if {',
    '\tinput.method == "GET" # reads',
    '\tinput.path[_] == "public"',
    '}',
    '',
  ].join('\n');

  it('formatting, comments, aliases, moves between files and rule order', async () => {
    const head = {
      'b.rego': 'package app\nallow if { input.method == "GET"; input.path[_] == `public` }\n',
      'a.rego':
        'package app\nimport data.org.admins as a\n\n\n    default allow := false\nallow if {\n    input.user in a\n}\n',
    };
    const change = await regoEdits(engine, { modules: { 'a.rego': policy } }, { modules: head });
    expect(change.edits).toEqual([]);
  });

  it('an import that changes is an edit of the rules using it', async () => {
    const head = policy.replace('import data.org.admins', 'import data.org.owners as admins');
    const change = await regoEdits(
      engine,
      { modules: { 'a.rego': policy } },
      { modules: { 'a.rego': head } },
    );
    expect(change.edits.map(summary)).toEqual(['modified rule data.app.allow @ a.rego:6 (first change :8)']);
  });

  it('a renamed package is every rule removed and added again', async () => {
    const head = policy.replace('package app', 'package app2');
    const change = await regoEdits(
      engine,
      { modules: { 'a.rego': policy } },
      { modules: { 'a.rego': head } },
    );
    expect(change.edits.map(summary)).toEqual([
      'added rule data.app2.allow @ a.rego:6',
      'removed rule data.app.allow @ a.rego:6',
    ]);
    const reverted = revertEdits(change.base, change.head, change.edits);
    await engine.load({
      r: { modules: reverted.modules, data: '{"org":{"admins":["x"]}}', decision: 'app/allow' },
    });
    expect(await engine.eval('r', { input: '{"user":"x"}' })).toEqual({ defined: true, result: 'true' });
    expect(Object.keys(reverted.modules).sort()).toEqual(['a.rego', 'reverted/data.app.allow.rego']);
    expect(reverted.modules['reverted/data.app.allow.rego']).toBe(
      [
        'package app',
        'import data.org.admins',
        'default allow := false',
        'allow if input.user in admins',
        'allow if {\n\tinput.method == "GET" # reads\n\tinput.path[_] == "public"\n}',
      ].join('\n\n') + '\n',
    );
  });

  it('Rego v0: the stub and the restored rules are written as v0, with the future imports', async () => {
    const base =
      'package a\nimport future.keywords.in\n\nallow { input.x in {1, 2} }\n\nf(x) = y { y := x + 1 }\n';
    const head =
      'package a\nimport future.keywords.in\n\nallow { input.x in {1, 2, 3} }\n\ng(x, y) = z { z := f(x) + y }\nf(x) = y { y := x + 1 }\nh { g(1, 2) == 4 }\n';
    const change = await regoEdits(
      engine,
      { modules: { 'a.rego': base } },
      { modules: { 'a.rego': head } },
      { regoVersion: 'v0' },
    );
    expect(change.edits.map(identity)).toEqual(['modified data.a.allow', 'added data.a.g', 'added data.a.h']);
    for (const edit of change.edits) {
      const reverted = revertEdit(change.base, change.head, edit);
      await engine.load({ v0: { ...reverted, decision: 'a/allow', regoVersion: 'v0' } });
      const x = edit.kind === 'rule' && edit.ref === 'data.a.allow' ? undefined : 'true';
      const d = await engine.eval('v0', { input: '{"x":3}' });
      expect(d.defined ? d.result : undefined).toBe(x);
    }
    expect(revertEdit(change.base, change.head, change.edits[1]!).modules['a.rego']).toContain(
      'g(_, _) = input { false }',
    );
  });

  it('a parse error is the engine parse_error, with its place', async () => {
    const rejected = regoEdits(
      engine,
      { modules: { 'a.rego': policy } },
      { modules: { 'a.rego': 'package app\n\nallow if {\n' } },
    );
    await expect(rejected).rejects.toBeInstanceOf(EngineError);
    await expect(rejected).rejects.toMatchObject({ kind: 'parse_error', location: { file: 'a.rego' } });
  });
});
