import { describe, expect, it } from '@jest/globals';
import { runCli } from '../../src/cli/main.js';
import type { CommandIO } from '../../src/cli/io.js';
import { textWidth } from '../../src/cli/textWidth.js';

function io(options: { tty: boolean; columns?: number }): CommandIO {
  return {
    stdout: () => undefined,
    stderr: () => undefined,
    env: {},
    stdoutIsTTY: options.tty,
    stderrIsTTY: false,
    ...(options.columns !== undefined ? { stdoutColumns: options.columns } : {}),
  };
}

describe('the width of --format text', () => {
  it("is the terminal's on a TTY, else 120; --width overrides both", () => {
    expect(textWidth(undefined, io({ tty: true, columns: 97 }), false)).toBe(97);
    expect(textWidth(undefined, io({ tty: false, columns: 97 }), false)).toBe(120);
    expect(textWidth(undefined, io({ tty: true }), false)).toBe(120);
    expect(textWidth(60, io({ tty: true, columns: 97 }), false)).toBe(60);
    expect(textWidth(200, io({ tty: false }), false)).toBe(200);
  });

  it('is 120 for a report written to --out, and never under 40 on a tiny terminal', () => {
    expect(textWidth(undefined, io({ tty: true, columns: 97 }), true)).toBe(120);
    expect(textWidth(undefined, io({ tty: true, columns: 20 }), false)).toBe(40);
  });
});

describe('--width', () => {
  async function run(width: string): Promise<{ code: number; stderr: string }> {
    let stderr = '';
    const code = await runCli(
      [
        'replay',
        '--head',
        'missing.yaml',
        '--traffic',
        'missing.jsonl',
        '--format',
        'text',
        '--width',
        width,
      ],
      { ...io({ tty: false }), stderr: (t) => (stderr += t) },
    );
    return { code, stderr };
  }

  it.each(['39', '0', '80.5', '1e2', 'wide', '1001'])(
    "refuses '%s' as a bad invocation (exit 2) before reading anything",
    async (width) => {
      const { code, stderr } = await run(width);
      expect(code).toBe(2);
      expect(stderr).toContain(
        `Invalid --width '${width}'. Expected a whole number of columns from 40 to 1000.`,
      );
      expect(stderr).toContain('usage: policy-replay replay');
    },
  );

  it('is an option of replay, drift and merge', async () => {
    for (const command of ['replay', 'drift', 'merge']) {
      let stdout = '';
      await runCli([command, '--help'], { ...io({ tty: false }), stdout: (t) => (stdout += t) });
      expect(stdout).toMatch(/^ {2}--width N {2,}text: fit every line in N columns/m);
    }
  });
});
