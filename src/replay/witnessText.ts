import type { WitnessRecord } from '../coverage/witness.js';

/**
 * Values the witness builder invents for "any other value" (`other-tool-1`, `other-tag-2`): they
 * stand for every value no policy names, so the one-line description leaves them out, and says
 * only what the kind needs. The witness itself (the `--witnesses` file) keeps them.
 */
const INVENTED = /^other-[a-z0-9-]+-\d+$/;

/**
 * A witness in one line for the report and the comment (docs/coverage.md "Witnesses"): its calls
 * (identical calls counted, `3 × tools/call deploy`), then the fields whose values a policy names,
 * the context flags that are not true (a witness's flags are true unless its kind needs missing
 * context), a batch, and the time. A field shown nowhere holds a value no policy names.
 */
export function describeWitness(witness: WitnessRecord): string {
  const { request, identity } = witness.input;
  const mcp = (request.mcp ?? {}) as { calls?: Record<string, unknown>[] } & Record<string, unknown>;
  const parts = [callsText(mcp.calls ?? [])];
  for (const [key, value] of Object.entries(request)) {
    if (key === 'mcp') {
      const { calls: _calls, tool: _tool, ...rest } = mcp;
      parts.push(...leaves(rest, 'mcp.'));
    } else if (key === 'jsonrpc') parts.push(...batchText(value));
    else if (key !== 'time') parts.push(...leaves({ [key]: value }));
  }
  for (const [key, value] of Object.entries(identity)) {
    if (key === 'verified' || key === 'attributes_resolved') {
      if (value !== true) parts.push(`${key}=${JSON.stringify(value)}`);
    } else parts.push(...leaves({ [key]: value }));
  }
  parts.push(typeof request.time === 'string' ? `at ${request.time}` : 'no time');
  return parts.join(', ');
}

/** `2 × tools/call deploy prompt=code_review; tools/call deploy`: runs of equal calls counted. */
function callsText(calls: readonly Record<string, unknown>[]): string {
  if (calls.length === 0) return 'no call';
  const runs: { text: string; count: number }[] = [];
  for (const call of calls) {
    const text =
      leaves(call)
        .join(' ')
        .replace(/^method=/, '')
        .replace(/ tool=/, ' ') || 'an empty call';
    const last = runs[runs.length - 1];
    if (last?.text === text) last.count++;
    else runs.push({ text, count: 1 });
  }
  return runs.map((r) => (r.count === 1 ? r.text : `${r.count} × ${r.text}`)).join('; ');
}

/** The envelope says something only when it is a batch or holds unparsable calls. */
function batchText(jsonrpc: unknown): string[] {
  const { is_batch: batch, unparsable_calls: unparsable } = (jsonrpc ?? {}) as Record<string, unknown>;
  return [
    ...(batch === true ? ['a batch'] : []),
    ...(typeof unparsable === 'number' && unparsable > 0 ? [`${unparsable} unparsable calls`] : []),
  ];
}

/** `path=value` for each scalar or array below `value` a policy names, in key order as built. */
function leaves(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      return leaves(v as Record<string, unknown>, `${prefix}${key}.`);
    const named = (Array.isArray(v) ? v : [v]).map((e) => String(e)).filter((e) => !INVENTED.test(e));
    if (named.length === 0) return [];
    return [`${prefix}${key}=${Array.isArray(v) ? `[${named.join(',')}]` : named[0]}`];
  });
}
