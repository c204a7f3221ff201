import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { expandPathTemplate } from './inputs.js';

/**
 * Where a policy's traffic sample and manifests live. Precedence: an entry in
 * `.policy-replay.yml`, then the `traffic`/`manifests` input templates, then the default layout
 * `policies/<name>.<ext>` ↔ `traffic/<name>.jsonl[.gz]` ↔ `traffic/<name>.manifests/`.
 *
 * Paths from the mapping file are repository data, so they must stay inside the workspace
 * (no absolute paths, no `..`, no symlink leading out). Paths from the inputs are the workflow
 * author's and may be absolute, e.g. under `${{ runner.temp }}`.
 */
export interface SampleLocation {
  /** As shown in reports: workspace-relative, or absolute when the input said so. */
  traffic: string | null;
  manifests: string | null;
  /** The same, resolved for reading. */
  trafficFile: string | null;
  manifestsPath: string | null;
  /** The candidates looked at, for the "no traffic to replay" message. */
  looked: string[];
  /** Every candidate sample that exists (as shown); more than one is ambiguous (evidence.ts). */
  found: string[];
  /**
   * Every repository path the sample and manifests could be read from: each candidate, as written
   * and with symlinks resolved, relative to the workspace (candidates outside it are left out: a
   * pull request cannot write there). A manifests candidate may be a directory or a glob.
   */
  evidencePaths: { traffic: string[]; manifests: string[] };
}

const mappingSchema = z.strictObject({
  policies: z.record(
    z.string(),
    z.strictObject({ traffic: z.string().optional(), manifests: z.string().optional() }),
  ),
});
export type SampleMapping = z.infer<typeof mappingSchema>;

export const MAPPING_FILE = '.policy-replay.yml';

export class MappingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MappingError';
  }
}

/** Parses `.policy-replay.yml`; every path in it must be relative and stay in the repository. */
export function parseSampleMapping(text: string): SampleMapping {
  const parsed = mappingSchema.safeParse(parseYaml(text));
  if (!parsed.success) {
    throw new MappingError(
      `${MAPPING_FILE} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`).join('; ')}`,
    );
  }
  for (const [policy, entry] of Object.entries(parsed.data.policies)) {
    for (const path of [entry.traffic, entry.manifests]) {
      if (path !== undefined && (isAbsolute(path) || path.split(/[\\/]/).includes('..'))) {
        throw new MappingError(
          `${MAPPING_FILE}: ${JSON.stringify(path)} (for ${JSON.stringify(policy)}) must be a path inside the repository, without ".."`,
        );
      }
    }
  }
  return parsed.data;
}

/** The mapping in the checked-out workspace (drift runs: the default branch). */
export function readSampleMapping(workspace: string): SampleMapping | null {
  const file = join(workspace, MAPPING_FILE);
  if (!existsSync(file)) return null;
  return parseSampleMapping(readFileSync(file, 'utf8'));
}

/** Whether `path` (already joined to the workspace) really lies inside it, symlinks resolved. */
function insideWorkspace(workspace: string, path: string): boolean {
  try {
    const root = realpathSync(workspace);
    const real = realpathSync(path);
    const rel = relative(root, real);
    return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
  } catch {
    return false;
  }
}

export function locateSample(
  workspace: string,
  policyPath: string,
  templates: { traffic: string | null; manifests: string | null },
  mapping: SampleMapping | null,
): SampleLocation {
  const mapped = mapping?.policies[policyPath];
  const name = expandPathTemplate('{name}', policyPath);
  const fromMapping = (p: string) => ({ shown: p, file: resolve(workspace, p), contained: true });
  const fromInput = (p: string) => ({
    shown: p,
    file: isAbsolute(p) ? p : resolve(workspace, p),
    contained: false,
  });
  const trafficCandidates = mapped?.traffic
    ? [fromMapping(mapped.traffic)]
    : templates.traffic
      ? [fromInput(expandPathTemplate(templates.traffic, policyPath))]
      : [`traffic/${name}.jsonl`, `traffic/${name}.jsonl.gz`, `traffic/${name}.json`].map(fromMapping);
  const manifestCandidates = mapped?.manifests
    ? [fromMapping(mapped.manifests)]
    : templates.manifests
      ? [fromInput(expandPathTemplate(templates.manifests, policyPath))]
      : [fromMapping(`traffic/${name}.manifests`)];
  const usable = (c: { file: string; contained: boolean }) =>
    existsSync(c.file) && (!c.contained || insideWorkspace(workspace, c.file));
  const found = trafficCandidates.filter((c) => usable(c) && statSync(c.file).isFile());
  const traffic = found[0] ?? null;
  const manifests = manifestCandidates.find(usable) ?? null;
  const inRepository = (candidates: { file: string }[]) => [
    ...new Set(candidates.flatMap((c) => repositoryPaths(workspace, c.file))),
  ];
  return {
    traffic: traffic?.shown ?? null,
    manifests: manifests?.shown ?? null,
    trafficFile: traffic?.file ?? null,
    manifestsPath: manifests?.file ?? null,
    looked: trafficCandidates.map((c) => c.shown),
    found: found.map((c) => c.shown),
    evidencePaths: { traffic: inRepository(trafficCandidates), manifests: inRepository(manifestCandidates) },
  };
}

/**
 * `file` relative to the workspace, `/`-separated, as written and with the symlinks of its
 * nearest existing ancestor resolved (a base-branch symlink `traffic -> samples` makes
 * `samples/x.jsonl` a sample path too). Nothing for a path outside the workspace.
 */
function repositoryPaths(workspace: string, file: string): string[] {
  const paths: string[] = [];
  const add = (root: string, path: string) => {
    const rel = relative(root, path);
    if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return;
    paths.push(rel.split(sep).join('/'));
  };
  add(resolve(workspace), resolve(file));
  let root: string;
  try {
    root = realpathSync(workspace);
  } catch {
    return paths;
  }
  let existing = resolve(file);
  let rest = '';
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) return paths;
    rest = rest === '' ? basename(existing) : join(basename(existing), rest);
    existing = parent;
  }
  try {
    add(root, join(realpathSync(existing), rest));
  } catch {
    // unreadable: the path as written is already there
  }
  return paths;
}
