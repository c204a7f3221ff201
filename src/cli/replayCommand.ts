import { evaluateGate } from '../gate/gate.js';
import { reportToJson, type ReplayReport } from '../replay/report/report.js';
import { inertJson } from '../text/workflowCommands.js';
import { gateFactsOf } from '../gate/gateFacts.js';
import { renderReplayMarkdown } from '../render/markdown.js';
import { renderReplayText } from '../render/text.js';
import { EXIT, type CommandIO } from './io.js';
import { writeOutputFile } from './outputFiles.js';
import { REPLAY } from './commands.js';
import { parseCommandLine } from './options.js';
import { limitsFromFlags } from './limitFlags.js';
import {
  guardReportOutput,
  locateOpaUnlessInvalid,
  readPolicyFlag,
  replayWithProgress,
  sampleRunOptions,
  textColour,
} from './replayRun.js';
import { textWidth } from './textWidth.js';
import { policyKindOf, refuseRegoFlags, runRegoCommand } from './regoCommand.js';

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

export async function runReplayCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandLine(REPLAY, argv);
  const format = values.format;
  const failOn = values['fail-on'] ?? [];

  const kind = await policyKindOf(values['policy-kind'], [
    values.head,
    ...(values.base ? [values.base] : []),
  ]);
  if (kind === 'rego')
    return runRegoCommand(
      { mode: 'compare', head: values.head, base: values.base ?? null, failOn, failOnDrift: false },
      values,
      io,
    );
  refuseRegoFlags(values);
  const limits = limitsFromFlags(values);
  const head = await readPolicyFlag(values.head, limits.maxPolicyBytes);
  const base = values.base ? await readPolicyFlag(values.base, limits.maxPolicyBytes) : null;
  const opa = await locateOpaUnlessInvalid(values.opa, io, [head, base]);
  const out = values.out ? { role: '--out', path: values.out } : null;
  const witnesses = values.witnesses ? { role: '--witnesses', path: values.witnesses } : null;
  const policies = [
    { role: 'the head policy (--head)', path: values.head },
    values.base ? { role: 'the base policy (--base)', path: values.base } : null,
  ];
  const inputs = await guardReportOutput([out, witnesses], policies, values, io);
  const run = await replayWithProgress(
    {
      head,
      base,
      ...sampleRunOptions(values),
      ...(values.shard ? { shard: values.shard } : {}),
      opa,
      maxAttributionEdits: values['max-attribution-edits'],
      limits,
      coverage: { shape: values.shape, maxNodes: values['max-coverage-nodes'] },
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
  // The witnesses replay with this CLI as a sample of their own (docs/coverage.md).
  if (witnesses && run.witnesses !== null)
    await writeOutputFile(
      witnesses,
      run.witnesses.map((w) => `${inertJson(JSON.stringify(w))}\n`).join(''),
      inputs,
    );
  if (report.errors.length > 0) return EXIT.badInput;
  const verdict = evaluateGate(failOn, [gateFactsOf(report)]);
  for (const failure of verdict.failed) io.stderr(`fail-on: ${failure.reason}\n`);
  return verdict.verdict === 'fail' ? EXIT.thresholdCrossed : EXIT.ok;
}
