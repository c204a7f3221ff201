/**
 * Runs the bundle `dist/index.js` (built from the current sources first: the e2e project's
 * globalSetup, __tests__/support/builtSetup.js) the way a GitHub runner does: a child process with
 * `INPUT_*` variables (hyphens kept, every input at its action.yml default unless overridden), an
 * event payload file, `GITHUB_OUTPUT` / `GITHUB_STEP_SUMMARY` files, and `GITHUB_API_URL` pointing
 * at the fake GitHub API served by this test process. Nothing from the host's own GitHub Actions
 * environment leaks into the child, so the suite behaves the same on a laptop and inside CI.
 */
import type { CoverageSection } from '../../src/replay/report/report.js';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { commit, initRepo, removeDir, tempDir } from '../git/gitRepo.js';
import { repoRoot, testOpaPath } from '../support/opa.js';

export const BUNDLE = join(repoRoot, 'dist/index.js');
/**
 * The Node binary that runs the bundle: $POLICY_REPLAY_E2E_NODE when set (.ci/run points it at
 * Node 24, the runtime action.yml declares), else the Node running the tests.
 */
export const ACTION_NODE = process.env.POLICY_REPLAY_E2E_NODE || process.execPath;
export const REPOSITORY = 'acme/policies';
export const MARKER = '<!-- policy-replay:comment -->';
export const TOKEN = 'ghs_e2e_fake_token';

const EXAMPLE = join(repoRoot, 'fixtures/example');
export const EXAMPLE_BASE_POLICY = readFileSync(join(EXAMPLE, 'policies/base.yaml'), 'utf8');
export const EXAMPLE_HEAD_POLICY = readFileSync(join(EXAMPLE, 'policies/head.yaml'), 'utf8');
export const EXAMPLE_MANIFESTS_DIR = join(EXAMPLE, 'traffic/sample.manifests');

const created: string[] = [];

/** A temp directory removed by `cleanupTempDirs`. */
export function scratchDir(prefix: string): string {
  const dir = tempDir(`e2e-${prefix}`);
  created.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  for (const dir of created.splice(0)) removeDir(dir);
}

/** The first `count` lines of the example's 6,000-record sample (generated, deterministic). */
export function exampleTrafficLines(count: number): string[] {
  const text = gunzipSync(readFileSync(join(EXAMPLE, 'traffic/sample.jsonl.gz'))).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .slice(0, count);
}

/** Manifest files of the example, as `traffic/<name>.manifests/<file>` entries for `commit`. */
export function exampleManifests(name: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (let turn = 0; turn < 40; turn++) {
    const file = `turn-${String(turn).padStart(4, '0')}.json`;
    files[`traffic/${name}.manifests/${file}`] = readFileSync(join(EXAMPLE_MANIFESTS_DIR, file), 'utf8');
  }
  return files;
}

/** Every input's default as action.yml declares it, the way the runner fills them in. */
export function actionDefaults(): Record<string, string> {
  const action = parseYaml(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
  };
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    const value = spec.default ?? '';
    inputs[name] = value === '${{ github.token }}' ? TOKEN : value;
  }
  return inputs;
}

