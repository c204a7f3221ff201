import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { expandPathTemplate } from './inputs.js';

/**
 * Where a policy's traffic sample and manifests live. Precedence: an entry in
 * `.policy-replay.yml`, then the `traffic`/`manifests` input templates, then the default layout
 * `policies/<name>.<ext>` ↔ `traffic/<name>.jsonl[.gz]` ↔ `traffic/<name>.manifests/`.
 */
export interface SampleLocation {
  traffic: string | null;
  manifests: string | null;
  /** The candidates looked at, for the "no traffic to replay" message. */
  looked: string[];
}

const mappingSchema = z.strictObject({
  policies: z.record(
    z.string(),
    z.strictObject({ traffic: z.string().optional(), manifests: z.string().optional() }),
  ),
});
export type SampleMapping = z.infer<typeof mappingSchema>;

export class MappingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MappingError';
  }
}

export function readSampleMapping(workspace: string): SampleMapping | null {
  const file = join(workspace, '.policy-replay.yml');
  if (!existsSync(file)) return null;
  const parsed = mappingSchema.safeParse(parseYaml(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new MappingError(
      `.policy-replay.yml is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(document)'}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

export function locateSample(
  workspace: string,
  policyPath: string,
  templates: { traffic: string | null; manifests: string | null },
  mapping: SampleMapping | null,
): SampleLocation {
  const mapped = mapping?.policies[policyPath];
  const name = expandPathTemplate('{name}', policyPath);
  const trafficCandidates = mapped?.traffic
    ? [mapped.traffic]
    : templates.traffic
      ? [expandPathTemplate(templates.traffic, policyPath)]
      : [`traffic/${name}.jsonl`, `traffic/${name}.jsonl.gz`, `traffic/${name}.json`];
  const manifestCandidates = mapped?.manifests
    ? [mapped.manifests]
    : templates.manifests
      ? [expandPathTemplate(templates.manifests, policyPath)]
      : [`traffic/${name}.manifests`];
  const isFile = (p: string) => existsSync(join(workspace, p)) && statSync(join(workspace, p)).isFile();
  const traffic = trafficCandidates.find(isFile) ?? null;
  const manifests = manifestCandidates.find((p) => existsSync(join(workspace, p))) ?? null;
  return { traffic, manifests, looked: trafficCandidates };
}
