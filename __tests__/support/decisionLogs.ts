import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { repoRoot } from './opa.js';

/** The committed decision-log example: upload bodies written by the real OPA. */
export const EXAMPLE_UPLOADS = join(repoRoot, 'fixtures/example-decision-logs/uploads');

export type DecisionEvent = Record<string, unknown>;

/** Every event of the committed uploads, in sample order. */
export function exampleDecisionEvents(): DecisionEvent[] {
  return readdirSync(EXAMPLE_UPLOADS)
    .sort()
    .flatMap((name) => JSON.parse(gunzipSync(readFileSync(join(EXAMPLE_UPLOADS, name))).toString('utf8')));
}

/**
 * The events as `decision_logs.console` prints them, between the server's request lines: the same
 * event plus OPA's console keys, keys sorted as OPA's JSON logger writes them. For tests that need
 * a console stream larger than a real OPA run in a test can afford (worker threads, shards); the
 * proof that the format is OPA's is opaDecisionLogs.test.ts.
 */
export function asConsoleLines(events: readonly DecisionEvent[]): string[] {
  const sorted = (o: DecisionEvent) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return events.flatMap((event, i) => {
    const time =
      typeof event.timestamp === 'string' ? `${event.timestamp.slice(0, 19)}Z` : '2026-11-30T00:00:00Z';
    const request = { client_addr: '127.0.0.1:40000', level: 'info', req_id: i + 1, req_method: 'POST' };
    return [
      JSON.stringify(sorted({ ...request, msg: 'Received request.', req_path: '/v1/data/x', time })),
      JSON.stringify(
        sorted({
          ...event,
          level: 'info',
          msg: 'Decision Log',
          time,
          type: 'openpolicyagent.org/decision_logs',
        }),
      ),
      JSON.stringify(sorted({ ...request, msg: 'Sent response.', resp_status: 200, time })),
    ];
  });
}
