import { toDriftReport } from '../replay/drift.js';
import { renderDriftText } from '../render/driftText.js';
import { reportToJson } from '../replay/report/report.js';
import { driftMarkdownSections } from '../render/driftMarkdown.js';
import { EXIT, type CommandIO } from './io.js';
import { writeOutputFile } from './outputFiles.js';
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
import { DRIFT } from './commands.js';
import { parseCommandLine } from './options.js';
import { policyKindOf, refuseRegoFlags, runRegoCommand } from './regoCommand.js';

/** Replays the saved policy against each record's recorded_decision (docs/report.md "The drift report"). */
export async function runDriftCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandLine(DRIFT, argv);
  const format = values.format;
  if ((await policyKindOf(values['policy-kind'], [values.policy])) === 'rego')
    return runRegoCommand(
      {
        mode: 'drift',
        head: values.policy,
        base: null,
        failOn: [],
        failOnDrift: values['fail-on-drift'] === true,
      },
      values,
      io,
    );
  refuseRegoFlags(values);
  const limits = limitsFromFlags(values);
  const policy = await readPolicyFlag(values.policy, limits.maxPolicyBytes);
  const opa = await locateOpaUnlessInvalid(values.opa, io, [policy]);
  const out = values.out ? { role: '--out', path: values.out } : null;
  const policies = [{ role: 'the policy (--policy)', path: values.policy }];
  const inputs = await guardReportOutput(out, policies, values, io);
  const run = await replayWithProgress(
    {
      head: policy,
      base: null,
      mode: 'drift',
      ...sampleRunOptions(values),
      opa,
      limits,
    },
    io,
  );
  const report = toDriftReport(run);
  let text: string;
  if (format === 'json') text = reportToJson(report);
  else if (format === 'markdown') text = `${driftMarkdownSections(report).join('\n\n')}\n`;
  else
    text = renderDriftText(report, {
      colour: textColour(io),
      width: textWidth(values.width, io, out !== null),
    });
  if (out) await writeOutputFile(out, text, inputs);
  else io.stdout(text);
  if (report.errors.length > 0) {
    if (format !== 'json')
      for (const e of report.errors)
        io.stderr(`${e.file}:${e.line}:${e.column}: error: ${e.path}: ${e.message}\n`);
    return EXIT.badInput;
  }
  return values['fail-on-drift'] && (report.result?.drift_total ?? 0) > 0 ? EXIT.thresholdCrossed : EXIT.ok;
}
