import { sha256OfText } from '../canonical/sha256.js';
import { cell } from './escape.js';

/** A short stable pseudonym: enough to see that two rows share a caller, not who it is. */
export function subjectHash(subject: string): string {
  return `sha256:${sha256OfText(subject).slice(0, 12)}`;
}

/** A subject in a table cell: its pseudonym under redaction, else the escaped name. */
export function subjectCell(subject: string, redact: boolean): string {
  return redact ? `\`${subjectHash(subject)}\`` : cell(subject);
}

/**
 * A subject as the comment shows it (docs/action.md "The comment"): `(none)` when the record has
 * none (or does not know it), `(masked)` with its pseudonym under `redact: subjects`, else the
 * escaped name.
 */
export function subjectShown(subject: string | null, redact: boolean): string {
  if (subject === null) return '(none)';
  return redact ? `(masked) ${subjectCell(subject, true)}` : cell(subject);
}
