import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  DecisionLogOptionError,
  parseDecisionLogOptions,
  type DecisionLogOptions,
} from '../traffic/decisionLog.js';
import { listSampleFiles, type SampleSource } from '../traffic/sampleFiles.js';
import { expandPathTemplate } from './inputPaths.js';
import type { Settings } from './settings.js';
import { boundedList } from '../text/listing.js';

/**
 * Where a policy's traffic sample and manifests live, and how its decision log is read.
 * Precedence: an entry in `.policy-replay.yml`, then the `traffic`/`manifests` input templates,
 * then the default layout `policies/<name>.<ext>` ↔ `traffic/<name>.jsonl[.gz]` ↔
 * `traffic/<name>.manifests/`. A sample may be a file, a directory or a glob (a mapping entry may
 * list several): every file they name, in sorted path order (docs/decision-logs.md). The
 * decision-log options come per option from the mapping entry, else from the inputs.
 *
 * Paths from the mapping file are repository data, so they must stay inside the workspace
 * (no absolute paths, no `..`, no file of a directory or glob leading out through a symlink).
 * Paths from the inputs are the workflow author's and may be absolute, e.g. under
 * `${{ runner.temp }}`.
 */
export interface SampleLocation {
  /** As shown in reports: workspace-relative, or absolute when the input said so (a list: `, `). */
  traffic: string | null;
  manifests: string | null;
  /** The sample's files: as shown, and resolved for reading. */
  trafficFiles: SampleSource[] | null;
  manifestsPath: string | null;
  /** Where the manifests were looked for (a missing one is said in the log, never silently). */
  manifestsLooked: string[];
  /** The candidates looked at, for the "no traffic to replay" message. */
  looked: string[];
  /** How this policy's decision log is read (docs/decision-logs.md). */
  decisionLog: DecisionLogOptions;
  /** Every candidate sample that exists (as shown); more than one is ambiguous (evidence.ts). */
  found: string[];
  /**
   * Every repository path the sample and manifests could be read from: each candidate, as written
   * and with symlinks resolved, relative to the workspace (candidates outside it are left out: a
   * pull request cannot write there). A manifests candidate may be a directory or a glob.
   */
  evidencePaths: { traffic: string[]; manifests: string[] };
}

