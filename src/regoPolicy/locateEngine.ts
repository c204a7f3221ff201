/**
 * Finds policy-replay-engine (docs/rego-engine.md): `--engine`, then `$POLICY_REPLAY_ENGINE`, then
 * PATH, then `.tools/bin` of the checkout this code runs from (where `npm run engine` builds it). A
 * binary named by the flag or the variable that is not an executable file is an error: running
 * another one instead would hide the choice.
 */
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isExecutableFile } from '../opa/locate.js';

export const ENGINE_NAME = 'policy-replay-engine';

export class EngineMissingError extends Error {
  override readonly name = 'EngineMissingError';
}

/** `.tools/bin` of the checkout: two folders up from src/regoPolicy, dist/cli or build/regoPolicy. */
function checkoutEngine(): string | null {
  try {
    const here = dirname(fileURLToPath(import.meta.url));
    return join(here, '..', '..', '.tools', 'bin', ENGINE_NAME);
  } catch {
    return null;
  }
}

export async function locateEngine(flag: string | undefined, env: NodeJS.ProcessEnv): Promise<string> {
  const named = [
    { label: '--engine', value: flag },
    { label: '$POLICY_REPLAY_ENGINE', value: env.POLICY_REPLAY_ENGINE },
  ].find((n) => n.value !== undefined && n.value !== '');
  if (named !== undefined) {
    const path = resolve(named.value!);
    if (await isExecutableFile(path)) return path;
    throw new EngineMissingError(
      `${ENGINE_NAME} not found at ${named.label} '${named.value}' (not an executable file)`,
    );
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter((d) => d !== '')) {
    const path = join(dir, ENGINE_NAME);
    if (await isExecutableFile(path)) return path;
  }
  const local = checkoutEngine();
  if (local !== null && (await isExecutableFile(local))) return local;
  throw new EngineMissingError(
    `${ENGINE_NAME} not found (looked at --engine, $POLICY_REPLAY_ENGINE, PATH, .tools/bin). ` +
      'It replays Rego policies; `npm run engine` builds it with Go (docs/rego-engine.md).',
  );
}
