import { createHash } from 'node:crypto';
import { sha256Canonical } from '../canonical/jcs.js';

/**
 * The impact digest (docs/review.md "The impact digest"): what an acceptance is bound to. SHA-256
 * of the canonical JSON of every judged policy (paths, status, the git blob ids of the base and the
 * judged head, the sample's and the manifests' digests, the set of changes, the errors) and the
 * effective configuration. Pure.
 */

export interface ImpactPolicy {
  path: string;
  previous_path: string | null;
  status: string;
  base_blob: string | null;
  head_blob: string | null;
  /** meta.traffic.sha256 of the replay; null when nothing was replayed. */
  sample_sha256: string | null;
  manifests_sha256: string | null;
  /** changeSetDigest.ts over every change; null when nothing was replayed. */
  changes_sha256: string | null;
  /** Problems that stopped the replay or the validation: their messages, sorted. */
  problems: string[];
}

export interface ImpactConfig {
  /** Canonical spellings, deduplicated and sorted: their order changes nothing. */
  fail_on: string[];
  limits: Record<string, number>;
  mode: string;
  unevaluable: string;
  /** The OPA that compiled both sides (null when none was needed). */
  opa_version?: string | null;
  /** How decision logs are read: which records are replayed. */
  decision_log?: Record<string, string | null>;
}

/** Bumped whenever what the digest covers changes, so an old acceptance never matches a new meaning. */
const IMPACT_FORMAT = 1;

export function impactDigest(policies: readonly ImpactPolicy[], config: ImpactConfig): string {
  const sorted = [...policies].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return sha256Canonical({ format: IMPACT_FORMAT, policies: sorted, config });
}

/** Git's object id of a blob with these bytes (SHA-1 of `blob <size>\0` and the bytes). */
export function gitBlobId(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\u0000`).update(bytes).digest('hex');
}

/** The 12 hex digits people see and type. */
export function shortDigest(digest: string): string {
  return digest.slice(0, 12);
}
