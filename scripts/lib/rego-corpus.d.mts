/** Types of rego-corpus.mjs, for the tests that import it. */

export const CORPUS: string;

export type Mapping = { kind: 'boolean' } | { kind: 'field'; field: string } | { kind: 'deny-when-nonempty' };

export interface Family {
  decisionPath: string;
  mapping: Mapping;
  roots: readonly string[];
  heads: readonly string[];
  mask: string;
}

export const FAMILIES: Record<'httpapi' | 'envoy' | 'admission', Family>;

export function bundleFiles(family: string, variant: string): Record<string, string>;

export function signJwt(claims: Record<string, unknown>, secret: string): string;

export function corpusInputs(
  family: string,
  count: number,
  options?: { seed?: number; now?: number },
): unknown[];

export interface CorpusCapture {
  answers: { decision_id: string; result: unknown }[];
  events: Record<string, unknown>[];
  lines: string[];
  consoleFile: string;
}

export function captureCorpus(options: {
  opa: string;
  dir: string;
  family: string;
  variant?: string;
  inputs: readonly unknown[];
  revision?: string | null;
  /** A mask policy instead of the family's. */
  mask?: string | null;
}): Promise<CorpusCapture>;
