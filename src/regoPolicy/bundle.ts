/**
 * A Rego policy as OPA loads a bundle (docs/rego.md "Inputs"): every `.rego` file is a module, a
 * file named `data.json` or `data.yaml` (`.yml`) is placed in the data document at its folder's
 * path (`org/data.json` is `data.org`), and `.manifest` gives the roots, the Rego version and the
 * revision. Pure: the files are read by readRegoPolicy.ts. Numbers in data keep their exact value.
 */
import { parse } from 'yaml';
import { MAX_ALIAS_COUNT, parseSource } from '../document/sourceDocument.js';
import type { PolicyProblem } from '../policy/problems.js';
import { ExactJsonError, ExactNumber, parseExactJson, stringifyExact, type ExactValue } from './exactJson.js';
import type { RegoVersion } from './engineProcess.js';

export interface BundleFile {
  /** Slash-separated, relative to the bundle's root, no leading `./` or `/`. */
  readonly path: string;
  readonly text: string;
}

export interface RegoBundle {
  /** Module file name (its path in the bundle) → Rego text, sorted by path. */
  readonly modules: Record<string, string>;
  /** The data document, as exact JSON text. */
  readonly data: string;
  /** The manifest's roots; null without a manifest or without `roots` (everything). */
  readonly roots: readonly string[] | null;
  /** The manifest's `rego_version`; null when it says none. */
  readonly regoVersion: RegoVersion | null;
  readonly revision: string | null;
}

export type BundleResult = { ok: true; bundle: RegoBundle } | { ok: false; problems: PolicyProblem[] };

type DataObject = { [key: string]: ExactValue };

const DATA_FILE = /(^|\/)data\.(json|ya?ml)$/;

function problem(file: string, message: string, line = 1, column = 1): PolicyProblem {
  return { file, path: '', line, column, message, severity: 'error' };
}

/** 1-based line and column of a 0-based offset. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function toExact(value: unknown): ExactValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return new ExactNumber(value.toString());
  if (typeof value === 'number')
    return new ExactNumber(Number.isInteger(value) ? value.toFixed(0) : String(value));
  if (Array.isArray(value)) return value.map(toExact);
  if (typeof value === 'object') {
    const out: DataObject = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      Object.defineProperty(out, k, {
        value: toExact(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  // Dates and other YAML-only types are not JSON: refused by the caller's check.
  throw new TypeError(`not a JSON value: ${typeof value}`);
}

function parseData(file: BundleFile): { value: ExactValue } | { problem: PolicyProblem } {
  if (file.path.endsWith('.json')) {
    try {
      return { value: parseExactJson(file.text) };
    } catch (error) {
      if (!(error instanceof ExactJsonError)) throw error;
      const at = position(file.text, error.offset);
      return { problem: problem(file.path, `invalid JSON: ${error.reason}`, at.line, at.column) };
    }
  }
  const doc = parseSource(file.text, 'yaml');
  const first = doc.syntaxErrors[0];
  if (first)
    return { problem: problem(file.path, `invalid YAML: ${first.message}`, first.line, first.column) };
  try {
    // Read again for the value, with integers as exact as the JSON files' (positions come from above).
    return { value: toExact(parse(file.text, { intAsBigInt: true, maxAliasCount: MAX_ALIAS_COUNT })) };
  } catch (error) {
    return { problem: problem(file.path, `data must be JSON values: ${(error as Error).message}`) };
  }
}

const isObject = (v: ExactValue | undefined): v is DataObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof ExactNumber);

/** Sets an own property, a key named `__proto__` included. */
function setOwn(into: DataObject, key: string, value: ExactValue): void {
  Object.defineProperty(into, key, { value, enumerable: true, writable: true, configurable: true });
}

const own = (o: DataObject, key: string): ExactValue | undefined =>
  Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;

/** Merges object `value`'s members into `into`; returns the first path given twice, or null. */
function merge(into: DataObject, value: DataObject, at: readonly string[]): string | null {
  for (const [k, v] of Object.entries(value)) {
    const existing = own(into, k);
    if (existing === undefined) setOwn(into, k, v);
    else if (isObject(existing) && isObject(v)) {
      const conflict = merge(existing, v, [...at, k]);
      if (conflict !== null) return conflict;
    } else return [...at, k].join('/');
  }
  return null;
}

/**
 * Places a data file's value at its folder's path; returns the path given twice (or a folder whose
 * data is not an object), or null. Only a folder's file may hold a value other than an object.
 */
