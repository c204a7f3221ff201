import picomatch from 'picomatch';
import { DEFAULTS, InputError } from './settings.js';

/** The path inputs: policy globs and the traffic / manifests path templates. */

/**
 * Splits a list input on newlines and on commas that are not inside `{…}` or `[…]` (so the
 * default `policies/**\/*.{json,yaml,yml}` stays one pattern). Items are trimmed; empty items and
 * lines starting with `#` are dropped.
 */
export function splitList(text: string): string[] {
  const items: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim().startsWith('#')) continue;
    let depth = 0;
    let current = '';
    for (const ch of line) {
      if (ch === '{' || ch === '[') depth++;
      else if ((ch === '}' || ch === ']') && depth > 0) depth--;
      if (ch === ',' && depth === 0) {
        items.push(current);
        current = '';
      } else current += ch;
    }
    items.push(current);
  }
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function balanced(pattern: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '}': '{', ']': '[' };
  for (const ch of pattern) {
    if (ch === '{' || ch === '[') stack.push(ch);
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== pairs[ch]) return false;
    }
  }
  return stack.length === 0;
}

export function parsePolicies(raw: string): string[] {
  const globs = splitList(raw === '' ? DEFAULTS.policies : raw).map((glob) => {
    const negated = glob.startsWith('!');
    const body = (negated ? glob.slice(1) : glob).replace(/^(\.\/)+/, '');
    if (
      body === '' ||
      body.startsWith('/') ||
      /^[A-Za-z]:[\\/]/.test(body) ||
      body.split('/').includes('..')
    ) {
      throw new InputError(
        'policies',
        raw,
        `Invalid policies pattern '${glob}'. Expected a glob relative to the repository root, e.g. ${DEFAULTS.policies}.`,
      );
    }
    if (!balanced(body)) {
      throw new InputError(
        'policies',
        raw,
        `Invalid policies pattern '${glob}'. Its braces or brackets are unbalanced.`,
      );
    }
    return negated ? `!${body}` : body;
  });
  if (!globs.some((glob) => !glob.startsWith('!'))) {
    throw new InputError(
      'policies',
      raw,
      `Invalid policies '${raw}'. Expected at least one pattern that selects files (not only '!' exclusions).`,
    );
  }
  return [...new Set(globs)];
}

/**
 * A predicate for repository-relative paths: matched by some including pattern and by no `!`
 * pattern. Dotfiles and dot-directories match too, so no policy is skipped for its name.
 */
export function policyMatcher(globs: readonly string[]): (path: string) => boolean {
  const include = globs.filter((g) => !g.startsWith('!'));
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
  // `flags: 's'`: a path segment may hold a line break (git allows it), and such a policy must not
  // be skipped silently.
  const isIncluded = include.length > 0 ? picomatch(include, { dot: true, flags: 's' }) : () => false;
  const isExcluded = exclude.length > 0 ? picomatch(exclude, { dot: true, flags: 's' }) : () => false;
  return (path) => {
    const normalized = path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
    return isIncluded(normalized) && !isExcluded(normalized);
  };
}

/** Placeholders a traffic/manifests template may use. */
export const TEMPLATE_PLACEHOLDERS = ['name', 'dir', 'path'] as const;

export function parseTemplate(input: 'traffic' | 'manifests', raw: string): string | null {
  if (raw === '') return null;
  // `{a,b}` is glob-brace syntax, not a placeholder; only a bare word in braces is a placeholder.
  for (const m of raw.matchAll(/\{([^{},]*)\}/g)) {
    const name = m[1] ?? '';
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) {
      throw new InputError(
        input,
        raw,
        `Invalid ${input} '${raw}'. Unknown placeholder '{${name}}'; expected {name}, {dir} or {path}.`,
      );
    }
  }
  if (/[{}]/.test(raw.replace(/\{(name|dir|path)\}/g, ''))) {
    throw new InputError(
      input,
      raw,
      `Invalid ${input} '${raw}'. Braces may only surround a placeholder: {name}, {dir} or {path}.`,
    );
  }
  return raw;
}

/**
 * Fills a traffic/manifests template for one policy file (repository-relative, `/`-separated):
 * `{name}` = file name without its last extension, `{dir}` = its directory (`.` at the root),
 * `{path}` = the path without its last extension. `policies/team/acme.yaml` →
 * name `acme`, dir `policies/team`, path `policies/team/acme`.
 */
export function expandPathTemplate(template: string, policyPath: string): string {
  const normalized = policyPath.replace(/\\/g, '/');
  const slash = normalized.lastIndexOf('/');
  const dir = slash === -1 ? '.' : normalized.slice(0, slash);
  const file = normalized.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  const name = dot > 0 ? file.slice(0, dot) : file;
  const path = slash === -1 ? name : `${dir}/${name}`;
  const values: Record<string, string> = { name, dir, path };
  return template.replace(/\{(name|dir|path)\}/g, (_, key: string) => values[key] ?? '');
}
