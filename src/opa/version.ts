/**
 * The OPA release this project is built and tested against. `version.json` holds the same value
 * for scripts that cannot import TypeScript (scripts/ensure-opa.mjs); a test keeps them equal.
 * A plain constant (not a JSON import) so that jest's ESM mode and the ncc bundle agree.
 */
export const OPA_VERSION = '1.22.3';

/** Where OPA publishes release binaries; `opa-download-url` replaces it for GHES and mirrors. */
export const DEFAULT_OPA_DOWNLOAD_URL = 'https://github.com/open-policy-agent/opa/releases/download';

/** `x.y.z` with an optional leading `v` and an optional pre-release/build suffix. */
const VERSION_PATTERN = /^v?(\d+)\.(\d+)\.(\d+)([-+][0-9A-Za-z.+-]*)?$/;

export interface OpaVersionParts {
  major: number;
  minor: number;
  patch: number;
}

/** Splits a version string; null when it is not `x.y.z`. */
export function parseVersion(version: string): OpaVersionParts | null {
  const m = VERSION_PATTERN.exec(version.trim());
  if (!m) return null;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

/**
 * Reads the version from `opa version` output (`Version: 1.22.3` on its own line).
 * Returns null when the output does not carry one, so a non-OPA program is never mistaken for it.
 */
export function parseOpaVersionOutput(stdout: string): string | null {
  const m = /^Version:\s*(\S+)\s*$/m.exec(stdout);
  if (!m || m[1] === undefined) return null;
  return parseVersion(m[1]) ? m[1].replace(/^v/, '') : null;
}

/**
 * Whether an installed OPA can stand in for the wanted one. Same major.minor: OPA patch releases
 * fix bugs without changing the Rego language or the Wasm ABI we compile for, while a minor
 * release may add builtins or change compilation output.
 */
export function isCompatibleVersion(found: string, wanted: string): boolean {
  const a = parseVersion(found);
  const b = parseVersion(wanted);
  return a !== null && b !== null && a.major === b.major && a.minor === b.minor;
}
