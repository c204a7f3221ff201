/**
 * Issue 10, items 5 and 11, run the way a user runs the CLI: the bundle dist/cli/index.js as a
 * child process (rebuild with `npm run build` first), its stdout on a full device, its traffic a
 * decompression bomb or a device.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { tempDir } from '../replay/helpers.js';
import { repoRoot, testOpaPath } from '../support/opa.js';
import { tiered } from '../support/sizes.js';

const CLI = join(repoRoot, 'dist/cli/index.js');
const HEAD = join(repoRoot, 'fixtures/example/policies/head.yaml');
const SAMPLE = join(repoRoot, 'fixtures/example/traffic/sample.jsonl.gz');
const tmp = tempDir('cli-hostile-');
// MiB of zeros in the decompression bomb: 1 GiB in the full tier; the quick one's 256 MiB, buffered
// whole, would still pass the memory bound several times over (sizes.ts).
const BOMB_MIB = tiered(1024, 256);
afterAll(() => tmp.cleanup());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Peak resident set of the whole process (threads included), in MiB. */
  maxRssMiB: number;
}

/** Runs the CLI with stdout to `stdoutPath` (a file or device) or a pipe; records its peak RSS. */
function cli(args: string[], stdoutPath?: string): Promise<Run> {
  const rssFile = tmp.file(`rss-${Math.random().toString(36).slice(2)}`);
  const hook = tmp.file('rss-hook.mjs');
  if (!existsSync(hook)) {
    writeFileSync(
      hook,
      `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)));\n`,
    );
  }
  return new Promise((resolve, reject) => {
    const out = stdoutPath === undefined ? 'pipe' : createWriteStream(stdoutPath);
    const start = () => {
      const child = spawn(process.execPath, ['--import', hook, CLI, ...args, '--opa', testOpaPath()], {
        cwd: repoRoot,
        env: { ...process.env, RSS_FILE: rssFile },
        stdio: ['ignore', out, 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => {
        if (typeof out !== 'string') out.close();
        const kb = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : NaN;
        resolve({ code, stdout, stderr, maxRssMiB: kb / 1024 });
      });
    };
    if (typeof out === 'string') start();
    else out.on('open', start);
  });
}

describe('the CLI against hostile output and input channels', () => {
  it('stdout on a full device: exit 2 with one line, not 1 and no stack trace (item 11)', async () => {
    const run = await cli(['replay', '--head', HEAD, '--traffic', SAMPLE], '/dev/full');
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^policy-replay: cannot write to standard output \(ENOSPC: no space left on device/,
      ),
    ]);
  });

  it('--traffic /dev/zero is refused at once with a clear error (item 11)', async () => {
    const run = await cli(['replay', '--head', HEAD, '--traffic', '/dev/zero']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^\/dev\/zero: is a device, not a traffic file/);
  });

  it(`a gzip of ${BOMB_MIB} MiB of zeros (about 1 KB a MiB): one malformed line, memory stays bounded (item 5)`, async () => {
    const bomb = tmp.file('bomb.jsonl.gz');
    await new Promise<void>((resolve, reject) => {
      const gzip = createGzip({ level: 9 });
      const file = createWriteStream(bomb);
      gzip.pipe(file).on('finish', resolve).on('error', reject);
      const zeros = Buffer.alloc(1 << 20);
      let left = BOMB_MIB;
      const pump = () => {
        while (left > 0) {
          left--;
          if (!gzip.write(zeros)) return void gzip.once('drain', pump);
        }
        gzip.end();
      };
      pump();
    });
    expect(readFileSync(bomb).length).toBeLessThan(1.1 * BOMB_MIB * 2 ** 10);
    for (const workers of ['0', '2']) {
      const run = await cli(['replay', '--head', HEAD, '--traffic', bomb, '--workers', workers]);
      expect(run.code).toBe(0);
      const result = JSON.parse(run.stdout).result as {
        evaluated: number;
        malformed: { count: number; examples: { line: number; reason: string }[] };
      };
      expect(result.evaluated).toBe(0);
      expect(result.malformed.count).toBe(1);
      expect(result.malformed.examples[0]!.reason).toMatch(/^longer than 1048576 bytes/);
      // Before the line cap the whole gigabyte was buffered (2.1 GB RSS).
      expect(run.maxRssMiB).toBeLessThan(300);
    }
  });
});
