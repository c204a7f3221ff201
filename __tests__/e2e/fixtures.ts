/**
 * The setup every e2e suite repeated: fake GitHub APIs that live as long as the suite, and a run of
 * the Action for a pull request or a schedule. harness.ts runs the bundle; this file only wires a
 * suite's fakes and events to it.
 */
import { afterAll } from '@jest/globals';
import {
  startFakeGitHub,
  type FakeGitHub,
  type FakeGitHubOptions,
  type FakePullFile,
} from '../support/fakeGithub.js';
import {
  GitWorkspace,
  REPOSITORY,
  cleanupTempDirs,
  jsonl,
  pullRequestEvent,
  runAction,
  scheduleEvent,
  toolPolicy,
  toolRecord,
  type ActionResult,
  type RunOptions,
} from './harness.js';

/** Default deny; reads allowed. The base of most suites' pull requests. */
export const READ_ONLY = toolPolicy([{ id: 'allow-read', effect: 'allow', tools: ['read_file'] }]);
/** READ_ONLY's rule allowing writes too: newly allows every write. */
export const READ_WRITE = toolPolicy([
  { id: 'allow-read', effect: 'allow', tools: ['read_file', 'write_file'] },
]);

/**
 * A repository of two policies (a and b), each with a sample of one read and one write a minute
 * later; the head commit lets both write, so each newly allows one request.
 */
export function twoPoliciesAllowingWrites(prefix: string): { ws: GitWorkspace; base: string; head: string } {
  const traffic = jsonl([
    toolRecord({ id: 'r1', tool: 'read_file' }),
    toolRecord({ id: 'r2', tool: 'write_file', minute: 1 }),
  ]);
  const ws = new GitWorkspace(prefix);
  const base = ws.commit(
    {
      'policies/a.yaml': READ_ONLY,
      'policies/b.yaml': READ_ONLY,
      'traffic/a.jsonl': traffic,
      'traffic/b.jsonl': traffic,
    },
    'base',
  );
  const head = ws.commit({ 'policies/a.yaml': READ_WRITE, 'policies/b.yaml': READ_WRITE }, 'allow writes');
  return { ws, base, head };
}

/**
 * Call once at the top of a suite (or of a describe): returns a starter of fake GitHub APIs, each
 * closed after the suite, when the suite's temp directories (harness.ts scratchDir) are removed too.
 */
export function suiteFakeGitHub(): (options?: FakeGitHubOptions) => Promise<FakeGitHub> {
  const servers: FakeGitHub[] = [];
  afterAll(async () => {
    await Promise.all(servers.splice(0).map((gh) => gh.close()));
    cleanupTempDirs();
  });
  return async (options = {}) => {
    const gh = await startFakeGitHub(options);
    servers.push(gh);
    return gh;
  };
}

/** The inputs, environment, runner and commit of a run: everything but the API, workspace and event. */
export type RunExtras = Partial<Omit<RunOptions, 'apiUrl' | 'workspace' | 'eventName' | 'event'>>;

export interface PullRequestRun {
  /** Default 7. */
  number?: number;
  baseSha: string;
  headSha: string;
  files: FakePullFile[];
  headRef?: string;
  /** The event's repository.private (default false: a public repository). */
  private?: boolean;
}

/** Registers the pull request with the fake API, then runs the Action for its pull_request event. */
export function runPullRequest(
  gh: FakeGitHub,
  workspace: GitWorkspace | string,
  pull: PullRequestRun,
  extras: RunExtras = {},
): Promise<ActionResult> {
  const number = pull.number ?? 7;
  const { baseSha, headSha } = pull;
  gh.state.addPull(REPOSITORY, {
    number,
    baseSha,
    headSha,
    files: pull.files,
    ...(pull.headRef === undefined ? {} : { headRef: pull.headRef }),
  });
  return runAction({
    apiUrl: gh.url,
    workspace: typeof workspace === 'string' ? workspace : workspace.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ number, baseSha, headSha, private: pull.private ?? false }),
    ...extras,
  });
}

/** Runs the Action as a scheduled workflow (drift mode) at `sha` of the workspace. */
export function runScheduled(
  gh: FakeGitHub,
  workspace: GitWorkspace | string,
  extras: RunExtras & { private?: boolean } = {},
): Promise<ActionResult> {
  const { private: isPrivate, ...rest } = extras;
  return runAction({
    apiUrl: gh.url,
    workspace: typeof workspace === 'string' ? workspace : workspace.dir,
    eventName: 'schedule',
    event: scheduleEvent(isPrivate === undefined ? {} : { private: isPrivate }),
    ...rest,
  });
}

/** `files` of a pull request, every one `modified`. */
export function modified(...paths: string[]): FakePullFile[] {
  return paths.map((filename) => ({ filename, status: 'modified' }));
}
