/**
 * Runs the steps of a workflow file the way a GitHub runner would, for the README's recipes:
 *
 * - `uses: acme/policy-replay@…` runs the committed `dist/index.js` in a child process
 *   (runAction), its `with:` as inputs;
 * - `run:` runs with `bash --noprofile --norc -eo pipefail`, the step's `env:`, in the workspace,
 *   as the runner runs a shell step;
 * - `actions/checkout`, `actions/upload-artifact` and `actions/download-artifact` are GitHub's own
 *   actions and cannot run here: checkout is the test's git workspace, and an artifact is a
 *   directory copied into and out of an in-memory store (upload takes the contents of `path`,
 *   download extracts them into `path`, as v4 of both does).
 *
 * `${{ … }}` and `if:` support only the expressions the recipes use; anything else throws, so a
 * README edit the runner cannot follow fails the test instead of being skipped.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { runAction, scratchDir, type ActionResult } from './harness.js';

export interface WorkflowStep {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
}

export interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { if?: string; steps: WorkflowStep[] }>;
}

/** The ```yaml blocks of a markdown section, from its heading to the next heading of its level. */
export function yamlBlocksOfSection(markdown: string, heading: string): string[] {
  const level = /^#+/.exec(heading)![0].length;
  const blocks: string[] = [];
  let inSection = false;
  let fence: string[] | null = null;
  let yaml = false;
  for (const line of markdown.split('\n')) {
    if (fence !== null) {
      if (line.startsWith('```')) {
        if (inSection && yaml) blocks.push(`${fence.join('\n')}\n`);
        fence = null;
      } else fence.push(line);
      continue;
    }
    if (line.startsWith('```')) {
      fence = [];
      yaml = line === '```yaml';
      continue;
    }
    const h = /^(#+) /.exec(line);
    if (h && h[1]!.length <= level) inSection = line === heading;
  }
  if (blocks.length === 0) throw new Error(`no yaml block under '${heading}'`);
  return blocks;
}

export function parseWorkflow(text: string): Workflow {
  return parseYaml(text) as Workflow;
}

/** The values the recipes' expressions read; steps' outputs are added as steps run. */
export interface ExpressionContext {
  github: { token: string; event: Record<string, unknown> };
  runner: { temp: string };
  steps: Record<string, { outputs: Record<string, string> }>;
}

function lookup(path: string, context: ExpressionContext): string {
  const parts = path.split('.');
  let node: unknown = context;
  for (const part of parts) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) {
      // A step output that was never set reads as '' on a runner; any other unknown is a test gap.
      if (parts[0] === 'steps' && parts[2] === 'outputs' && parts.length === 4) return '';
      throw new Error(`expression '${path}' is not supported by this runner`);
    }
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') return String(node);
  throw new Error(`expression '${path}' is not a value`);
}

/** `${{ path.to.value }}` substitutions in a string. */
export function substitute(text: string, context: ExpressionContext): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    if (!/^[A-Za-z_][\w.-]*$/.test(expr))
      throw new Error(`expression '${expr}' is not supported by this runner`);
    return lookup(expr, context);
  });
}

/**
 * An `if:` condition: `&&` of `always()`, `success()`, `failure()`, or `<path> ==|!= '<text>'`.
 * Without `if:`, a step runs only while every earlier step succeeded, as on a runner.
 */
export function condition(expr: string | undefined, context: ExpressionContext, failed: boolean): boolean {
  if (expr === undefined) return !failed;
  const terms = expr
    .replace(/^\$\{\{\s*|\s*\}\}$/g, '')
    .split('&&')
    .map((t) => t.trim());
  const statusTerm = terms.some((t) => /^(always|success|failure)\(\)$/.test(t));
  const results = terms.map((term) => {
    if (term === 'always()') return true;
    if (term === 'success()') return !failed;
    if (term === 'failure()') return failed;
    const m = /^([A-Za-z_][\w.-]*)\s*(==|!=)\s*'([^']*)'$/.exec(term);
    if (!m) throw new Error(`condition '${term}' is not supported by this runner`);
    const value = lookup(m[1]!, context);
    return m[2] === '==' ? value === m[3] : value !== m[3];
  });
  // A condition without a status function implies success(), as GitHub documents.
  return results.every(Boolean) && (statusTerm || !failed);
}