/** A real git repository in a temp directory; each `commit` returns the new commit's sha. */
export class GitWorkspace {
  readonly dir: string;
  constructor(prefix: string) {
    this.dir = scratchDir(prefix);
    initRepo(this.dir);
  }
  commit(files: Record<string, string | null>, message: string): string {
    return commit(this.dir, files, message);
  }
  /** Writes a file without committing it (a sample downloaded by an earlier workflow step). */
  write(path: string, content: string): void {
    const full = join(this.dir, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
}

export interface PullRequestEventOptions {
  number: number;
  baseSha: string;
  headSha: string;
  private?: boolean;
  headRepo?: string;
}

export function pullRequestEvent(options: PullRequestEventOptions): Record<string, unknown> {
  return {
    action: 'synchronize',
    number: options.number,
    pull_request: {
      number: options.number,
      base: { sha: options.baseSha, ref: 'main', repo: { full_name: REPOSITORY } },
      head: { sha: options.headSha, ref: 'feature', repo: { full_name: options.headRepo ?? REPOSITORY } },
    },
    repository: {
      full_name: REPOSITORY,
      private: options.private ?? false,
      default_branch: 'main',
    },
  };
}

export function scheduleEvent(options: { private?: boolean } = {}): Record<string, unknown> {
  return {
    schedule: '17 3 * * *',
    repository: { full_name: REPOSITORY, private: options.private ?? false, default_branch: 'main' },
  };
}

export interface Annotation {
  kind: 'error' | 'warning' | 'notice';
  properties: Record<string, string>;
  message: string;
}

export interface ActionResult {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** The JSON report at the `report` output, when the output names an existing file. */
  report: RunReportJson | null;
  annotations: Annotation[];
  durationMs: number;
}

/** The parts of the run report the tests read. */
export interface RunReportJson {
  mode: string;
  verdict: string;
  failed: { rule: string; reason: string; policy?: string }[];
  policies: {
    path: string;
    status: string;
    no_traffic: boolean;
    errors: { file: string; line: number; column: number; path: string; message: string }[];
    report: {
      meta: { unevaluable_mode: string };
      result: {
        evaluated: number;
        changes_total: number;
        newly_allowed: number;
        unevaluable: number;
        unevaluable_by_reading: number;
        coverage?: CoverageSection | null;
      } | null;
    } | null;
    drift?: { result: { drift_total: number; newly_allowed: number; newly_denied: number } | null };
  }[];
}

export interface RunOptions {
  apiUrl: string;
  workspace: string;
  eventName: string;
  event: Record<string, unknown>;
  /** Overrides of the action.yml defaults, by input name (`max-changes`, …). */
  inputs?: Record<string, string>;
  /** Extra or replaced environment variables. */
  env?: Record<string, string>;
  runId?: string;
  sha?: string;
  /** RUNNER_TEMP, shared by the steps of one job; default a fresh directory per run. */
  runnerTemp?: string;
}

/** `name<<delimiter\nvalue\ndelimiter` blocks, as @actions/core writes them to GITHUB_OUTPUT. */
export function parseOutputsFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^<=]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] ?? '');
      if (i >= lines.length) throw new Error(`output '${name}' has no closing delimiter`);
      outputs[name] = value.join('\n');
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      outputs[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return outputs;
}

function unescapeCommand(text: string, property: boolean): string {
  let out = text.replace(/%0D/g, '\r').replace(/%0A/g, '\n');
  if (property) out = out.replace(/%3A/g, ':').replace(/%2C/g, ',');
  return out.replace(/%25/g, '%');
}

/** Workflow commands `::error file=…,line=…,col=…::message` on stdout. */
export function parseAnnotations(stdout: string): Annotation[] {
  const annotations: Annotation[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const m = /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!m) continue;
    const properties: Record<string, string> = {};
    for (const pair of (m[2] ?? '').split(',')) {
      const at = pair.indexOf('=');
      if (at > 0) properties[pair.slice(0, at)] = unescapeCommand(pair.slice(at + 1), true);
    }
    annotations.push({
      kind: m[1] as Annotation['kind'],
      properties,
      message: unescapeCommand(m[3] ?? '', false),
    });
  }
  return annotations;
}

/** The host's own runner variables must not reach the child (the suite may itself run in Actions). */
function hostEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(GITHUB_|INPUT_|RUNNER_|ACTIONS_|STATE_)/.test(key) || key === 'CI') continue;
    env[key] = value;
  }
  return env;
}

let runCounter = 0;

