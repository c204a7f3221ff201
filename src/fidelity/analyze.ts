import { CanonicalJsonError, sha256Canonical } from '../canonical/jcs.js';
import { compareStrings } from '../canonical/compare.js';
import type { Evidence, EvidenceState, Isolation, Manifest, ReplayMode } from './manifest.js';

/**
 * The fidelity analyzer: a pure function from a manifest to its level and every gap
 * (docs/fidelity.md). It reads only what the runtime attests about how it was
 * captured; it never looks at whether a replay reproduced an output, so agreement can never
 * promote a run.
 */

export const FIDELITY_LEVELS = ['exact', 'controlled', 'partial', 'unreplayable'] as const;
/** Best first. */
export type FidelityLevel = (typeof FIDELITY_LEVELS)[number];

export const GAP_IMPACTS = ['blocks_replay', 'reduces_control', 'prevents_exactness'] as const;
/** Worst first. */
export type GapImpact = (typeof GAP_IMPACTS)[number];

export interface Gap {
  path: string;
  impact: GapImpact;
  reason: string;
}

export interface FidelityAnalysis {
  level: FidelityLevel;
  missing_evidence: Gap[];
}

/** The fixed reasons, so reports group and people (and tests) can rely on the wording. */
export const REASONS = {
  hash: 'hash only',
  unavailable: 'not captured',
  absent: 'attested absent',
  integrity: 'integrity: sha256 mismatch',
  unverifiable: 'integrity: sha256 unverifiable: value has no canonical JSON form',
  replayModeUnknown: 'replay mode unknown',
  ledgerIncomplete: 'call ledger not attested complete',
  callsWhenNotUsed: 'calls listed although replay mode is not_used',
  isolationUnknown: 'isolation unknown',
  captureUnknown: 'capture unknown',
  captureMapped: 'mapped trace, not native runtime evidence',
  modelNotDeterministic: 'determinism not guaranteed (a seed is not a guarantee)',
  notDeterministic: 'determinism not guaranteed',
} as const;

const LIVE_REASONS: Record<IsolationField, string> = {
  network: 'live network',
  filesystem: 'live filesystem',
  external_services: 'live external services',
  side_effects: 'live side effects',
};

const ISOLATION_FIELDS = ['network', 'filesystem', 'external_services', 'side_effects'] as const;
type IsolationField = (typeof ISOLATION_FIELDS)[number];

/** Level ordering: negative when `a` is better than `b`. */
export function compareLevels(a: FidelityLevel, b: FidelityLevel): number {
  return FIDELITY_LEVELS.indexOf(a) - FIDELITY_LEVELS.indexOf(b);
}

export function worstLevel(levels: Iterable<FidelityLevel>): FidelityLevel | null {
  let worst: FidelityLevel | null = null;
  for (const level of levels) if (worst === null || compareLevels(level, worst) > 0) worst = level;
  return worst;
}

const LEVEL_OF_IMPACT: Record<GapImpact, FidelityLevel> = {
  blocks_replay: 'unreplayable',
  reduces_control: 'partial',
  prevents_exactness: 'controlled',
};

/** The level the worst gap allows. */
export function levelOf(gaps: readonly Gap[]): FidelityLevel {
  return worstLevel(gaps.map((gap) => LEVEL_OF_IMPACT[gap.impact])) ?? 'exact';
}

/** Sort order of gaps: path, then impact (worst first), then reason; strings by code unit. */
export function compareGaps(a: Gap, b: Gap): number {
  return (
    compareStrings(a.path, b.path) ||
    GAP_IMPACTS.indexOf(a.impact) - GAP_IMPACTS.indexOf(b.impact) ||
    compareStrings(a.reason, b.reason)
  );
}

type AddGap = (path: string, impact: GapImpact, reason: string) => void;

const state = (e: Evidence | undefined): EvidenceState => e?.state ?? 'unavailable';
const stateReason = (s: EvidenceState): string =>
  s === 'hash' ? REASONS.hash : s === 'absent' ? REASONS.absent : REASONS.unavailable;

export function analyzeManifest(manifest: Manifest): FidelityAnalysis {
  const gaps: Gap[] = [];
  const add: AddGap = (path, impact, reason) => {
    gaps.push({ path, impact, reason });
  };
  for (const section of [
    integrityGaps,
    modelGaps,
    toolGaps,
    retrievalGaps,
    environmentGaps,
    isolationGaps,
    sourceGaps,
  ])
    section(manifest, add);
  gaps.sort(compareGaps);
  return { level: levelOf(gaps), missing_evidence: gaps };
}

function integrityGaps(manifest: Manifest, add: AddGap): void {
  // A value whose sha256 does not match is not the evidence it claims to be: nothing else about
  // that path can be trusted, so it blocks replay wherever it appears.
  for (const [path, e] of evidenceEntries(manifest)) {
    if (e.state !== 'value' || e.sha256 === undefined) continue;
    let actual: string;
    try {
      actual = sha256Canonical(e.value);
    } catch (error) {
      if (!(error instanceof CanonicalJsonError)) throw error;
      add(path, 'blocks_replay', REASONS.unverifiable);
      continue;
    }
    if (actual !== e.sha256) add(path, 'blocks_replay', REASONS.integrity);
  }
}

