/**
 * policy-replay-engine for the Action (docs/rego.md "The Action"), in order: the `engine-path`
 * input; `$POLICY_REPLAY_ENGINE` or PATH (a workflow that installed it); the release asset of this
 * Action's version for the runner's platform, checked against the SHA-256 pinned in the sources
 * (engineRelease.ts) before it is made executable (a mismatch fails the run: never run it, never
 * fall back); else, when there is no such release (a branch, a fork), built with Go from this
 * Action's own `engine/` sources (`go` is on GitHub's hosted runners). Once per job, into the
 * runner's temp directory.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ENGINE_NAME, EngineMissingError, locateEngine } from '../regoPolicy/locateEngine.js';
import { isExecutableFile } from '../opa/locate.js';
import { ENGINE_ASSETS, engineAsset } from '../regoPolicy/engineRelease.js';
import { sha256OfFile } from '../canonical/sha256.js';
import { TOOL_VERSION } from '../version.js';
import * as tc from '@actions/tool-cache';
import { chmod, copyFile, mkdir, rm } from 'node:fs/promises';

const run = promisify(execFile);

/** The Action's checkout: dist/index.js lives one folder below it. */
function actionRoot(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..');
}

export interface EngineSettings {
  enginePath: string | null;
  /** Base of the release downloads (`{base}/v{version}/{asset}`); null: this Action's repository's. */
  engineDownloadUrl: string | null;
}

/** Where this Action's releases are: its repository on the server it runs on; null when unknown. */
function releasesOf(env: NodeJS.ProcessEnv): string | null {
  const repository = env.GITHUB_ACTION_REPOSITORY;
  if (repository === undefined || !/^[\w.-]+\/[\w.-]+$/.test(repository)) return null;
  return `${env.GITHUB_SERVER_URL ?? 'https://github.com'}/${repository}/releases/download`;
}

export async function obtainEngine(
  settings: EngineSettings,
  env: NodeJS.ProcessEnv,
  tempDir: string,
  log: (message: string) => void,
): Promise<string> {
  const input = settings.enginePath;
  try {
    return await locateEngine(input ?? undefined, env);
  } catch (error) {
    if (!(error instanceof EngineMissingError) || input !== null) throw error;
  }
  const built = join(tempDir, 'policy-replay-engine', ENGINE_NAME);
  if (await isExecutableFile(built)) return built;
  const base = settings.engineDownloadUrl ?? releasesOf(env);
  const asset = engineAsset(process.platform, process.arch);
  if (
    base !== null &&
    asset !== null &&
    (await downloaded(`${base}/v${TOOL_VERSION}/${asset}`, asset, built, log))
  )
    return built;
  const source = join(actionRoot(), 'engine');
  if (!existsSync(join(source, 'go.mod')))
    throw new EngineMissingError(
      `${ENGINE_NAME} not found, and no engine/ sources beside the Action to build it from`,
    );
  log(`building ${ENGINE_NAME} with go from ${source} (a minute or two, once per job)`);
  try {
    // The release's reproducible build (scripts/engine-release.mjs): the same binary as the asset.
    await run('go', ['build', '-trimpath', '-buildvcs=false', '-ldflags=-s -w -buildid=', '-o', built, '.'], {
      cwd: source,
      env: { ...env, CGO_ENABLED: '0', GOFLAGS: '-mod=readonly' },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 15 * 60_000,
    });
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new EngineMissingError(
      `${ENGINE_NAME} could not be built with go (set engine-path to a built one): ${(e.stderr ?? e.message).slice(-2000)}`,
    );
  }
  return built;
}

/**
 * The release asset at `url`, checked and installed at `target`: true when installed, false when
 * there is none to download (the caller builds one); a digest other than the pinned one throws.
 */
async function downloaded(
  url: string,
  asset: string,
  target: string,
  log: (m: string) => void,
): Promise<boolean> {
  let file: string;
  try {
    file = await tc.downloadTool(url);
  } catch (error) {
    log(`no ${asset} at ${url} (${(error as Error).message}): building the engine instead`);
    return false;
  }
  try {
    const digest = await sha256OfFile(file);
    if (digest !== ENGINE_ASSETS[asset])
      throw new EngineMissingError(
        `${url} has SHA-256 ${digest}, not the ${ENGINE_ASSETS[asset]} this Action pins for ${asset}: refusing to run it`,
      );
    await mkdir(dirname(target), { recursive: true });
    await copyFile(file, target);
    await chmod(target, 0o755);
    log(`${ENGINE_NAME} ${TOOL_VERSION} downloaded from ${url} (SHA-256 verified)`);
    return true;
  } finally {
    await rm(file, { force: true });
  }
}
