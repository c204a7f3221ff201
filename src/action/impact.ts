import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { sha256Canonical } from '../canonical/jcs.js';
import { sha256OfFile } from '../canonical/sha256.js';
import { impactDigest, gitBlobId, type ImpactPolicy } from '../acceptance/impactDigest.js';
import { resolveManifestFiles } from '../fidelity/report.js';
import { ruleText } from '../gate/gate.js';
import type { PolicyOutcome } from './runReport.js';
import type { Settings } from './settings.js';

/**
 * The run's impact digest (docs/review.md "The impact digest") from what each policy's replay
 * judged. The parts a replay report does not hold (the blob ids, the manifests' digest, the set of
 * every change, a blocked sample's bytes) travel in `PolicyOutcome.impact`, filled where the
 * policy is replayed.
 */

export type ImpactParts = Pick<
  ImpactPolicy,
  'base_blob' | 'head_blob' | 'manifests_sha256' | 'changes_sha256'
> & {
  /** The sample's bytes when no replay report holds its digest (a blocked sample). */
  sample_sha256: string | null;
};

export function impactPartsOf(
  texts: { base: string | null; head: string | null },
  digests: { manifests: string | null; changes: string | null; sample?: string | null },
): ImpactParts {
  return {
    base_blob: texts.base === null ? null : gitBlobId(texts.base),
    head_blob: texts.head === null ? null : gitBlobId(texts.head),
    manifests_sha256: digests.manifests,
    changes_sha256: digests.changes,
    sample_sha256: digests.sample ?? null,
  };
}

/** SHA-256 over the manifest files' names and digests, in the order the replay reads them. */
export async function manifestsDigest(path: string | null): Promise<string | null> {
  if (path === null) return null;
  try {
    const files = await resolveManifestFiles(path);
    const entries = [];
    for (const file of files) entries.push([basename(file), await sha256OfFile(file)]);
    return sha256Canonical(entries);
  } catch {
    // The replay reports the unreadable manifests itself; the digest says only that they were.
    return sha256Canonical({ unreadable: true });
  }
}

/** SHA-256 over the sample files' digests, in sample order; null when there is none. */
export async function sampleFilesDigest(files: readonly { path: string }[] | null): Promise<string | null> {
  if (files === null || files.length === 0) return null;
  const digests = [];
  for (const file of files) digests.push(await sha256OfFile(file.path).catch(() => 'unreadable'));
  return sha256Canonical(digests);
}

/**
 * A problem as the digest holds it: the places a run happens in (the workspace, the runner's and
 * the system's temp directories, a build's random directory) replaced by names, so a re-run of the
 * same commit gives the same digest.
 */
function stableText(text: string, places: readonly [string, string][]): string {
  let out = text;
  for (const [path, name] of places) if (path !== '') out = out.split(path).join(name);
  return out.replace(/policy-replay-[A-Za-z-]*?[A-Za-z0-9]{6}(?=[/\\\s'":)]|$)/g, 'policy-replay-…');
}

function problemsOf(p: PolicyOutcome, places: readonly [string, string][]): string[] {
  const listed = [...p.errors, ...(p.base_errors ?? []), ...(p.blockers ?? [])];
  return listed.map((e) => stableText(`${e.file}:${e.line}:${e.column}: ${e.message}`, places)).sort();
}

export function runImpactDigest(
  policies: readonly PolicyOutcome[],
  settings: Settings,
  run: { workspace: string; tempDir: string; opaVersion: string | null },
): string {
  const places: [string, string][] = [
    [run.workspace, '$WORKSPACE'],
    [run.tempDir, '$RUNNER_TEMP'],
    [tmpdir(), '$TMP'],
  ];
  return impactDigest(
    policies.map((p) => ({
      path: p.path,
      previous_path: p.previous_path,
      status: p.status,
      base_blob: p.impact?.base_blob ?? null,
      head_blob: p.impact?.head_blob ?? null,
      sample_sha256: p.report?.result ? p.report.meta.traffic.sha256 : (p.impact?.sample_sha256 ?? null),
      manifests_sha256: p.impact?.manifests_sha256 ?? null,
      changes_sha256: p.impact?.changes_sha256 ?? null,
      problems: problemsOf(p, places),
    })),
    {
      fail_on: [...new Set(settings.failOn.map(ruleText))].sort(),
      limits: { ...settings.limits },
      mode: 'pull-request',
      unevaluable: settings.unevaluable,
      opa_version: run.opaVersion,
      decision_log: {
        decision_path: settings.decisionPath,
        decision_field: settings.decisionField,
        bundle: settings.bundle,
        manifest_id_field: settings.manifestIdField,
      },
    },
  );
}
