/**
 * Reads a Rego policy from what `--base`/`--head` name (docs/rego.md "Inputs"): a bundle
 * directory (symbolic links followed, each folder once), a bundle `.tar.gz` as `opa build` writes
 * it, or one `.rego` file. Only the files a bundle is made of are read (`.rego`, data files, the
 * manifest, and `.wasm` to refuse it). Bounded: at most `maxFiles` such files and `maxBytes` of
 * them (decompressed), each past a clear problem, never a truncated policy.
 */
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PolicyProblem } from '../policy/problems.js';
import { tarEntries } from '../opa/tar.js';
import { bundleFromFiles, type BundleFile, type BundleResult } from './bundle.js';

export interface RegoReadLimits {
  maxFiles: number;
  maxBytes: number;
}

export const REGO_READ_LIMITS: RegoReadLimits = { maxFiles: 10_000, maxBytes: 256 * 1024 * 1024 };

const BUNDLE_FILE = /(^|\/)(?:[^/]+\.rego|data\.json|data\.ya?ml|\.manifest|[^/]+\.wasm)$/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

class ReadProblem extends Error {}

function failed(file: string, message: string): BundleResult {
  const problem: PolicyProblem = { file, path: '', line: 1, column: 1, message, severity: 'error' };
  return { ok: false, problems: [problem] };
}

/** Counts files and bytes against the limits as they are read. */
class Budget {
  private files = 0;
  private bytes = 0;
  constructor(private readonly limits: RegoReadLimits) {}
  take(size: number): void {
    if (++this.files > this.limits.maxFiles)
      throw new ReadProblem(`the policy has more than ${this.limits.maxFiles} bundle files`);
    this.bytes += size;
    if (this.bytes > this.limits.maxBytes)
      throw new ReadProblem(`the policy's files are larger than ${this.limits.maxBytes} bytes together`);
  }
}

function decode(path: string, bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ReadProblem(`${path} is not UTF-8 text`);
  }
}

async function readDirectory(root: string, budget: Budget): Promise<BundleFile[]> {
  const files: BundleFile[] = [];
  const seen = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    const real = await realpath(dir);
    if (seen.has(real)) return; // a link back up the tree, or a second way into a folder
    seen.add(real);
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const info = entry.isSymbolicLink() ? await stat(path).catch(() => null) : entry;
      if (info === null) continue; // a dangling link names no file
      if (info.isDirectory()) await walk(path);
      else if (info.isFile()) {
        const relativePath = relative(root, path).split(sep).join('/');
        if (!BUNDLE_FILE.test(relativePath)) continue;
        const bytes = await readFile(path);
        budget.take(bytes.length);
        files.push({ path: relativePath, text: decode(relativePath, bytes) });
      }
    }
  };
  await walk(root);
  return files;
}

function readArchive(archive: Uint8Array, limits: RegoReadLimits, budget: Budget): BundleFile[] {
  let tar: Buffer;
  try {
    tar = gunzipSync(archive, { maxOutputLength: limits.maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new ReadProblem(`the bundle decompresses to more than ${limits.maxBytes} bytes`);
    throw new ReadProblem(`the bundle is not gzip-compressed: ${(error as Error).message}`);
  }
  const files: BundleFile[] = [];
  for (const entry of tarEntries(tar)) {
    const path = entry.name.replace(/^(?:\.?\/)+/, '');
    if (!BUNDLE_FILE.test(path)) continue;
    budget.take(entry.data.length);
    files.push({ path, text: decode(path, entry.data) });
  }
  return files;
}

/** The policy at `path`; problems name files as `display` and the path inside it. */
export async function readRegoPolicy(
  path: string,
  display: string = path,
  limits: RegoReadLimits = REGO_READ_LIMITS,
): Promise<BundleResult> {
  const budget = new Budget(limits);
  try {
    const info = await stat(path);
    let files: BundleFile[];
    if (info.isDirectory()) files = await readDirectory(path, budget);
    else if (/\.(tar\.gz|tgz)$/.test(path)) files = readArchive(await readFile(path), limits, budget);
    else if (path.endsWith('.rego')) {
      const bytes = await readFile(path);
      budget.take(bytes.length);
      files = [{ path: basename(path), text: decode(basename(path), bytes) }];
    } else return failed(display, 'a Rego policy is a bundle directory, a bundle .tar.gz or a .rego file');
    const result = bundleFromFiles(files);
    if (result.ok) return result;
    // A bundle's problems name the file inside it; a lone file's name the file itself.
    const inside = (file: string): string =>
      file === '.' || path.endsWith('.rego') ? display : `${display}/${file}`;
    return { ok: false, problems: result.problems.map((p) => ({ ...p, file: inside(p.file) })) };
  } catch (error) {
    if (error instanceof ReadProblem) return failed(display, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined) return failed(display, `cannot read the policy: ${code}`);
    throw error;
  }
}