function place(data: DataObject, folder: readonly string[], value: ExactValue): string | null {
  if (folder.length === 0) return isObject(value) ? merge(data, value, []) : null;
  let node = data;
  for (const [i, key] of folder.slice(0, -1).entries()) {
    const next = own(node, key) ?? {};
    if (!isObject(next)) return folder.slice(0, i + 1).join('/');
    setOwn(node, key, next);
    node = next;
  }
  const last = folder[folder.length - 1]!;
  const existing = own(node, last);
  if (existing === undefined) {
    setOwn(node, last, value);
    return null;
  }
  if (isObject(existing) && isObject(value)) return merge(existing, value, folder);
  return folder.join('/');
}

interface Manifest {
  roots: string[] | null;
  regoVersion: RegoVersion | null;
  revision: string | null;
}

function parseManifest(file: BundleFile): { manifest: Manifest } | { problem: PolicyProblem } {
  let value: unknown;
  try {
    value = JSON.parse(file.text);
  } catch (error) {
    return { problem: problem(file.path, `the manifest is not JSON: ${(error as Error).message}`) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: problem(file.path, 'the manifest must be a JSON object') };
  const m = value as Record<string, unknown>;
  const roots = m.roots;
  if (roots !== undefined && !(Array.isArray(roots) && roots.every((r) => typeof r === 'string')))
    return { problem: problem(file.path, '`roots` must be an array of strings') };
  const version = m.rego_version;
  if (version !== undefined && version !== 0 && version !== 1)
    return { problem: problem(file.path, '`rego_version` must be 0 or 1') };
  if (m.file_rego_versions !== undefined)
    return {
      problem: problem(file.path, '`file_rego_versions` is not supported: give every file one Rego version'),
    };
  const revision = m.revision;
  return {
    manifest: {
      roots: roots === undefined ? null : (roots as string[]).map((r) => r.replace(/^\/+|\/+$/g, '')),
      regoVersion: version === undefined ? null : version === 0 ? 'v0' : 'v1',
      revision: typeof revision === 'string' ? revision : null,
    },
  };
}

/** The package of a module, as a slash path (`package httpapi.authz` → `httpapi/authz`); null when none is found. */
export function packagePath(text: string): string | null {
  const m = /^[ \t]*package[ \t]+([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)[ \t]*(?:#.*)?$/m.exec(text);
  return m ? m[1]!.split('.').join('/') : null;
}

const underRoot = (path: string, roots: readonly string[]): boolean =>
  roots.some((root) => root === '' || path === root || path.startsWith(`${root}/`));

/** A bundle from its files; every problem found, each located. */
export function bundleFromFiles(files: readonly BundleFile[]): BundleResult {
  const problems: PolicyProblem[] = [];
  const modules: Record<string, string> = {};
  const data: DataObject = {};
  let manifest: Manifest = { roots: null, regoVersion: null, revision: null };
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifestFile = sorted.find((f) => f.path === '.manifest');
  if (manifestFile) {
    const parsed = parseManifest(manifestFile);
    if ('problem' in parsed) problems.push(parsed.problem);
    else manifest = parsed.manifest;
  }
  for (const file of sorted) {
    if (file.path.endsWith('.wasm'))
      problems.push(
        problem(
          file.path,
          'a compiled WebAssembly module holds no Rego to replay; give the bundle its .rego files',
        ),
      );
    else if (file.path.endsWith('.rego')) modules[file.path] = file.text;
    else if (DATA_FILE.test(file.path)) {
      const parsed = parseData(file);
      if ('problem' in parsed) {
        problems.push(parsed.problem);
        continue;
      }
      const folder = file.path.split('/').slice(0, -1);
      if (folder.length === 0 && !isObject(parsed.value)) {
        problems.push(problem(file.path, 'the data file at the root of a bundle must hold an object'));
        continue;
      }
      const conflict = place(data, folder, parsed.value);
      if (conflict !== null) problems.push(problem(file.path, `the data at ${conflict} is given twice`));
      if (manifest.roots !== null && folder.length > 0 && !underRoot(folder.join('/'), manifest.roots))
        problems.push(
          problem(
            file.path,
            `data at ${folder.join('/')} is outside the manifest's roots (${manifest.roots.join(', ')})`,
          ),
        );
    }
  }
  if (Object.keys(modules).length === 0)
    problems.push(problem('.', 'no .rego file: a Rego policy needs at least one module'));
  if (manifest.roots !== null)
    for (const [path, text] of Object.entries(modules)) {
      const pkg = packagePath(text);
      if (pkg !== null && !underRoot(pkg, manifest.roots))
        problems.push(
          problem(
            path,
            `package ${pkg.split('/').join('.')} is outside the manifest's roots (${manifest.roots.join(', ')})`,
          ),
        );
    }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, bundle: { modules, data: stringifyExact(data), ...manifest } };
}
