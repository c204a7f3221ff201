/**
 * Which Node runs the bundle in the end-to-end suites. action.yml declares the runtime GitHub
 * starts the Action with; .ci/run runs these suites a second time with POLICY_REPLAY_E2E_NODE
 * naming that Node (the unit suites stay on the machine's Node), and this test proves it did.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { repoRoot } from '../support/opa.js';
import { ACTION_NODE } from './harness.js';

const declared = (
  parseYaml(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as { runs: { using: string } }
).runs.using;

describe('the Node that runs dist/index.js', () => {
  it('action.yml declares node24', () => {
    expect(declared).toBe('node24');
  });

  it('is the one POLICY_REPLAY_E2E_NODE names, and then the runtime action.yml declares', () => {
    const version = execFileSync(ACTION_NODE, ['--version'], { encoding: 'utf8' }).trim();
    process.stderr.write(`end-to-end suites run dist/index.js with ${ACTION_NODE} (${version})\n`);
    if (process.env.POLICY_REPLAY_E2E_NODE) {
      expect(ACTION_NODE).toBe(process.env.POLICY_REPLAY_E2E_NODE);
      expect(`node${/^v(\d+)\./.exec(version)![1]}`).toBe(declared);
    } else {
      expect(ACTION_NODE).toBe(process.execPath);
    }
  });
});
