/**
 * The coverage witnesses of a pull-request run (docs/coverage.md "Output"), beside the run report:
 * a directory `witnesses-<step>` in the same place, holding `<n>.jsonl` for the n-th policy of the
 * report's `policies` (from 1), one traffic record a line, so `policy-replay replay --traffic
 * <n>.jsonl` replays them against that policy's two versions. The directory is created anew, never
 * reused: like the report, one step's witnesses cannot be another step's.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WitnessRecord } from '../coverage/witness.js';
import { inertJson } from '../text/workflowCommands.js';
import { stepFileStem, StepFileExistsError, type StepIdentity } from './stepFiles.js';

/** Writes the witnesses of every policy that has some; null (nothing written) when none has. */
export async function writeWitnessFiles(
  dir: string,
  identity: StepIdentity,
  witnesses: readonly (readonly WitnessRecord[] | undefined)[],
): Promise<string | null> {
  if (!witnesses.some((w) => w !== undefined && w.length > 0)) return null;
  await mkdir(dir, { recursive: true });
  const into = join(dir, `witnesses-${stepFileStem(identity)}`);
  try {
    await mkdir(into);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StepFileExistsError(into);
    throw error;
  }
  for (const [i, list] of witnesses.entries()) {
    if (list === undefined || list.length === 0) continue;
    const text = list.map((w) => `${inertJson(JSON.stringify(w))}\n`).join('');
    await writeFile(join(into, `${i + 1}.jsonl`), text, { flag: 'wx' });
  }
  return into;
}
