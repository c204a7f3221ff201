/**
 * The files one step of the Action writes (the run report, the comment file). A job may run the
 * Action several times, one configuration per step (each with its own `comment-id`), all sharing
 * RUNNER_TEMP: each step names its files after itself, and never replaces a file already there,
 * so one step's `report` output can never end up pointing at another step's policies.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Who is writing: the runner's GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT and GITHUB_ACTION, and `comment-id`. */
export interface StepIdentity {
  runId: string | null;
  runAttempt: string | null;
  /** GITHUB_ACTION: the step's id, or the action's name with a suffix per use; unique in a job. */
  step: string | null;
  commentId: string | null;
}

/** Longest encoded part of a name; longer ones keep a prefix and a hash of the whole part. */
const MAX_PART = 40;

/**
 * One part, made safe for a file name on any runner: letters, digits, `_` and `-` stay, every
 * other byte of its UTF-8 becomes `%XX`. Neither `.` nor `~` survive encoding, so they can
 * separate parts and mark a shortened one, and different identities never share a name.
 */
function encodePart(raw: string): string {
  let out = '';
  for (const byte of Buffer.from(raw, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (out.length <= MAX_PART) return out;
  const hash = createHash('sha256').update(raw, 'utf8').digest('hex').slice(0, 16);
  return `${out.slice(0, MAX_PART - 17).replace(/%[0-9A-F]?$/, '')}~${hash}`;
}

/**
 * The part of a file name that says which step wrote it: `<run>.<attempt>.<step>.<comment-id>`,
 * trailing empty parts left out (there are always four, so the name still reads back one way).
 * Off a runner, with no run id, the run is `local`.
 */
export function stepFileStem(identity: StepIdentity): string {
  const parts = [
    identity.runId ?? 'local',
    identity.runAttempt ?? '',
    identity.step ?? '',
    identity.commentId ?? '',
  ].map(encodePart);
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.join('.');
}

/** A step file that is already there: written by this very step before, or put there by someone else. */
export class StepFileExistsError extends Error {
  override readonly name = 'StepFileExistsError';
  constructor(readonly path: string) {
    super(
      `${path} already exists: the file of this step (run, attempt, step and comment-id) was written before; it is never overwritten. Give each use of the Action in a job its own step id or comment-id`,
    );
  }
}

/**
 * Creates `<dir>/<prefix>-<stem><suffix>` holding `content`; fails when any file (or symlink) is
 * already at that path rather than write through it.
 */
export async function createStepFile(
  dir: string,
  prefix: string,
  suffix: string,
  identity: StepIdentity,
  content: string,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${prefix}-${stepFileStem(identity)}${suffix}`);
  try {
    await writeFile(file, content, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new StepFileExistsError(file);
    throw error;
  }
  return file;
}
