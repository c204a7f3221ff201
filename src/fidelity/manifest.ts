import { z } from 'zod';
import { formatPath, parseJsonWithPositions } from './json-positions.js';
import type { PathSegment, PositionIndex } from './json-positions.js';
import { compareStrings } from '../canonical/compare.js';

export { compareStrings };

/** The replay-runtime v2 manifest (`../shared/spec/fidelity.md`), strict: unknown keys are errors. */

export const MANIFEST_SCHEMA_ID = 'replay-runtime/v2';
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

const sha256Schema = z.string().regex(SHA256_PATTERN, 'must be a SHA-256 hash: 64 lowercase hex digits');

/** Any JSON value. Manifests come from our own JSON parser, so only "present" needs checking. */
const jsonValueSchema = z.custom<JsonValue>((value) => value !== undefined, {
  message: 'missing required key "value"',
});

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const EVIDENCE_STATES = ['value', 'hash', 'absent', 'unavailable'] as const;
export type EvidenceState = (typeof EVIDENCE_STATES)[number];

export const evidenceSchema = z.discriminatedUnion('state', [
  z.strictObject({ state: z.literal('value'), value: jsonValueSchema, sha256: sha256Schema.optional() }),
  z.strictObject({ state: z.literal('hash'), sha256: sha256Schema }),
  z.strictObject({ state: z.literal('absent') }),
  z.strictObject({ state: z.literal('unavailable') }),
]);
export type Evidence = z.infer<typeof evidenceSchema>;

const evidence = evidenceSchema.optional();

export const determinismSchema = z.strictObject({ guaranteed: z.boolean(), basis: z.string().optional() });
export type Determinism = z.infer<typeof determinismSchema>;

/** `execute` (tools) and `rerun` (retrieval) are synonyms; both words are accepted in both places. */
export const REPLAY_MODES = ['not_used', 'recorded_outputs', 'execute', 'rerun', 'unknown'] as const;
export type ReplayMode = (typeof REPLAY_MODES)[number];
const replayModeSchema = z.enum(REPLAY_MODES);

export const ISOLATION_VALUES = ['isolated', 'stubbed', 'live', 'unknown'] as const;
export type Isolation = (typeof ISOLATION_VALUES)[number];
const isolationValueSchema = z.enum(ISOLATION_VALUES);

export const CAPTURE_VALUES = ['native', 'mapped', 'unknown'] as const;
export type Capture = (typeof CAPTURE_VALUES)[number];

export const modelSectionSchema = z.strictObject({
  provider: evidence,
  deployment: evidence,
  parameters: evidence,
  seed: evidence,
  input: evidence,
  system_instructions: evidence,
  developer_instructions: evidence,
  determinism: determinismSchema.optional(),
});

export const toolCallSchema = z.strictObject({
  id: z.string().optional(),
  name: z.string().optional(),
  input: evidence,
  output: evidence,
});

export const toolsSectionSchema = z.strictObject({
  replay_mode: replayModeSchema.optional(),
  definitions: evidence,
  ledger_complete: z.boolean().optional(),
  calls: z.array(toolCallSchema).optional(),
  determinism: determinismSchema.optional(),
});

export const retrievalSectionSchema = z.strictObject({
  replay_mode: replayModeSchema.optional(),
  config: evidence,
  corpus: evidence,
  outputs: evidence,
  determinism: determinismSchema.optional(),
});

export const environmentSectionSchema = z.strictObject({
  code_version: evidence,
  runtime_version: evidence,
  dependency_lock: evidence,
  config_fingerprint: evidence,
  container: evidence,
});

export const isolationSectionSchema = z.strictObject({
  network: isolationValueSchema.optional(),
  filesystem: isolationValueSchema.optional(),
  external_services: isolationValueSchema.optional(),
  side_effects: isolationValueSchema.optional(),
});

export const sourceSectionSchema = z.strictObject({
  trace_id: evidence,
  span_id: evidence,
  capture: z.enum(CAPTURE_VALUES).optional(),
  provenance: evidence,
});

