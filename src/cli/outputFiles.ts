/**
 * The files a command writes (`--out`, `--out-rego`, `--out-wasm`). None may be a file the command
 * reads: `replay --traffic s.jsonl --out s.jsonl` would
 * replace the recorded sample with its own report. Every output is compared with every input
 * (and with the other outputs) before anything is written, by the file itself — device and inode
 * — and by its resolved real path, so `./x` and `x`, a symlink and its target, or two hard links
 * of one file are all the same file.
 */
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CommandError, terminalText } from './io.js';

/** A file named on the command line, and what it is to the command (`--out`, `traffic file`). */
export interface NamedFile {
  role: string;
  path: string;
}

/** Which file a path is. `dev`/`ino` are null for a file that does not exist (yet). */
export interface FileIdentity {
  dev: bigint | null;
  ino: bigint | null;
  realPath: string;
}

export interface IdentifiedFile extends NamedFile {
  id: FileIdentity;
}

/** An output that names an input, or another output: nothing is written (exit 2). */
export class OutputClashError extends CommandError {
  constructor(
    readonly output: NamedFile,
    readonly other: NamedFile,
    readonly otherIsOutput: boolean,
  ) {
    super(
      otherIsOutput
        ? `${output.role} ${output.path} and ${other.role} ${other.path} are the same file: give each output its own file; nothing was written`
        : `${output.role} ${output.path} is ${other.role} ${other.path}, one of this run's inputs: an output never overwrites an input, write it elsewhere; nothing was written`,
    );
    this.name = 'OutputClashError';
  }
}

/** Whether two identities name one file. */
export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
  if (a.dev !== null && a.ino !== null && a.dev === b.dev && a.ino === b.ino) return true;
  return a.realPath === b.realPath;
}

/** The first output that is an input or an earlier output, or null when every output is new. */
export function findClash(
  outputs: readonly IdentifiedFile[],
  inputs: readonly IdentifiedFile[],
): OutputClashError | null {
  for (const [i, output] of outputs.entries()) {
    const input = inputs.find((candidate) => sameFile(output.id, candidate.id));
    if (input) return new OutputClashError(output, input, false);
    const earlier = outputs.slice(0, i).find((candidate) => sameFile(output.id, candidate.id));
    if (earlier) return new OutputClashError(output, earlier, true);
  }
  return null;
}

/**
 * Which file `path` is, following symlinks as a read or write would. A path that names nothing
 * yet is known by where it would be created; null when not even its directory exists (the write
 * itself then fails, saying so).
 */
export async function identify(path: string): Promise<FileIdentity | null> {
  try {
    const info = await stat(path, { bigint: true });
    return { dev: info.dev, ino: info.ino, realPath: await realpath(path) };
  } catch {
    try {
      return { dev: null, ino: null, realPath: join(await realpath(dirname(resolve(path))), basename(path)) };
    } catch {
      return null;
    }
  }
}

async function identifyAll(files: readonly NamedFile[], existingOnly: boolean): Promise<IdentifiedFile[]> {
  const out: IdentifiedFile[] = [];
  for (const file of files) {
    const id = await identify(file.path);
    // An input that is not there is reported by the read that needs it.
    if (id !== null && (!existingOnly || id.dev !== null)) out.push({ ...file, id });
  }
  return out;
}

/**
 * Throws OutputClashError when an output names an input or another output; otherwise returns
 * the inputs as identified, for each write to check once more on the file it opened.
 */
export async function guardOutputs(
  outputs: readonly (NamedFile | null)[],
  inputs: readonly (NamedFile | null)[],
): Promise<IdentifiedFile[]> {
  const present = <T>(list: readonly (T | null)[]) => list.filter((item): item is T => item !== null);
  const identifiedInputs = await identifyAll(present(inputs), true);
  const clash = findClash(await identifyAll(present(outputs), false), identifiedInputs);
  if (clash) throw clash;
  return identifiedInputs;
}

function cannotWrite(path: string, error: unknown): CommandError {
  return new CommandError(
    `cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
  );
}

/**
 * Writes a command's output file; a path that cannot be written is a bad invocation. The file is
 * opened without truncating it and truncated only once the open file is known not to be one of
 * `inputs` (a path swapped for an input after guardOutputs looked). Text passes through
 * `inertText` as stdout does (runCli): a later step that prints the file (`cat report.txt`) must
 * not run a workflow command from a traffic value. JSON and Rego come out unchanged.
 */
export async function writeOutputFile(
  output: NamedFile,
  text: string | Uint8Array,
  inputs: readonly IdentifiedFile[],
): Promise<void> {
  let handle;
  try {
    handle = await open(output.path, constants.O_WRONLY | constants.O_CREAT, 0o666);
  } catch (error) {
    throw cannotWrite(output.path, error);
  }
  try {
    const info = await handle.stat({ bigint: true });
    const input = inputs.find((candidate) => candidate.id.dev === info.dev && candidate.id.ino === info.ino);
    if (input) throw new OutputClashError(output, input, false);
    // A pipe or a terminal (`--out /dev/stdout`) cannot be truncated, and needs not be.
    if (info.isFile()) await handle.truncate(0);
    // Text passes through terminalText as stdout does: a later step that prints the file must
    // neither run a workflow command from a traffic value nor show it reordered.
    await handle.writeFile(typeof text === 'string' ? terminalText(text) : text);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw cannotWrite(output.path, error);
  } finally {
    await handle.close();
  }
}
