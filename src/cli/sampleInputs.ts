import { ManifestFileError, resolveManifestFiles } from '../fidelity/report.js';
import { listSampleFiles } from '../traffic/sampleFiles.js';
import { TrafficReadError } from '../traffic/reader.js';
import { CommandError } from './io.js';
import { findOpaOnPath } from '../opa/locate.js';
import type { NamedFile } from './outputFiles.js';

/**
 * Every file `replay` or `drift` reads besides its policies: each file of the sample (all that
 * its files, directories and globs name) and each manifest file, listed the way the replay lists
 * them. A path that names nothing is the same error the replay would give.
 */
export async function sampleInputFiles(
  traffic: readonly string[],
  manifests: string | null,
): Promise<NamedFile[]> {
  try {
    const files: NamedFile[] = (await listSampleFiles(traffic.map((p) => ({ shown: p, path: p })))).map(
      (file) => ({ role: 'the traffic file', path: file.path }),
    );
    if (manifests !== null)
      for (const path of await resolveManifestFiles(manifests)) files.push({ role: 'the manifest', path });
    return files;
  } catch (error) {
    if (error instanceof TrafficReadError || error instanceof ManifestFileError)
      throw new CommandError(error.message);
    throw error;
  }
}

/**
 * The OPA binary the command runs, found as `locateOpa` finds it (`--opa`, then `$OPA_PATH`, then
 * PATH): an output must not replace it either, however it was found. Null when there is none.
 */
export async function opaInput(flag: string | undefined, env: NodeJS.ProcessEnv): Promise<NamedFile | null> {
  if (flag !== undefined && flag !== '') return { role: 'the OPA binary (--opa)', path: flag };
  const fromEnv = env.OPA_PATH;
  if (fromEnv !== undefined && fromEnv !== '') return { role: 'the OPA binary ($OPA_PATH)', path: fromEnv };
  const onPath = await findOpaOnPath(env);
  return onPath === null ? null : { role: 'the OPA binary (found on PATH)', path: onPath };
}
