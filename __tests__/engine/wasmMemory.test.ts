/** Issue 10, item 4: large valid policies load, with opa-wasm's memory sized from the module. */
import { afterAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { importedMemoryLimits, memoryFor } from '../../src/engine/wasmMemory.js';
import { tempDir, writeJsonl } from '../replay/helpers.js';
import { runCliCaptured } from '../support/cli.js';

const tmp = tempDir('wasm-memory-');
/** The global WebAssembly namespace (the project's TypeScript lib does not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } }).WebAssembly;
afterAll(() => tmp.cleanup());

/** A module importing a function (so the reader skips one import) and then `env.memory`. */
function moduleWithMemoryImport(limits: number[]): Uint8Array {
  const name = (s: string) => [s.length, ...Buffer.from(s)];
  const types = [1, 0x60, 0, 0];
  const imports = [2, ...name('env'), ...name('f'), 0, 0, ...name('env'), ...name('memory'), 2, ...limits];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    1,
    types.length,
    ...types,
    2,
    imports.length,
    ...imports,
  ]);
}

/** `rules` allow rules of `values` tool names each: t<rule>_<value>. */
function largePolicy(rules: number, values: number): string {
  const lines = ['default_effect: deny', 'rules:'];
  for (let r = 0; r < rules; r++) {
    const names = Array.from({ length: values }, (_, v) => `t${r}_${v}`);
    lines.push(
      `  - id: r${r}`,
      '    effect: allow',
      '    conditions:',
      '      - field: tool',
      '        operator: in',
      `        values: [${names.join(', ')}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function call(id: string, tool: string) {
  return {
    request_id: id,
    input: { request: { mcp: { calls: [{ method: 'tools/call', tool }] } } },
  };
}

describe('wasm memory sizing', () => {
  it('reads the minimum (and maximum) of the imported memory', () => {
    const small = moduleWithMemoryImport([0x00, 9]);
    expect(wasm.validate(small)).toBe(true);
    expect(importedMemoryLimits(small)).toEqual({ initial: 9 });
    const bounded = moduleWithMemoryImport([0x01, 0x90, 0x01, 0xa0, 0x01]);
    expect(wasm.validate(bounded)).toBe(true);
    expect(importedMemoryLimits(bounded)).toEqual({ initial: 144, maximum: 160 });
    expect(memoryFor(small)).toEqual({ initial: 9 });
    expect(memoryFor(moduleWithMemoryImport([0x00, 1]))).toEqual({ initial: 5 });
  });

  it('a 1,000-rule policy of 20 values each compiles and replays end to end', async () => {
    const policy = tmp.file('large.yaml');
    writeFileSync(policy, largePolicy(1000, 20));
    const traffic = writeJsonl(tmp.file('large.jsonl'), [
      call('first', 't0_0'),
      call('last', 't999_19'),
      call('unknown', 'run_shell'),
    ]);
    const result = await runCliCaptured(['replay', '--head', policy, '--traffic', traffic, '--workers', '0']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      result: { evaluated: number; allowed: number; denied: number };
    };
    expect(report.result).toMatchObject({ evaluated: 3, allowed: 2, denied: 1 });
  });
});
