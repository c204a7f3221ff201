/** Types of opa-decision-logs.mjs, for the tests that import it. */

export function freePort(): Promise<number>;

export function renamePackage(rego: string, name: string): string;

export interface CaptureOptions {
  opa: string;
  dir: string;
  modules: Record<string, string>;
  mask: string;
  /** `path` '' queries all of data; an undefined `input` posts a body without one. */
  posts: readonly { path: string; input: unknown }[];
  console?: string | null;
  uploads?: string | null;
  revision?: string | null;
  bundleName?: string;
  delaySeconds?: number;
  ndBuiltinCache?: boolean;
}

export interface CaptureResult {
  answers: { decision_id: string; result: unknown }[];
  uploads: string[];
}

export function captureDecisionLogs(options: CaptureOptions): Promise<CaptureResult>;
