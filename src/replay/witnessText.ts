import type { WitnessRecord } from '../coverage/witness.js';

/**
 * A witness in one line for the report (docs/report.md "coverage"): its calls, the caller, the
 * other request fields, and only the context flags that are not true (a witness's flags are true
 * unless its kind needs missing context, so a false flag is the point of the kind).
 */
export function describeWitness(witness: WitnessRecord): string {
  const { request, identity } = witness.input;
  const parts: string[] = [];
  const mcp = request.mcp as { calls?: Record<string, unknown>[] } | undefined;
  const calls = mcp?.calls ?? [];
  if (calls.length > 0) parts.push(calls.map((c) => leaves(c).join(' ')).join('; '));
  else parts.push('no call');
  const fields: string[] = [];
  for (const [key, value] of Object.entries(request)) {
    if (key === 'mcp') {
      const { calls: _calls, tool: _tool, ...rest } = value as Record<string, unknown>;
      fields.push(...leaves(rest, 'mcp.'));
    } else if (key !== 'time') fields.push(...leaves({ [key]: value }));
  }
  for (const [key, value] of Object.entries(identity)) {
    if (key === 'verified' || key === 'attributes_resolved') {
      if (value !== true) fields.push(`${key}=${JSON.stringify(value)}`);
    } else fields.push(...leaves({ [key]: value }));
  }
  if (typeof request.time === 'string') fields.push(`at ${request.time}`);
  else fields.push('no time');
  return [...parts, ...fields].join(', ');
}

/** `path=value` for each scalar or array below `value`, in key order as built. */
function leaves(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v))
      return leaves(v as Record<string, unknown>, `${prefix}${key}.`);
    const text = Array.isArray(v) ? `[${v.map((e) => String(e)).join(',')}]` : String(v);
    return [`${prefix}${key}=${text}`];
  });
}
