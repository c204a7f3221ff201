import { locateOpa, type LocatedOpa } from '../opa/locate.js';
import { formatProblem } from '../policy/problems.js';
import { evaluateGate } from '../gate/gate.js';
import {
  runReplay,
  readPolicySource,
  validateSources,
  type PolicySource,
  type RunReplayOptions,
  type RunReplayResult,
} from '../replay/run.js';
import { reportToJson, type ReplayReport } from '../replay/report/report.js';
import { gateFactsOf } from '../gate/gateFacts.js';
import { renderReplayMarkdown } from '../render/markdown.js';
import { renderReplayText } from '../render/text.js';
import { TrafficReadError } from '../traffic/reader.js';
import { BaseEvaluationError } from '../replay/replay.js';
import { parseDecisionLogOptions, type DecisionLogOptions } from '../traffic/decisionLog.js';
import { ManifestFileError } from '../fidelity/report.js';
import { CommandError, EXIT, type CommandIO } from './io.js';
import { guardOutputs, writeOutputFile } from './outputFiles.js';
import { opaInput, sampleInputFiles } from './sampleInputs.js';
import { progressReporter } from './progress.js';
import { REPLAY } from './commands.js';
import { parseCommandLine } from './options.js';
import { limitsFromFlags } from './limitFlags.js';
import { textWidth } from './textWidth.js';

export type ReportFormat = 'json' | 'markdown' | 'text';

export function renderReport(
  report: ReplayReport,
  format: ReportFormat,
  io: CommandIO,
  options: { redact?: boolean; width: number },
): string {
  if (format === 'json') return reportToJson(report);
  if (format === 'markdown') return renderReplayMarkdown(report, { redactSubjects: options.redact === true });
  return renderReplayText(report, { colour: textColour(io), width: options.width });
}

/** Colour on a terminal, unless NO_COLOR says otherwise. */
export function textColour(io: CommandIO): boolean {
  return io.stdoutIsTTY && !io.env.NO_COLOR;
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

/** The decision-log flags as options (each value was checked alone by its table entry). */
export function decisionLogOf(values: {
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

export async function runReplayCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandLine(REPLAY, argv);
  const format = values.format;
  const failOn = values['fail-on'] ?? [];

  const limits = limitsFromFlags(values);
  const readSource = async (file: string) => {
    try {
      return await readPolicySource(file, file, limits.maxPolicyBytes);
    } catch (error) {
      throw new CommandError(
        `cannot read policy ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  };
  const head = await readSource(values.head);
  const base = values.base ? await readSource(values.base) : null;
  const opa = await locateOpaUnlessInvalid(values.opa, io, [head, base]);
  const out = values.out ? { role: '--out', path: values.out } : null;
  const inputs = out
    ? await guardOutputs(
        [out],
        [
          { role: 'the head policy (--head)', path: values.head },
          values.base ? { role: 'the base policy (--base)', path: values.base } : null,
          ...(await sampleInputFiles(values.traffic, values.manifests ?? null)),
          await opaInput(values.opa, io.env),
        ],
      )
    : [];
  const run = await replayWithProgress(
    {
      head,
      base,
      trafficPath: values.traffic,
      decisionLog: decisionLogOf(values),
      manifests: values.manifests ?? null,
      since: values.since ?? null,
      limit: values.limit ?? null,
      maxChanges: values['max-changes'],
      unevaluable: values.unevaluable,
      ...(values.shard ? { shard: values.shard } : {}),
      opa,
      ...(values.workers !== undefined ? { workers: values.workers } : {}),
      maxGroups: values['max-groups'],
      limits,
    },
    io,
  );
  const { report } = run;
  if (report.errors.length > 0 && format !== 'json') {
    for (const e of report.errors)
      io.stderr(`${e.file}:${e.line}:${e.column}: error: ${e.path || '(document)'}: ${e.message}\n`);
  }
  const text = renderReport(report, format, io, {
    redact: values['redact-subjects'],
    width: textWidth(values.width, io, out !== null),
  });
  if (out) await writeOutputFile(out, text, inputs);
  else io.stdout(text);
  if (report.errors.length > 0) return EXIT.badInput;
  const verdict = evaluateGate(failOn, [gateFactsOf(report)]);
  for (const failure of verdict.failed) io.stderr(`fail-on: ${failure.reason}\n`);
  return verdict.verdict === 'fail' ? EXIT.thresholdCrossed : EXIT.ok;
}