export const manifestSchema = z.strictObject({
  schema: z.literal(MANIFEST_SCHEMA_ID, { message: `must be "${MANIFEST_SCHEMA_ID}"` }),
  id: z.string().min(1, 'must be a non-empty string'),
  model: modelSectionSchema.optional(),
  tools: toolsSectionSchema.optional(),
  retrieval: retrievalSectionSchema.optional(),
  environment: environmentSectionSchema.optional(),
  isolation: isolationSectionSchema.optional(),
  source: sourceSectionSchema.optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** One problem with one manifest, at the line and column of the offending key or value. */
export interface ManifestProblem {
  file: string;
  path: string;
  line: number;
  column: number;
  message: string;
}

/** One manifest read from a file: valid, or invalid with every problem found. */
export type ManifestEntry =
  | { ok: true; file: string; line: number; manifest: Manifest }
  | {
      ok: false;
      file: string;
      line: number;
      /** The manifest's `id` when it is a readable string, so records can still be joined to it. */
      id: string | null;
      problems: ManifestProblem[];
    };

/** Files ending in `.jsonl` or `.ndjson` hold one manifest per line; anything else holds one. */
export function isJsonLines(file: string): boolean {
  return /\.(jsonl|ndjson)$/i.test(file);
}

/**
 * Parses and validates the text of one manifest file. `file` is used for reporting and to pick
 * the format. Never throws on bad content: every problem becomes a {@link ManifestProblem}.
 */
export function parseManifestText(text: string, file: string): ManifestEntry[] {
  if (!isJsonLines(file)) return [parseOne(text, file, 1)];
  const entries: ManifestEntry[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    entries.push(parseOne(line, file, index + 1));
  });
  return entries;
}

function parseOne(text: string, file: string, firstLine: number): ManifestEntry {
  const parsed = parseJsonWithPositions(text, firstLine);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    return {
      ok: false,
      file,
      line: firstLine,
      id: null,
      problems: [{ file, path: '', line, column, message: `invalid JSON: ${message}` }],
    };
  }
  const { value, positions, duplicates } = parsed;
  const problems: ManifestProblem[] = duplicates.map((duplicate) => ({
    file,
    path: formatPath(duplicate.path),
    line: duplicate.position.line,
    column: duplicate.position.column,
    message: `duplicate key ${JSON.stringify(duplicate.path[duplicate.path.length - 1])}`,
  }));
  const result = manifestSchema.safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(...issueProblems(issue, value, positions, file));
  }
  if (problems.length === 0 && result.success) {
    return { ok: true, file, line: firstLine, manifest: result.data };
  }
  problems.sort(compareProblems);
  return { ok: false, file, line: firstLine, id: readableId(value), problems };
}

function readableId(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as Record<string, unknown>).id;
  return typeof id === 'string' && id !== '' ? id : null;
}

function issueProblems(
  issue: z.core.$ZodIssue,
  root: unknown,
  positions: PositionIndex,
  file: string,
): ManifestProblem[] {
  const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
  const problem = (at: PathSegment[], message: string, preferKey = false): ManifestProblem => {
    const found = positions.nearest(at);
    const position = (preferKey ? found.positions.key : undefined) ?? found.positions.value;
    return { file, path: formatPath(at), line: position.line, column: position.column, message };
  };

  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => problem([...path, key], `unknown key ${JSON.stringify(key)}`, true));
  }
  const present = hasPath(root, path);
  if (!present) {
    // Reported at the object that lacks the key.
    const key = path[path.length - 1];
    return [problem(path, `missing required key ${JSON.stringify(String(key))}`)];
  }
  if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator === 'state') {
    return [problem(path, `must be one of ${EVIDENCE_STATES.map((s) => JSON.stringify(s)).join(', ')}`)];
  }
  if (issue.code === 'invalid_type') {
    return [problem(path, `expected ${issue.expected}, got ${describeType(valueAt(root, path))}`)];
  }
  if (issue.code === 'invalid_value') {
    const allowed = issue.values.map((v) => JSON.stringify(v));
    return [
      problem(path, allowed.length === 1 ? `must be ${allowed[0]}` : `must be one of ${allowed.join(', ')}`),
    ];
  }
  return [problem(path, issue.message)];
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

function hasPath(root: unknown, path: readonly PathSegment[]): boolean {
  let node = root;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) return false;
    if (!Object.prototype.hasOwnProperty.call(node, segment)) return false;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return true;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function compareProblems(a: ManifestProblem, b: ManifestProblem): number {
  return (
    compareStrings(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compareStrings(a.path, b.path) ||
    compareStrings(a.message, b.message)
  );
}
