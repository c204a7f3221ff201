/**
 * What the replay and drift commands share: their policy files read, OPA found, the sample flags as
 * runReplay's options, and the run itself with its progress and warnings (docs/cli.md).
 */
import { locateOpa, type LocatedOpa } from '../opa/locate.js';
import { formatProblem } from '../policy/problems.js';
import {
  runReplay,
  readPolicySource,
  validateSources,
  type PolicySource,
  type RunReplayOptions,
  type RunReplayResult,
} from '../replay/run.js';
import { TrafficReadError } from '../traffic/reader.js';
import { BaseEvaluationError } from '../replay/aggregator.js';
import { parseDecisionLogOptions, type DecisionLogOptions } from '../traffic/decisionLog.js';
import { ManifestFileError } from '../fidelity/report.js';
import { CommandError, type CommandIO } from './io.js';
import { guardOutputs, type IdentifiedFile, type NamedFile } from './outputFiles.js';
import { opaInput, sampleInputFiles } from './sampleInputs.js';
import { progressReporter } from './progress.js';

/** A policy file named by a flag; unreadable: a one-line error (exit 2). */
export async function readPolicyFlag(file: string, maxBytes: number): Promise<PolicySource> {
  try {
    return await readPolicySource(file, file, maxBytes);
  } catch (error) {
    throw new CommandError(
      `cannot read policy ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/**
 * OPA is found before anything is compiled; but an invalid policy is reported as such (exit 2)
 * even on a machine without OPA, since validation does not need it.
 */
export async function locateOpaUnlessInvalid(
  flag: string | undefined,
  io: CommandIO,
  sources: (PolicySource | null)[],
): Promise<LocatedOpa> {
  try {
    return await locateOpa({ flag, env: io.env, forBuild: true });
  } catch (error) {
    const problems = validateSources(...sources);
    if (problems.length === 0) throw error;
    for (const p of problems) io.stderr(`${formatProblem(p)}\n`);
    throw new CommandError(`${problems.length} problem(s) in the policy files; nothing replayed`);
  }
}

/**
 * The `--out` file (and `--witnesses`) checked against the run's inputs (its policies, sample, manifests and OPA)
 * before anything is replayed; the inputs as identified, or none without `--out`.
 */
export async function guardReportOutput(
  out: NamedFile | null | readonly (NamedFile | null)[],
  policies: readonly (NamedFile | null)[],
  values: { traffic: readonly string[]; manifests?: string | undefined; opa?: string | undefined },
  io: CommandIO,
): Promise<IdentifiedFile[]> {
  const outputs = (Array.isArray(out) ? out : [out]) as readonly (NamedFile | null)[];
  if (outputs.every((o) => o === null)) return [];
  return guardOutputs(outputs, [
    ...policies,
    ...(await sampleInputFiles(values.traffic, values.manifests ?? null)),
    await opaInput(values.opa, io.env),
  ]);
}

/** The decision-log flags as options (each value was checked alone by its table entry). */
function decisionLogOf(values: {
  'decision-path'?: string | undefined;
  'decision-field'?: string | undefined;
  bundle?: string | undefined;
  'manifest-id-field'?: string | undefined;
}): DecisionLogOptions {
  return parseDecisionLogOptions({
    decisionPath: values['decision-path'] ?? null,
    decisionField: values['decision-field'] ?? null,
    bundle: values.bundle ?? null,
    manifestIdField: values['manifest-id-field'] ?? null,
  });
}

/** The flags of the sample and of what the report keeps, as both commands parse them. */
export interface SampleFlags {
  traffic: readonly string[];
  manifests?: string | undefined;
  since?: string | undefined;
  limit?: number | undefined;
  'max-changes': number;
  'max-groups': number;
  unevaluable: NonNullable<RunReplayOptions['unevaluable']>;
  workers?: number | undefined;
  'decision-path'?: string | undefined;
  'decision-field'?: string | undefined;
  bundle?: string | undefined;
  'manifest-id-field'?: string | undefined;
}

/** The sample flags as runReplay's options. */
export function sampleRunOptions(
  values: SampleFlags,
): Pick<
  RunReplayOptions,
  | 'trafficPath'
  | 'decisionLog'
  | 'manifests'
  | 'since'
  | 'limit'
  | 'maxChanges'
  | 'maxGroups'
  | 'unevaluable'
  | 'workers'
> {
  return {
    trafficPath: values.traffic,
    decisionLog: decisionLogOf(values),
    manifests: values.manifests ?? null,
    since: values.since ?? null,
    limit: values.limit ?? null,
    maxChanges: values['max-changes'],
    maxGroups: values['max-groups'],
    unevaluable: values.unevaluable,
    ...(values.workers !== undefined ? { workers: values.workers } : {}),
  };
}

/**
 * runReplay for a command: a progress line on a terminal, warnings on stderr, and an unreadable
 * traffic or manifest file as a one-line error (exit 2).
 */
export async function replayWithProgress(
  options: Omit<RunReplayOptions, 'onProgress'>,
  io: CommandIO,
): Promise<RunReplayResult> {
  const progress = progressReporter(io);
  let run: RunReplayResult;
  try {
    run = await runReplay({ ...options, onProgress: (n) => progress.update(n) });
  } catch (error) {
    if (
      error instanceof TrafficReadError ||
      error instanceof ManifestFileError ||
      error instanceof BaseEvaluationError
    )
      throw new CommandError(error.message);
    throw error;
  } finally {
    progress.done();
  }
  for (const warning of run.warnings) io.stderr(`${formatProblem(warning)}\n`);
  // The report counts invalid manifests (graded unreplayable); where each problem is goes here.
  for (const p of run.manifestProblems)
    io.stderr(
      `${p.file}:${p.line}:${p.column}: warning: ${p.path || '(document)'}: invalid manifest: ${p.message}\n`,
    );
  return run;
}

/** Colour on a terminal, unless NO_COLOR says otherwise. */
export function textColour(io: CommandIO): boolean {
  return io.stdoutIsTTY && !io.env.NO_COLOR;
}
