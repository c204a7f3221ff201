import { readdir, stat } from 'node:fs/promises';
import { join, posix, resolve } from 'node:path';
import picomatch from 'picomatch';
import { TrafficReadError } from './reader.js';

/**
 * Which files a traffic sample is (docs/decision-logs.md "Several files"): each `--traffic`
 * argument names a file, a directory or a glob; the sample is every file they name, once, in
 * sorted path order.
 *
 * Decisions:
 * - An existing path is taken literally even when it contains glob characters.
 * - A directory stands for every regular file under it, recursively, except names starting with
 *   `.` (editor and OS droppings such as `.DS_Store`); directory symlinks are not followed (no
 *   cycles), file symlinks are.
 * - A glob is matched against paths relative to its static base (`logs/*.gz` under `logs`);
 *   dotfiles match only when the pattern says so, dot-directories and `node_modules` are not
 *   entered.
 * - "Sorted" is code-unit order of the path as shown (`/`-separated), the order `file` fields of
 *   the report sort in too. Two arguments naming the same file name it once.
 * - A missing path, a glob matching nothing and a directory without files are errors: a sample
 *   that silently shrank to nothing would replay as "no changes".
 */

/** A path as the user (or the Action) shows it, and where to read it. */
export interface SampleSource {
  shown: string;
  path: string;
}

/** One file of the sample. */
export type SampleFile = SampleSource;

/** The most files one sample may have (report positions encode the file's index). */
export const MAX_SAMPLE_FILES = 1 << 20;

function compareShown(a: SampleFile, b: SampleFile): number {
  return a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0;
}

function toShown(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const normalized = posix.normalize(slashed);
  return normalized === '.' ? slashed : normalized;
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

async function walkDirectory(dir: SampleSource, out: SampleFile[]): Promise<void> {
  let dirents;
  try {
    dirents = await readdir(dir.path, { withFileTypes: true });
  } catch (error) {
    throw new TrafficReadError(dir.shown, `cannot list the directory: ${describe(error)}`);
  }
  for (const dirent of dirents) {
    if (dirent.name.startsWith('.')) continue;
    const child = {
      shown: `${dir.shown.replace(/\/+$/, '')}/${dirent.name}`,
      path: join(dir.path, dirent.name),
    };
    if (dirent.isDirectory()) await walkDirectory(child, out);
    else if (dirent.isFile()) out.push(child);
    else if (dirent.isSymbolicLink()) {
      const info = await stat(child.path).catch(() => null);
      if (info?.isFile()) out.push(child);
    }
  }
}

/**
 * The files a glob matches whose name `accept`s, sorted by the path as shown. The glob part is the
 * same in both spellings of `source`; only the base differs (workspace-relative as shown, absolute
 * as read). Directories starting with `.` and `node_modules` are not entered; a base that does not
 * exist matches nothing. Shared with `replay --manifests` (fidelity/report.ts).
 */
export async function globFiles(
  source: SampleSource,
  accept: (name: string) => boolean = () => true,
): Promise<SampleFile[]> {
  const read = picomatch.scan(source.path);
  const shown = picomatch.scan(toShown(source.shown));
  const isMatch = picomatch(read.glob);
  const root = `${read.prefix}${read.base}` || '.';
  const shownBase = `${shown.prefix}${shown.base}`.replace(/^\.\//, '').replace(/\/+$/, '');
  // picomatch.scan does not flag `**` without its scanToEnd option: look for it.
  const maxDepth = read.glob.includes('**') ? Infinity : read.glob.split('/').length;
  const out: SampleFile[] = [];
  const walk = async (dir: string, relative: string, depth: number): Promise<void> => {
    let dirents;
    try {
      dirents = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const dirent of dirents) {
      const candidate = relative === '' ? dirent.name : `${relative}/${dirent.name}`;
      const path = join(dir, dirent.name);
      if (dirent.isDirectory()) {
        if (depth < maxDepth && !dirent.name.startsWith('.') && dirent.name !== 'node_modules')
          await walk(path, candidate, depth + 1);
        continue;
      }
      const isFile = dirent.isSymbolicLink()
        ? ((await stat(path).catch(() => null))?.isFile() ?? false)
        : dirent.isFile();
      if (isFile && accept(dirent.name) && isMatch(candidate))
        out.push({ shown: shownBase === '' ? candidate : `${shownBase}/${candidate}`, path });
    }
  };
  await walk(root, '', 1);
  return out.sort(compareShown);
}

/**
 * A source to list. `literal`: the path is a name, never a pattern, even when it holds glob
 * characters (a path built from a policy's file name: `policies/*.yaml` is one file).
 */
export interface ListedSource extends SampleSource {
  literal?: boolean;
}

/** Every file the sources name, once, sorted by the path as shown. */
export async function listSampleFiles(sources: readonly ListedSource[]): Promise<SampleFile[]> {
  const found: SampleFile[] = [];
  for (const source of sources) {
    const before = found.length;
    let failure: unknown = null;
    const info = await stat(source.path).catch((error: unknown) => {
      failure = error;
      return null;
    });
    if (info !== null) {
      if (info.isDirectory()) {
        await walkDirectory({ shown: toShown(source.shown), path: source.path }, found);
        if (found.length === before) throw new TrafficReadError(source.shown, 'the directory holds no file');
      } else found.push({ shown: toShown(source.shown), path: source.path });
      continue;
    }
    if (source.literal === true || !picomatch.scan(source.shown).isGlob) {
      const code = (failure as NodeJS.ErrnoException | null)?.code;
      throw new TrafficReadError(source.shown, code === 'ENOENT' ? 'no such file' : describe(failure));
    }
    found.push(...(await globFiles(source)));
    if (found.length === before) throw new TrafficReadError(source.shown, 'the pattern matches no file');
  }
  const seen = new Set<string>();
  const files = found.sort(compareShown).filter((f) => {
    const key = resolve(f.path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (files.length > MAX_SAMPLE_FILES)
    throw new TrafficReadError(
      sources[0]?.shown ?? '',
      `the sample has ${files.length} files; at most ${MAX_SAMPLE_FILES} are read (concatenate some)`,
    );
  return files;
}