export interface StepRecord {
  step: WorkflowStep;
  ran: boolean;
  ok: boolean;
  action?: ActionResult;
  shell?: { status: number | null; stdout: string; stderr: string };
}

export interface JobEnvironment {
  apiUrl: string;
  workspace: string;
  eventName: string;
  event: Record<string, unknown>;
  token: string;
  runId: string;
  /** Artifacts by name: the directory holding each one's files. */
  artifacts: Map<string, string>;
  /** The Action this README calls itself, e.g. `acme/policy-replay@v1`. */
  actionRef: RegExp;
}

/** Runs one job's steps in order and returns what each did. */
export async function runJob(
  steps: readonly WorkflowStep[],
  job: JobEnvironment,
): Promise<{ records: StepRecord[]; context: ExpressionContext }> {
  const runnerTemp = scratchDir('runner-temp');
  const context: ExpressionContext = {
    github: { token: job.token, event: job.event },
    runner: { temp: runnerTemp },
    steps: {},
  };
  const records: StepRecord[] = [];
  let failed = false;
  for (const step of steps) {
    if (!condition(step.if, context, failed)) {
      records.push({ step, ran: false, ok: true });
      continue;
    }
    const record = await runStep(step, job, context, runnerTemp);
    records.push(record);
    if (!record.ok) failed = true;
  }
  return { records, context };
}

async function runStep(
  step: WorkflowStep,
  job: JobEnvironment,
  context: ExpressionContext,
  runnerTemp: string,
): Promise<StepRecord> {
  const inputs = Object.fromEntries(
    Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v), context)]),
  );
  if (step.uses !== undefined && job.actionRef.test(step.uses)) {
    const action = await runAction({
      apiUrl: job.apiUrl,
      workspace: job.workspace,
      eventName: job.eventName,
      event: job.event,
      inputs,
      runId: job.runId,
      runnerTemp,
    });
    if (step.id) context.steps[step.id] = { outputs: action.outputs };
    return { step, ran: true, ok: action.code === 0, action };
  }
  if (step.uses?.startsWith('actions/checkout@')) return { step, ran: true, ok: true };
  if (step.uses?.startsWith('actions/upload-artifact@')) {
    const name = inputs.name!;
    const store = scratchDir('artifact');
    cpSync(join(job.workspace, inputs.path!), store, { recursive: true });
    job.artifacts.set(name, store);
    return { step, ran: true, ok: true };
  }
  if (step.uses?.startsWith('actions/download-artifact@')) {
    const store = job.artifacts.get(inputs.name!);
    if (store === undefined) return { step, ran: true, ok: false };
    const target = inputs.path ?? job.workspace;
    mkdirSync(target, { recursive: true });
    cpSync(store, target, { recursive: true });
    return { step, ran: true, ok: true };
  }
  if (step.run !== undefined) {
    const outputFile = join(scratchDir('step'), 'github_output');
    writeFileSync(outputFile, '');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? runnerTemp,
      GITHUB_WORKSPACE: job.workspace,
      GITHUB_OUTPUT: outputFile,
      RUNNER_TEMP: runnerTemp,
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = substitute(String(v), context);
    const shell = spawnSync(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', substitute(step.run, context)],
      {
        cwd: job.workspace,
        env,
        encoding: 'utf8',
      },
    );
    if (step.id) context.steps[step.id] = { outputs: parseOutputs(readFileSync(outputFile, 'utf8')) };
    return {
      step,
      ran: true,
      ok: shell.status === 0,
      shell: { status: shell.status, stdout: shell.stdout, stderr: shell.stderr },
    };
  }
  throw new Error(`step ${JSON.stringify(step.name ?? step.uses)} is not supported by this runner`);
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  return outputs;
}
