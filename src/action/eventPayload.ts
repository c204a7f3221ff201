import { readFileSync } from 'node:fs';

/**
 * The webhook payload the runner saved at $GITHUB_EVENT_PATH. It must be a JSON object: a file
 * that is not JSON, or holds `null`, an array or a scalar, is a clear error naming the file, never
 * a stack trace. No path set means no payload (`{}`), as for a local run.
 */
export type EventPayloadResult =
  { ok: true; event: Record<string, unknown> } | { ok: false; message: string };

export function readEventPayload(env: NodeJS.ProcessEnv): EventPayloadResult {
  const path = env.GITHUB_EVENT_PATH;
  if (!path) return { ok: true, event: {} };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    return { ok: false, message: `cannot read the event payload ${path}: ${e.code ?? e.message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      message: `the event payload ${path} is not valid JSON (${(error as Error).message}); the runner writes it, so the workflow or runner is broken`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return { ok: false, message: `the event payload ${path} must be a JSON object, got ${got}` };
  }
  return { ok: true, event: value as Record<string, unknown> };
}