export async function runAction(options: RunOptions): Promise<ActionResult> {
  const runDir = scratchDir('run');
  const outputFile = join(runDir, 'github_output');
  const summaryFile = join(runDir, 'step_summary');
  const eventFile = join(runDir, 'event.json');
  const runnerTemp = options.runnerTemp ?? join(runDir, 'runner_temp');
  mkdirSync(runnerTemp, { recursive: true });
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  writeFileSync(eventFile, JSON.stringify(options.event, null, 2));

  const inputs = { ...actionDefaults(), 'opa-path': testOpaPath(), ...options.inputs };
  const env: Record<string, string> = {
    ...hostEnvironment(),
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_GRAPHQL_URL: `${options.apiUrl}/graphql`,
    GITHUB_REPOSITORY: REPOSITORY,
    GITHUB_REPOSITORY_OWNER: REPOSITORY.split('/')[0] ?? '',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_RUN_ID: options.runId ?? String(9000 + ++runCounter),
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_ACTOR: 'octo-dev',
    GITHUB_WORKFLOW: 'policy-replay',
    GITHUB_JOB: 'replay',
    // What a runner sets for a step that uses this Action without an id (unique per step).
    GITHUB_ACTION: '__acme_policy-replay',
    RUNNER_TEMP: runnerTemp,
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
  };
  if (options.sha) env.GITHUB_SHA = options.sha;
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  Object.assign(env, options.env);

  const started = Date.now();
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      const child = spawn(ACTION_NODE, [BUNDLE], { cwd: options.workspace, env, stdio: 'pipe' });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (exitCode) => {
        clearTimeout(timer);
        resolve({
          code: exitCode,
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8'),
        });
      });
    },
  );
  const durationMs = Date.now() - started;
  const outputs = parseOutputsFile(readFileSync(outputFile, 'utf8'));
  const reportPath = outputs.report;
  const report =
    reportPath !== undefined && reportPath !== '' && existsSync(reportPath)
      ? (JSON.parse(readFileSync(reportPath, 'utf8')) as RunReportJson)
      : null;
  return {
    code,
    stdout,
    stderr,
    outputs,
    summary: readFileSync(summaryFile, 'utf8'),
    report,
    annotations: parseAnnotations(stdout),
    durationMs,
  };
}

/** A one-line description of a run for assertion messages. */
export function describeRun(result: ActionResult): string {
  return `exit ${String(result.code)}\n--- stdout\n${result.stdout.slice(-4000)}\n--- stderr\n${result.stderr.slice(-2000)}`;
}

// ---------------------------------------------------------------------------------------------
// Small hand-made policies and records whose decisions are known by construction.

export interface SimpleRule {
  id: string;
  effect: 'allow' | 'deny';
  tools: string[];
}

/** A default-deny policy of tool rules: a request is allowed when an allow rule names its tool. */
export function toolPolicy(rules: SimpleRule[], defaultEffect: 'allow' | 'deny' = 'deny'): string {
  const lines = [`default_effect: ${defaultEffect}`, 'on_missing_context: ignore', 'rules:'];
  for (const rule of rules) {
    lines.push(
      `  - id: ${rule.id}`,
      `    effect: ${rule.effect}`,
      '    conditions:',
      '      - field: tool',
      '        operator: in',
      `        values: [${rule.tools.join(', ')}]`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface RecordOptions {
  id: string;
  tool: string;
  subject?: string;
  recorded?: 'allow' | 'deny';
  revision?: string;
  minute?: number;
}

/** One single-call `tools/call` record, complete (nothing unavailable). */
export function toolRecord(options: RecordOptions): string {
  const minute = options.minute ?? 0;
  const time = new Date(Date.UTC(2026, 10, 23, 9, 0, 0) + minute * 60_000).toISOString();
  const record: Record<string, unknown> = {
    request_id: options.id,
    occurred_at: time,
    ...(options.recorded ? { recorded_decision: options.recorded } : {}),
    ...(options.revision ? { policy_revision: options.revision } : {}),
    input: {
      request: {
        time,
        http: { method: 'POST', host: 'mcp.internal', path: '/mcp' },
        jsonrpc: { is_batch: false, unparsable_calls: 0 },
        mcp: {
          tool: options.tool,
          calls: [{ method: 'tools/call', tool: options.tool }],
          arguments: {},
        },
      },
      identity: {
        verified: true,
        subject: options.subject ?? 'alice',
        issuer: 'https://idp.example',
        attributes_resolved: true,
        groups: ['engineering'],
        tags: [],
        attributes: {},
        claims: {},
      },
    },
    unavailable: [],
  };
  return JSON.stringify(record);
}

export function jsonl(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}
