import { repositoryUrl, runUrl } from '../render/links.js';
import { readEventPayload } from './eventPayload.js';

/** What the runner tells the Action about this run, read once from the environment. */
export interface RunContext {
  eventName: string;
  event: Record<string, unknown>;
  owner: string;
  repo: string;
  workspace: string;
  apiUrl: string;
  serverUrl: string;
  runId: string | null;
  /** GITHUB_RUN_ATTEMPT: a re-run keeps the run id. */
  runAttempt: string | null;
  /** GITHUB_ACTION: which step of the job this is (a step's files are named after it). */
  step: string | null;
  sha: string | null;
  /** GITHUB_REF: the ref the run checked out (a drift run must be on the default branch). */
  ref: string | null;
  tempDir: string;
}

export class ContextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContextError';
  }
}

export function readRunContext(env: NodeJS.ProcessEnv): RunContext {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = repository.split('/');
  if (!owner || !repo) throw new ContextError(`GITHUB_REPOSITORY '${repository}' is not owner/name`);
  const payload = readEventPayload(env);
  if (!payload.ok) throw new ContextError(payload.message);
  const event = payload.event;
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    event,
    owner,
    repo,
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    apiUrl: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
    serverUrl: (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, ''),
    runId: env.GITHUB_RUN_ID ?? null,
    runAttempt: env.GITHUB_RUN_ATTEMPT ?? null,
    step: env.GITHUB_ACTION ?? null,
    sha: env.GITHUB_SHA ?? null,
    ref: env.GITHUB_REF ?? null,
    tempDir: env.RUNNER_TEMP ?? env.TMPDIR ?? '/tmp',
  };
}

/** The workflow run's page (this run's by default), or null when the runner gave no run id. */
export function workflowRunUrl(context: RunContext, runId: string | null = context.runId): string | null {
  return runUrl(repositoryUrl(context.serverUrl, context.owner, context.repo), runId);
}

export function pullRequestNumber(context: RunContext): number | null {
  const pr = context.event.pull_request as { number?: unknown } | undefined;
  const n = pr?.number ?? context.event.number;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}

/**
 * Why this run is not on the repository's default branch, or null when it is (or when the runner
 * does not say). The branch is GITHUB_REF, else the event's `ref` (workflow_dispatch carries it);
 * the default branch is the event's `repository.default_branch`.
 */
export function offDefaultBranch(context: RunContext): string | null {
  const eventRef = context.event.ref;
  const ref = context.ref ?? (typeof eventRef === 'string' ? eventRef : null);
  const repository = context.event.repository as { default_branch?: unknown } | undefined;
  const defaultBranch = repository?.default_branch;
  if (ref === null || typeof defaultBranch !== 'string' || defaultBranch === '') return null;
  if (ref === `refs/heads/${defaultBranch}`) return null;
  return `this run is on ${JSON.stringify(ref)}, not on the default branch ${JSON.stringify(defaultBranch)}`;
}

/**
 * The event's pull request comes from a fork: its token is read-only whatever the workflow asks,
 * so nothing is written for it (the fork recipe, docs/action.md "Fork pull requests").
 */
export function fromForkEvent(context: RunContext): boolean {
  const pr = context.event.pull_request as
    | { head?: { repo?: { full_name?: unknown } | null }; base?: { repo?: { full_name?: unknown } | null } }
    | undefined;
  const head = pr?.head?.repo?.full_name;
  const base = pr?.base?.repo?.full_name;
  return typeof head === 'string' && typeof base === 'string' && head !== base;
}
