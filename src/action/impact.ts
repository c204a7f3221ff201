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
 * every change) travel in `PolicyOutcome.impact`, filled where the policy is replayed.
 */

export type ImpactParts = Pick<
  ImpactPolicy,
  'base_blob' | 'head_blob' | 'manifests_sha256' | 'changes_sha256'
>;

export function impactPartsOf(
  texts: { base: string | null; head: string | null },
  manifestsSha256: string | null,
  changesSha256: string | null,
): ImpactParts {
  return {
    base_blob: texts.base === null ? null : gitBlobId(texts.base),
    head_blob: texts.head === null ? null : gitBlobId(texts.head),
    manifests_sha256: manifestsSha256,
    changes_sha256: changesSha256,
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
  } catch (error) {
    // The replay reports the unreadable manifests itself; the digest still covers that they were.
    return sha256Canonical({ unreadable: (error as Error).message });
  }
}

function problemsOf(p: PolicyOutcome): string[] {
  const listed = [...p.errors, ...(p.base_errors ?? []), ...(p.blockers ?? [])];
  return listed.map((e) => `${e.file}:${e.line}:${e.column}: ${e.message}`).sort();
}

export function runImpactDigest(policies: readonly PolicyOutcome[], settings: Settings): string {
  return impactDigest(
    policies.map((p) => ({
      path: p.path,
      previous_path: p.previous_path,
      status: p.status,
      base_blob: p.impact?.base_blob ?? null,
      head_blob: p.impact?.head_blob ?? null,
      sample_sha256: p.report?.result ? p.report.meta.traffic.sha256 : null,
      manifests_sha256: p.impact?.manifests_sha256 ?? null,
      changes_sha256: p.impact?.changes_sha256 ?? null,
      problems: problemsOf(p),
    })),
    {
      fail_on: settings.failOn.map(ruleText),
      limits: { ...settings.limits },
      mode: 'pull-request',
      unevaluable: settings.unevaluable,
    },
  );
}
