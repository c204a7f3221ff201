import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import {
  POSITIONED_MANIFEST_CHARS,
  colonsOutsideStrings,
  memberCount,
  parseManifestText,
} from '../../src/fidelity/manifest.js';
import type { ManifestEntry, ManifestProblem } from '../../src/fidelity/manifest.js';
import { exactManifest } from './helpers.js';

const HASH = 'a'.repeat(64);

function problems(entry: ManifestEntry | undefined): ManifestProblem[] {
  if (!entry || entry.ok) throw new Error(`expected an invalid entry, got ${JSON.stringify(entry)}`);
  return entry.problems;
}

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string, from = 0): { line: number; column: number } {
  const offset = text.indexOf(needle, from);
  if (offset < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

describe('parseManifestText: valid manifests', () => {
  it('accepts the minimal manifest: every section is optional', () => {
    const [entry] = parseManifestText('{"schema":"replay-runtime/v2","id":"t-1"}', 'm.json');
    expect(entry).toEqual({
      ok: true,
      file: 'm.json',
      line: 1,
      manifest: { schema: 'replay-runtime/v2', id: 't-1' },
    });
  });

  it('accepts a full manifest, every evidence state, and both mode synonyms', () => {
    const m = {
      ...exactManifest(),
      tools: {
        replay_mode: 'execute',
        calls: [{ id: 'c', name: 'n', input: { state: 'hash', sha256: HASH } }],
      },
      retrieval: { replay_mode: 'rerun', outputs: { state: 'value', value: null, sha256: HASH } },
    };
    const [entry] = parseManifestText(JSON.stringify(m, null, 2), 'full.json');
    expect(entry?.ok).toBe(true);
    const swapped = {
      ...exactManifest(),
      tools: { replay_mode: 'rerun' },
      retrieval: { replay_mode: 'execute' },
    };
    expect(parseManifestText(JSON.stringify(swapped), 'm.json')[0]?.ok).toBe(true);
  });

  it('accepts any JSON as a value, including null and nested arrays', () => {
    const m = {
      schema: 'replay-runtime/v2',
      id: 'v',
      model: { input: { state: 'value', value: [null, [1, { a: '' }]] } },
    };
    expect(parseManifestText(JSON.stringify(m), 'm.json')[0]?.ok).toBe(true);
  });
});

describe('parseManifestText: invalid manifests, with path, line and column', () => {
  const text = [
    '{',
    '  "schema": "replay-runtime/v2",',
    '  "id": "turn-1",',
    '  "model": {',
    '    "temperature": 0.2,',
    '    "input": { "state": "hash", "sha256": "ABC" }',
    '  },',
    '  "tools": { "ledger_complete": "yes", "calls": [{}, { "output": { "state": "maybe" } }] },',
    '  "isolation": { "network": "open" },',
    '  "source": { "trace_id": { "state": "value" }, "provenance": { "state": "absent", "note": 1 } }',
    '}',
  ].join('\n');
  const found = problems(parseManifestText(text, 'bad.json')[0]);
  const at = (path: string) => found.find((p) => p.path === path);

  it('reports an unknown key at the key', () => {
    expect(at('model.temperature')).toEqual({
      file: 'bad.json',
      path: 'model.temperature',
      ...positionOf(text, '"temperature"'),
      message: 'unknown key "temperature"',
    });
    expect(at('source.provenance.note')).toMatchObject({
      ...positionOf(text, '"note"'),
      message: 'unknown key "note"',
    });
  });

  it('reports a malformed hash at its value', () => {
    expect(at('model.input.sha256')).toMatchObject({
      ...positionOf(text, '"ABC"'),
      message: expect.stringContaining('64 lowercase hex'),
    });
  });

  it('reports a wrong type at the value', () => {
    expect(at('tools.ledger_complete')).toMatchObject({
      ...positionOf(text, '"yes"'),
      message: 'expected boolean, got string',
    });
  });

  it('reports an unknown evidence state and an unknown isolation value', () => {
    expect(at('tools.calls[1].output.state')).toMatchObject({
      ...positionOf(text, '"maybe"'),
      message: 'must be one of "value", "hash", "absent", "unavailable"',
    });
    expect(at('isolation.network')).toMatchObject({
      ...positionOf(text, '"open"'),
      message: 'must be one of "isolated", "stubbed", "live", "unknown"',
    });
  });

  it('reports a missing required key at the object that lacks it', () => {
    expect(at('source.trace_id.value')).toMatchObject({
      ...positionOf(text, '{ "state": "value" }'),
      message: 'missing required key "value"',
    });
  });

  it('lists every problem in file order and keeps the readable id', () => {
    expect(found.map((p) => p.path)).toEqual([
      'model.temperature',
      'model.input.sha256',
      'tools.ledger_complete',
      'tools.calls[1].output.state',
      'isolation.network',
      'source.trace_id.value',
      'source.provenance.note',
    ]);
    const entry = parseManifestText(text, 'bad.json')[0];
    expect(entry).toMatchObject({ ok: false, id: 'turn-1', line: 1 });
  });

  it('requires schema and id', () => {
    const found = problems(parseManifestText('{"schema":"replay-runtime/v1"}', 'm.json')[0]);
    expect(found).toEqual([
      { file: 'm.json', path: 'id', line: 1, column: 1, message: 'missing required key "id"' },
      { file: 'm.json', path: 'schema', line: 1, column: 11, message: 'must be "replay-runtime/v2"' },
    ]);
    expect(parseManifestText('{"schema":"replay-runtime/v1"}', 'm.json')[0]).toMatchObject({ id: null });
  });

  it('rejects a section of the wrong type, an array, and an uppercase hash on a value', () => {
    expect(
      problems(parseManifestText('{"schema":"replay-runtime/v2","id":"x","isolation":"live"}', 'm.json')[0]),
    ).toEqual([
      { file: 'm.json', path: 'isolation', line: 1, column: 52, message: 'expected object, got string' },
    ]);
    expect(problems(parseManifestText('[]', 'm.json')[0])[0]).toMatchObject({
      path: '',
      message: 'expected object, got array',
    });
    const upper = JSON.stringify({
      schema: 'replay-runtime/v2',
      id: 'x',
      model: { input: { state: 'value', value: 1, sha256: HASH.toUpperCase() } },
    });
    expect(problems(parseManifestText(upper, 'm.json')[0])[0]?.path).toBe('model.input.sha256');
  });

  it('rejects a hash state without its sha256 and extra keys on absent', () => {
    const m = JSON.stringify({
      schema: 'replay-runtime/v2',
      id: 'x',
      model: { input: { state: 'hash' }, seed: { state: 'absent', value: 1 } },
    });
    expect(problems(parseManifestText(m, 'm.json')[0]).map((p) => [p.path, p.message])).toEqual([
      ['model.input.sha256', 'missing required key "sha256"'],
      ['model.seed.value', 'unknown key "value"'],
    ]);
  });

  it('rejects duplicate keys, which JSON.parse would silently resolve', () => {
    const found = problems(
      parseManifestText('{"schema":"replay-runtime/v2","id":"a","id":"b"}', 'm.json')[0],
    );
    expect(found).toEqual([
      { file: 'm.json', path: 'id', line: 1, column: 40, message: 'duplicate key "id"' },
    ]);
  });

  it('keeps "__proto__" a plain (unknown) key', () => {
    const found = problems(
      parseManifestText('{"schema":"replay-runtime/v2","id":"a","__proto__":{"x":1}}', 'm.json')[0],
    );
    expect(found.map((p) => p.message)).toEqual(['unknown key "__proto__"']);
  });

  it('reports a JSON syntax error at its position', () => {
    const found = problems(
      parseManifestText('{\n  "schema": "replay-runtime/v2",\n  "id": \n}', 'm.json')[0],
    );
    expect(found).toEqual([
      {
        file: 'm.json',
        path: '',
        line: 4,
        column: 1,
        message: 'invalid JSON: unexpected character "}"',
      },
    ]);
  });
});

describe('parseManifestText: JSON Lines', () => {
  const good = (id: string) => JSON.stringify({ schema: 'replay-runtime/v2', id });
  it('reads one manifest per line, skipping blank lines, with file line numbers', () => {
    const bad = '{"schema":"replay-runtime/v2","id":"c","extra":true}';
    const text = `${good('a')}\r\n\n${good('b')}\n${bad}\n{"schema":\n`;
    const entries = parseManifestText(text, 'set.jsonl');
    expect(entries.map((e) => [e.ok, e.line])).toEqual([
      [true, 1],
      [true, 3],
      [false, 4],
      [false, 5],
    ]);
    expect(problems(entries[2])).toEqual([
      {
        file: 'set.jsonl',
        path: 'extra',
        line: 4,
        column: bad.indexOf('"extra"') + 1,
        message: 'unknown key "extra"',
      },
    ]);
    expect(problems(entries[3])[0]).toMatchObject({
      line: 5,
      column: 11,
      message: 'invalid JSON: unexpected end of input',
    });
  });

  it('treats a .json file as exactly one manifest', () => {
    const entries = parseManifestText(`${good('a')}\n${good('b')}\n`, 'two.json');
    expect(entries).toHaveLength(1);
    expect(problems(entries[0])[0]).toMatchObject({ line: 2, column: 1 });
  });
});

describe('the invalid fixtures', () => {
  it.each([
    ['invalid-unknown-key.json', 'model.temperature', '"temperature"'],
    ['invalid-malformed-hash.json', 'environment.dependency_lock.sha256', '"sha256": "'],
    ['invalid-wrong-type.json', 'tools.ledger_complete', '"yes"'],
  ])('%s is reported at %s', (name, path, needle) => {
    const file = `fixtures/manifests/${name}`;
    const text = readFileSync(file, 'utf8');
    const found = problems(parseManifestText(text, file)[0]);
    expect(found).toHaveLength(1);
    // For the hash, the offending value follows `"sha256": ` in the dependency_lock object.
    const anchor = needle.startsWith('"sha256"')
      ? positionOf(text, needle, text.indexOf('"dependency_lock"'))
      : positionOf(text, needle);
    const expected = needle.startsWith('"sha256"')
      ? { ...anchor, column: anchor.column + '"sha256": '.length }
      : anchor;
    expect(found[0]).toEqual({ file, path, ...expected, message: expect.any(String) });
  });
});

describe('reading without positions first', () => {
  it('counts one colon outside strings per object member, so a repeated key shows', () => {
    const samples = [
      '{}',
      '{"a":1}',
      '{"a:b":"c:d","e":{"f":[1,{"g":"\\":"}]}}',
      '[{"a":null},{"b":{}}]',
      '"x:y"',
    ];
    for (const sample of samples)
      expect([sample, colonsOutsideStrings(sample)]).toEqual([sample, memberCount(JSON.parse(sample))]);
    const repeated = '{"a":1,"b":{"c":2,"c":3}}';
    expect(colonsOutsideStrings(repeated)).toBe(4);
    expect(memberCount(JSON.parse(repeated))).toBe(3);
  });

  it('counts members of a value nested deeper than the call stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`) as unknown;
    expect(memberCount(deep)).toBe(50_000);
  });

  it('grades a valid manifest nested deeper than the call stack', () => {
    const value = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const text = `{"schema":"replay-runtime/v2","id":"deep","model":{"input":{"state":"value","value":${value}}}}`;
    expect(parseManifestText(text, 'deep.json')[0]?.ok).toBe(true);
  });

  it('reports the problems of a manifest too large to locate at its first line', () => {
    const filler = 'x'.repeat(POSITIONED_MANIFEST_CHARS);
    const text = `{"schema":"replay-runtime/v2","id":"big",\n"model":{"input":{"state":"value","value":"${filler}"}},\n"extra":1}`;
    expect(problems(parseManifestText(text, 'big.json')[0])).toEqual([
      { file: 'big.json', path: 'extra', line: 1, column: 1, message: 'unknown key "extra"' },
    ]);
    const lines = `${text.replace(/\n/g, '')}\n${text.replace(/\n/g, '')}`;
    expect(parseManifestText(lines, 'big.jsonl').map((e) => !e.ok && e.problems[0]!.line)).toEqual([1, 2]);
  });
});
