/**
 * What the Rego corpus suites share: a family's decision mapping in the replay's terms, its
 * variants read as engine sides, and a captured console log read as events.
 */
import { join } from 'node:path';
import { CORPUS, FAMILIES, type Mapping } from '../../scripts/lib/rego-corpus.mjs';
import type { DecisionMapping } from '../../src/regoPolicy/decisionMapping.js';
import type { SideSpec } from '../../src/regoPolicy/engineProcess.js';
import { readRegoPolicy } from '../../src/regoPolicy/readRegoPolicy.js';
import { parseRegoEvent, type RegoEvent } from '../../src/regoPolicy/regoEvent.js';

export type Family = keyof typeof FAMILIES;

export function mappingOf(m: Mapping): DecisionMapping {
  return m.kind === 'field' ? { kind: 'field', path: [m.field] } : m;
}

/** A corpus variant as an engine side deciding the family's decision path. */
export async function sideSpecOf(family: Family, variant: string): Promise<SideSpec> {
  const read = await readRegoPolicy(join(CORPUS, family, variant));
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  return { modules: read.bundle.modules, data: read.bundle.data, decision: FAMILIES[family].decisionPath };
}

/** Console log lines as events; OPA wrote them, so any that does not read is a failure. */
export function eventsOf(lines: readonly string[]): RegoEvent[] {
  return lines.map((line) => {
    const parsed = parseRegoEvent(line);
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.event;
  });
}
