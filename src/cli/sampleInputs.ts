import { ManifestFileError, resolveManifestFiles } from '../fidelity/report.js';
import { listSampleFiles } from '../traffic/sampleFiles.js';
import { TrafficReadError } from '../traffic/reader.js';
import { CommandError } from './io.js';
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

/** The `--opa` binary, when named: an output must not replace it either. */
export function opaInput(flag: string | undefined): NamedFile | null {
  return flag === undefined ? null : { role: 'the OPA binary (--opa)', path: flag };
}
