/**
 * Writes recorded requests (our record format, JSON Lines, gzip) as the console decision log the
 * real `opa run --server --log-format json` writes with `decision_logs.console: true` (observed
 * with OPA 1.22.3; the real thing is captured in __tests__/traffic/opaDecisionLogs.test.ts): per
 * request a `Received request.` line, the decision event and a `Sent response.` line, keys sorted
 * as OPA's JSON logger sorts them. For samples too large to have a real OPA write them in a test or
 * a benchmark (scripts/bench.mjs --sample decision-log). Deterministic: decision ids are hashes
 * of the request ids.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';

/** A decision id from the record's, shaped like OPA's UUIDs. */
export function decisionIdOf(requestId, i) {
  const hex = createHash('sha256').update(`${requestId}#${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const sortKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The three console lines for the `i`-th record. The event's result is the recorded decision; the
 * input is the record's, with the example's mask applied (fixtures/example-decision-logs/
 * mask.rego: the finance department's claims erased). The record is modified.
 */
export function consoleLinesOf(record, i) {
  const at = record.occurred_at ?? '2026-11-30T00:00:00.000Z';
  // OPA's `timestamp` has nanoseconds; its `time` is whole seconds.
  const timestamp = at.replace(
    /(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
    (_, fraction = '.', zone) => `${(fraction + '000000000').slice(0, 10)}${zone}`,
  );
  const time = `${at.slice(0, 19)}Z`;
  const client = `127.0.0.1:${40000 + (i % 20000)}`;
  const request = {
    client_addr: client,
    level: 'info',
    req_id: i + 1,
    req_method: 'POST',
    req_path: '/v1/data/policy_replay/decision',
    time,
  };
  const input = record.input;
  const event = {
    bundles: { gateway: { revision: record.policy_revision ?? '3c9e1d2' } },
    decision_id: decisionIdOf(record.request_id, i),
    input,
    labels: { id: 'b1d94c0b-8fe9-4b20-badc-318621cc85cc', version: '1.22.3' },
    level: 'info',
    metrics: {
      counter_server_query_cache_hit: 1,
      timer_rego_input_parse_ns: 120000,
      timer_rego_query_eval_ns: 400000,
      timer_server_handler_ns: 600000,
    },
    msg: 'Decision Log',
    path: 'policy_replay/decision',
    req_id: i + 1,
    requested_by: client,
    time,
    timestamp,
    type: 'openpolicyagent.org/decision_logs',
  };
  if (record.recorded_decision !== undefined)
    event.result = {
      allow: record.recorded_decision === 'allow',
      matched_rule_ids: [],
      missing_context_rule_ids: [],
    };
  if (input.identity?.attributes?.department === 'finance' && input.identity.claims !== undefined) {
    delete input.identity.claims;
    event.erased = ['/input/identity/claims'];
  }
  return [
    JSON.stringify(sortKeys({ ...request, msg: 'Received request.' })),
    JSON.stringify(sortKeys(event)),
    JSON.stringify(
      sortKeys({ ...request, msg: 'Sent response.', resp_bytes: 297, resp_duration: 1.2, resp_status: 200 }),
    ),
  ];
}

/** Streams a gzip JSON Lines sample of records into a gzip console decision log. */
export async function writeConsoleDecisionLog(from, to) {
  const gzip = createGzip();
  const out = createWriteStream(`${to}.partial`);
  gzip.pipe(out);
  let i = 0;
  const lines = createInterface({ input: createReadStream(from).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    if (!gzip.write(`${consoleLinesOf(JSON.parse(line), i++).join('\n')}\n`)) await once(gzip, 'drain');
  }
  gzip.end();
  await once(out, 'finish');
  renameSync(`${to}.partial`, to);
  return i;
}
