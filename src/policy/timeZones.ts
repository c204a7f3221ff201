/**
 * Whether `name` is an IANA zone this runtime's time-zone database knows, spelled exactly.
 * Intl alone is too lenient: it accepts any letter case and, in newer engines, fixed offsets such
 * as `+01:00`, neither of which OPA's Go evaluator (which loads zone files by name) accepts.
 */
const known = new Map<string, boolean>();

const UTC_ALIASES = new Set([
  'UTC',
  'Etc/UTC',
  'GMT',
  'Etc/GMT',
  'UCT',
  'Etc/UCT',
  'Universal',
  'Etc/Universal',
  'Zulu',
  'Etc/Zulu',
  'Greenwich',
  'Etc/Greenwich',
]);

let canonical: Set<string> | null = null;

export function isKnownTimeZone(name: string): boolean {
  const cached = known.get(name);
  if (cached !== undefined) return cached;
  const result = check(name);
  known.set(name, result);
  return result;
}

function check(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  if (UTC_ALIASES.has(name)) return true;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return false;
  }
  if (resolved === name) return true;
  canonical ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (canonical.has(name)) return true;
  // A link (e.g. US/Eastern → America/New_York) is accepted when its letter case is the one the
  // database uses: Intl reports no spelling for links, so compare against the case-folded form.
  return /^(?:[A-Z][A-Za-z0-9_+-]*)(?:\/(?:[A-Z0-9][A-Za-z0-9_+-]*))*$/.test(name) && !/^Etc\/GMT[+-]/.test(name)
    ? true
    : false;
}
