import { z } from 'zod';
import { formatPath, valueAtPath, type PathSegment } from '../document/path.js';
import { jsonSyntaxError, parseSource, type SourceDocument } from '../document/sourceDocument.js';
import { compareStrings } from '../canonical/compare.js';

/** The replay-runtime v2 manifest (docs/fidelity.md "The manifest"), strict: unknown keys are errors. */

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

/**
 * Manifests up to this many characters get exact positions for their problems; a larger invalid
 * manifest's problems are reported at its first line. Positions come from building a YAML
 * document, which costs about 100 bytes of memory and some microseconds per character: fine for
 * the rare invalid manifest, too much for every one.
 */
export const POSITIONED_MANIFEST_CHARS = 1024 * 1024;

/**
 * One manifest: `JSON.parse` and the schema first (fast, no positions); only a manifest with a
 * problem, or with a repeated key (which `JSON.parse` would silently resolve), is read a second
 * time to say where each problem is.
 */
function parseOne(text: string, file: string, firstLine: number): ManifestEntry {
  // A UTF-8 byte order mark is not JSON, but editors add it; skip it like Node's readers do.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const error = jsonSyntaxError(body) ?? { line: 1, column: 1, message: 'not JSON' };
    return {
      ok: false,
      file,
      line: firstLine,
      id: null,
      problems: [
        {
          file,
          path: '',
          line: firstLine + error.line - 1,
          column: error.column,
          message: `invalid JSON: ${error.message}`,
        },
      ],
    };
  }
  const result = manifestSchema.safeParse(value);
  const repeatedKeys = colonsOutsideStrings(body) !== memberCount(value);
  if (result.success && !repeatedKeys) return { ok: true, file, line: firstLine, manifest: result.data };

  const source = positionedSource(body);
  const at = (path: readonly PathSegment[], target: 'key' | 'value') => {
    if (source === null) return { line: firstLine, column: 1 };
    const position = source.positionOf(path, target);
    return { line: firstLine + position.line - 1, column: position.column };
  };
  const problems: ManifestProblem[] = [];
  if (repeatedKeys) {
    if (source === null) {
      problems.push({ file, path: '', ...at([], 'value'), message: 'a key is repeated in an object' });
    }
    for (const repeat of source?.duplicateKeys ?? []) {
      problems.push({
        file,
        path: formatPath(repeat.path),
        line: firstLine + repeat.line - 1,
        column: repeat.column,
        message: `duplicate key ${JSON.stringify(repeat.path[repeat.path.length - 1])}`,
      });
    }
  }
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(...issueProblems(issue, value, at, file));
  }
  problems.sort(compareProblems);
  return { ok: false, file, line: firstLine, id: readableId(value), problems };
}

/** The document that locates problems, for a manifest small enough (see POSITIONED_MANIFEST_CHARS). */
function positionedSource(text: string): SourceDocument | null {
  if (text.length > POSITIONED_MANIFEST_CHARS) return null;
  try {
    return parseSource(text, 'json', { duplicateKeys: 'list' });
  } catch {
    return null; // nesting deeper than the YAML reader's stack: problems stay at the first line
  }
}

/**
 * Colons outside strings: in valid JSON, exactly one per object member. More than the parsed
 * value holds means a repeated key that `JSON.parse` kept only once. One pass, no allocation.
 */
export function colonsOutsideStrings(text: string): number {
  let colons = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x3a) colons++;
  }
  return colons;
}

/** Object members in a parsed JSON value, counted without recursion (depth is the input's to choose). */
export function memberCount(value: unknown): number {
  let members = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else {
      for (const key of Object.keys(node)) {
        members++;
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return members;
}

function readableId(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as Record<string, unknown>).id;
  return typeof id === 'string' && id !== '' ? id : null;
}

function issueProblems(
  issue: z.core.$ZodIssue,
  root: unknown,
  at: (path: readonly PathSegment[], target: 'key' | 'value') => { line: number; column: number },
  file: string,
): ManifestProblem[] {
  const path = issue.path.filter((s): s is PathSegment => typeof s !== 'symbol');
  const problem = (where: PathSegment[], message: string, preferKey = false): ManifestProblem => ({
    file,
    path: formatPath(where),
    ...at(where, preferKey ? 'key' : 'value'),
    message,
  });

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
    return [problem(path, `expected ${issue.expected}, got ${describeType(valueAtPath(root, path))}`)];
  }
  if (issue.code === 'invalid_value') {
    const allowed = issue.values.map((v) => JSON.stringify(v));
    return [
      problem(path, allowed.length === 1 ? `must be ${allowed[0]}` : `must be one of ${allowed.join(', ')}`),
    ];
  }
  return [problem(path, issue.message)];
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