function modelGaps(manifest: Manifest, add: AddGap): void {
  const model = manifest.model ?? {};
  // Without the provider, deployment and the prompt itself there is nothing to send: a prompt
  // hash proves which prompt it was but cannot be replayed.
  for (const field of ['provider', 'deployment', 'input'] as const) {
    const s = state(model[field]);
    if (s !== 'value') add(`model.${field}`, 'blocks_replay', stateReason(s));
  }
  for (const field of ['parameters', 'system_instructions', 'developer_instructions'] as const) {
    const s = state(model[field]);
    if (s === 'hash' || s === 'unavailable') add(`model.${field}`, 'reduces_control', stateReason(s));
  }
  if (model.determinism?.guaranteed !== true) {
    add('model.determinism.guaranteed', 'prevents_exactness', REASONS.modelNotDeterministic);
  }
}

function toolGaps(manifest: Manifest, add: AddGap): void {
  const tools = manifest.tools ?? {};
  const toolsMode = normaliseMode(tools.replay_mode);
  const calls = tools.calls ?? [];
  if (toolsMode === 'unknown') add('tools.replay_mode', 'reduces_control', REASONS.replayModeUnknown);
  if (toolsMode === 'not_used') {
    if (calls.length > 0) add('tools.calls', 'reduces_control', REASONS.callsWhenNotUsed);
  } else {
    const definitions = state(tools.definitions);
    if (definitions !== 'value' && definitions !== 'absent') {
      add('tools.definitions', 'reduces_control', stateReason(definitions));
    }
    calls.forEach((call, index) => {
      if (state(call.input) === 'unavailable') {
        add(`tools.calls[${index}].input`, 'reduces_control', REASONS.unavailable);
      }
    });
    if (tools.ledger_complete !== true)
      add('tools.ledger_complete', 'reduces_control', REASONS.ledgerIncomplete);
  }
  if (toolsMode === 'recorded_outputs') {
    calls.forEach((call, index) => {
      const s = state(call.output);
      if (s !== 'value') add(`tools.calls[${index}].output`, 'blocks_replay', stateReason(s));
    });
  }
  if (toolsMode === 'execute' && tools.determinism?.guaranteed !== true) {
    add('tools.determinism.guaranteed', 'prevents_exactness', REASONS.notDeterministic);
  }
}

function retrievalGaps(manifest: Manifest, add: AddGap): void {
  const retrieval = manifest.retrieval ?? {};
  const retrievalMode = normaliseMode(retrieval.replay_mode);
  if (retrievalMode === 'unknown') add('retrieval.replay_mode', 'reduces_control', REASONS.replayModeUnknown);
  if (retrievalMode === 'recorded_outputs') {
    const s = state(retrieval.outputs);
    if (s !== 'value') add('retrieval.outputs', 'blocks_replay', stateReason(s));
  }
  if (retrievalMode === 'execute') {
    const config = state(retrieval.config);
    if (config !== 'value') add('retrieval.config', 'reduces_control', stateReason(config));
    const corpus = state(retrieval.corpus);
    if (corpus !== 'value' && corpus !== 'hash')
      add('retrieval.corpus', 'reduces_control', stateReason(corpus));
    if (retrieval.determinism?.guaranteed !== true) {
      add('retrieval.determinism.guaranteed', 'prevents_exactness', REASONS.notDeterministic);
    }
  }
}

function environmentGaps(manifest: Manifest, add: AddGap): void {
  const environment = manifest.environment ?? {};
  // `container` is optional by contract: not knowing it is no gap.
  for (const field of ['code_version', 'runtime_version', 'dependency_lock', 'config_fingerprint'] as const) {
    if (state(environment[field]) === 'unavailable') {
      add(`environment.${field}`, 'reduces_control', REASONS.unavailable);
    }
  }
}

function isolationGaps(manifest: Manifest, add: AddGap): void {
  const isolation = manifest.isolation ?? {};
  for (const field of ISOLATION_FIELDS) {
    const value: Isolation = isolation[field] ?? 'unknown';
    if (value === 'live') add(`isolation.${field}`, 'blocks_replay', LIVE_REASONS[field]);
    if (value === 'unknown') add(`isolation.${field}`, 'reduces_control', REASONS.isolationUnknown);
  }
}

function sourceGaps(manifest: Manifest, add: AddGap): void {
  const source = manifest.source ?? {};
  for (const field of ['trace_id', 'span_id', 'provenance'] as const) {
    if (state(source[field]) === 'unavailable')
      add(`source.${field}`, 'reduces_control', REASONS.unavailable);
  }
  const capture = source.capture ?? 'unknown';
  if (capture === 'unknown') add('source.capture', 'reduces_control', REASONS.captureUnknown);
  if (capture === 'mapped') add('source.capture', 'prevents_exactness', REASONS.captureMapped);
}

/** `rerun` and `execute` mean the same thing (re-run the step live); a missing mode is unknown. */
function normaliseMode(
  mode: ReplayMode | undefined,
): 'not_used' | 'recorded_outputs' | 'execute' | 'unknown' {
  if (mode === undefined) return 'unknown';
  return mode === 'rerun' ? 'execute' : mode;
}

/** Every Evidence object in the manifest with its path, in a fixed order. */
export function evidenceEntries(manifest: Manifest): Array<[string, Evidence]> {
  const out: Array<[string, Evidence]> = [];
  const section = (name: string, fields: object | undefined): void => {
    if (!fields) return;
    for (const [key, value] of Object.entries(fields)) {
      if (isEvidence(value)) out.push([`${name}.${key}`, value]);
    }
  };
  section('model', manifest.model);
  section('tools', manifest.tools);
  manifest.tools?.calls?.forEach((call, index) => section(`tools.calls[${index}]`, call));
  section('retrieval', manifest.retrieval);
  section('environment', manifest.environment);
  section('source', manifest.source);
  return out;
}

function isEvidence(value: unknown): value is Evidence {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'state' in value;
}
