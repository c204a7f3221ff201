/** Large valid policies load, with opa-wasm's memory sized from the module (docs/security.md "Limits"). */
import { afterAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { dataSegmentPages, importedMemoryLimits, memoryFor } from '../../src/engine/wasmMemory.js';
import { tempDir, writeJsonl } from '../replay/helpers.js';
import { runCliCaptured } from '../support/cli.js';

const tmp = tempDir('wasm-memory-');
/** The global WebAssembly namespace (the project's TypeScript lib does not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { validate(bytes: Uint8Array): boolean } }).WebAssembly;
afterAll(() => tmp.cleanup());

/**
 * A module importing a function (so the reader skips one import) and then `env.memory`, with one
 * active data segment of `dataBytes` zero bytes at `dataOffset` when given.
 */
function moduleWithMemoryImport(limits: number[], data?: { offset: number; bytes: number }): Uint8Array {
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
    ...(data ? dataSection(data.offset, data.bytes) : []),
  ]);
}

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** A data section: one active segment for memory 0 at an i32.const offset (sleb of a positive n). */
function dataSection(offset: number, bytes: number): number[] {
  const sleb = uleb(offset);
  // A positive i32.const whose last 7-bit group has bit 6 set needs one more byte to stay positive.
  if ((sleb[sleb.length - 1]! & 0x40) !== 0) {
    sleb[sleb.length - 1]! |= 0x80;
    sleb.push(0);
  }
  const segment = [0, 0x41, ...sleb, 0x0b, ...uleb(bytes), ...new Array<number>(bytes).fill(0)];
  const body = [1, ...segment];
  return [11, ...uleb(body.length), ...body];
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

  it('makes room for data segments that reach past the declared minimum', () => {
    // 9 pages declared, but data up to byte 9 × 65,536 + 100: OPA's minimum falls short like this
    // for large policies, and instantiation would fail with "data segment is out of bounds".
    const short = moduleWithMemoryImport([0x00, 9], { offset: 9 * 65_536 - 100, bytes: 200 });
    expect(wasm.validate(short)).toBe(true);
    expect(dataSegmentPages(short)).toBe(10);
    expect(memoryFor(short)).toEqual({ initial: 10 });
    expect(dataSegmentPages(moduleWithMemoryImport([0x00, 9], { offset: 64, bytes: 8 }))).toBe(1);
    expect(memoryFor(moduleWithMemoryImport([0x00, 9], { offset: 64, bytes: 8 }))).toEqual({ initial: 9 });
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