const entrySchema = z.strictObject({
  traffic: z.union([z.string(), z.array(z.string()).min(1)]).optional(),
  manifests: z.string().optional(),
  'decision-path': z.string().optional(),
  'decision-field': z.string().optional(),
  bundle: z.string().optional(),
  'manifest-id-field': z.string().optional(),
  // A Rego bundle root (docs/rego.md "The Action"): the key is its directory.
  'policy-kind': z.enum(['rules', 'rego']).optional(),
  'deny-when-nonempty': z.boolean().optional(),
  'rego-version': z.enum(['v1', 'v0']).optional(),
});
const mappingSchema = z.strictObject({ policies: z.record(z.string(), entrySchema) });
export type SampleMapping = z.infer<typeof mappingSchema>;
type MappingEntry = z.infer<typeof entrySchema>;

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
      `${MAPPING_FILE} is invalid: ${boundedList(
        parsed.error.issues.map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`),
        '; ',
      )}`,
    );
  }
  for (const [policy, entry] of Object.entries(parsed.data.policies)) {
    const traffic = entry.traffic === undefined ? [] : [entry.traffic].flat();
    for (const path of [...traffic, entry.manifests]) {
      if (path !== undefined && (isAbsolute(path) || path.split(/[\\/]/).includes('..'))) {
        throw new MappingError(
          `${MAPPING_FILE}: ${JSON.stringify(path)} (for ${JSON.stringify(policy)}) must be a path inside the repository, without ".."`,
        );
      }
    }
    try {
      decisionLogOf(entry, null);
    } catch (error) {
      if (!(error instanceof DecisionLogOptionError)) throw error;
      throw new MappingError(`${MAPPING_FILE}: ${JSON.stringify(policy)}: ${error.message}`);
    }
  }
  return parsed.data;
}

/** The decision-log options of one policy: each from its mapping entry, else from the inputs. */
function decisionLogOf(
  entry: MappingEntry | undefined,
  settings: DecisionLogInputs | null,
): DecisionLogOptions {
  return parseDecisionLogOptions({
    decisionPath: entry?.['decision-path'] ?? settings?.decisionPath ?? null,
    decisionField: entry?.['decision-field'] ?? settings?.decisionField ?? null,
    bundle: entry?.bundle ?? settings?.bundle ?? null,
    manifestIdField: entry?.['manifest-id-field'] ?? settings?.manifestIdField ?? null,
  });
}

type DecisionLogInputs = Pick<Settings, 'decisionPath' | 'decisionField' | 'bundle' | 'manifestIdField'>;

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

interface Candidate {
  shown: string;
  file: string;
  /** From the mapping file: every file must stay inside the workspace. */
  contained: boolean;
  /** Built from the policy's file name: a name, never a pattern (sampleFiles.ts `literal`). */
  literal: boolean;
}

/** The files a candidate names, or null when it names none (or one leading out). */
async function filesOf(workspace: string, candidates: readonly Candidate[]): Promise<SampleSource[] | null> {
  let files: SampleSource[];
  try {
    files = await listSampleFiles(
      candidates.map((c) => ({ shown: c.shown, path: c.file, literal: c.literal })),
    );
  } catch {
    return null; // missing, a glob matching nothing, an empty directory: looked for, not found
  }
  const needsContainment = candidates.some((c) => c.contained);
  if (needsContainment && files.some((f) => !insideWorkspace(workspace, f.path))) return null;
  return files;
}

/**
 * An input template filled in with a policy's path. The policy's name only ever names files: in
 * a template without glob syntax the result is literal; in a template that is a pattern, a name
 * holding glob syntax could not be told apart from it, so that is an error rather than a guess.
 */
function fromTemplate(template: string, policyPath: string, input: 'traffic' | 'manifests') {
  const isPattern = picomatch.scan(template.replace(/\{(?:name|dir|path)\}/g, 'x')).isGlob;
  const filled = expandPathTemplate(template, policyPath);
  if (isPattern && picomatch.scan(expandPathTemplate('{path}', policyPath)).isGlob) {
    throw new MappingError(
      `the ${input} input ${JSON.stringify(template)} is a glob, and the policy path ${JSON.stringify(policyPath)} ` +
        'holds glob characters: its sample would be a pattern built from a file name. Rename the policy, ' +
        `or map its sample in ${MAPPING_FILE}`,
    );
  }
  return { path: filled, literal: !isPattern };
}

export async function locateSample(
  workspace: string,
  policyPath: string,
  settings: Pick<Settings, 'traffic' | 'manifests'> & DecisionLogInputs,
  mapping: SampleMapping | null,
): Promise<SampleLocation> {
  const mapped = mapping?.policies[policyPath];
  const name = expandPathTemplate('{name}', policyPath);
  const fromMapping = (p: string): Candidate => ({
    shown: p,
    file: resolve(workspace, p),
    contained: true,
    literal: false,
  });
  // The default layout is built from the policy's name: `policies/*.yaml` is one file.
  const fromLayout = (p: string): Candidate => ({ ...fromMapping(p), literal: true });
  const fromInput = (template: string, input: 'traffic' | 'manifests'): Candidate => {
    const { path: p, literal } = fromTemplate(template, policyPath, input);
    return { shown: p, file: isAbsolute(p) ? p : resolve(workspace, p), contained: false, literal };
  };
  // Each entry is one sample (a mapping list is one sample of several parts); the first usable wins.
  const trafficCandidates: Candidate[][] = mapped?.traffic
    ? [[mapped.traffic].flat().map(fromMapping)]
    : settings.traffic
      ? [[fromInput(settings.traffic, 'traffic')]]
      : [`traffic/${name}.jsonl`, `traffic/${name}.jsonl.gz`, `traffic/${name}.json`].map((p) => [
          fromLayout(p),
        ]);
  const manifestCandidates = mapped?.manifests
    ? [fromMapping(mapped.manifests)]
    : settings.manifests
      ? [fromInput(settings.manifests, 'manifests')]
      : [fromLayout(`traffic/${name}.manifests`)];
  const samples: { shown: string; files: SampleSource[] }[] = [];
  for (const candidate of trafficCandidates) {
    const files = await filesOf(workspace, candidate);
    // A mapping list of thousands of parts is named by its first five and a count wherever it is
    // shown (reports, TrafficReadError, log lines); `files` keeps every part for reading.
    if (files !== null) samples.push({ shown: boundedList(candidate.map((c) => c.shown)), files });
  }
  const traffic = samples[0] ?? null;
  const usable = (c: Candidate) => existsSync(c.file) && (!c.contained || insideWorkspace(workspace, c.file));
  const manifests = manifestCandidates.find(usable) ?? null;
  const inRepository = (candidates: { file: string }[]) => [
    ...new Set(candidates.flatMap((c) => repositoryPaths(workspace, c.file))),
  ];
  return {
    traffic: traffic?.shown ?? null,
    manifests: manifests?.shown ?? null,
    trafficFiles: traffic?.files ?? null,
    manifestsPath: manifests?.file ?? null,
    looked: trafficCandidates.flat().map((c) => c.shown),
    manifestsLooked: manifestCandidates.map((c) => c.shown),
    found: samples.map((c) => c.shown),
    // A directory or glob is everything under it (evidence.ts); a file in it that is a symlink
    // is also read from where it points.
    evidencePaths: {
      traffic: inRepository([
        ...trafficCandidates.flat(),
        ...(traffic?.files ?? []).map((f) => ({ file: f.path })),
      ]),
      manifests: inRepository(manifestCandidates),
    },
    decisionLog: decisionLogOf(mapped, settings),
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
