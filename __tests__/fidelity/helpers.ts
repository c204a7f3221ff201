import { sha256Canonical } from '../../src/canonical/jcs.js';
import type { Evidence, Manifest } from '../../src/fidelity/manifest.js';

export const value = (v: unknown): Evidence => ({ state: 'value', value: v as never });
export const hashed = (v: unknown): Evidence => ({ state: 'hash', sha256: sha256Canonical(v) });
export const ABSENT: Evidence = { state: 'absent' };
export const UNAVAILABLE: Evidence = { state: 'unavailable' };

/** A manifest with every piece of evidence an exact replay needs: the analyzer finds no gap. */
export function exactManifest(id = 'm-exact'): Manifest {
  return {
    schema: 'replay-runtime/v2',
    id,
    model: {
      provider: value('self-hosted'),
      deployment: value('llama-3.1-8b'),
      parameters: value({ temperature: 0 }),
      seed: value(7),
      input: value([{ role: 'user', content: 'hi' }]),
      system_instructions: value('be brief'),
      developer_instructions: ABSENT,
      determinism: { guaranteed: true, basis: 'greedy decoding, batch-invariant kernels' },
    },
    tools: { replay_mode: 'not_used' },
    retrieval: { replay_mode: 'not_used' },
    environment: {
      code_version: value('abc123'),
      runtime_version: value('node 22'),
      dependency_lock: hashed('lock'),
      config_fingerprint: hashed('cfg'),
      container: UNAVAILABLE,
    },
    isolation: {
      network: 'isolated',
      filesystem: 'isolated',
      external_services: 'stubbed',
      side_effects: 'stubbed',
    },
    source: {
      trace_id: value('t'),
      span_id: value('s'),
      capture: 'native',
      provenance: value({ exporter: 'x' }),
    },
  };
}

/** Deep copy, then `edit` it: tests state only the difference from the exact manifest. */
export function withEdit(edit: (m: Manifest) => void, base: Manifest = exactManifest()): Manifest {
  const copy = structuredClone(base);
  edit(copy);
  return copy;
}
