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
  sha: string | null;
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
    sha: env.GITHUB_SHA ?? null,
    tempDir: env.RUNNER_TEMP ?? env.TMPDIR ?? '/tmp',
  };
}

export function pullRequestNumber(context: RunContext): number | null {
  const pr = context.event.pull_request as { number?: unknown } | undefined;
  const n = pr?.number ?? context.event.number;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}
