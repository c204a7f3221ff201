import { instantOf } from '../evaluate/instant.js';

interface Stamp {
  text: string;
  ns: bigint;
  /** The text is `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with seconds 00–59 (UTC_FORM). */
  utc: boolean;
}

const UTC_FORM = /^\d{4}-\d\d-\d\dT\d\d:\d\d:[0-5]\d(?:\.\d{1,9})?Z$/;
const Z = 90;
const T = 84;
const SIX = 54;

/**
 * The earliest and latest of some RFC 3339 times, compared as instants; of equal instants the
 * smaller text is kept, so any order of adding (a shard merge's too) gives the same span.
 *
 * Every record of a replay passes here, so the usual case skips the date parse: when both ends
 * are in UTC_FORM, a text of their length ending in `Z` has fixed-width fields, so if it is a
 * valid time it sorts as its instant does, and one strictly between the ends (as text) changes
 * nothing; one that is no valid time would be passed over anyway.
 */
export class TimeSpan {
  first: Stamp | null = null;
  last: Stamp | null = null;

  /** A null or unreadable time is passed over. */
  add(text: string | null): void {
    if (text === null) return;
    const first = this.first;
    const last = this.last;
    if (
      first?.utc &&
      last?.utc &&
      text.length === first.text.length &&
      text.length === last.text.length &&
      text.charCodeAt(text.length - 1) === Z &&
      text.charCodeAt(10) === T &&
      text.charCodeAt(17) < SIX &&
      text > first.text &&
      text < last.text
    )
      return;
    const ns = instantOf(text);
    if (ns === null) return;
    if (first === null || ns < first.ns || (ns === first.ns && text < first.text))
      this.first = { text, ns, utc: UTC_FORM.test(text) };
    if (last === null || ns > last.ns || (ns === last.ns && text < last.text))
      this.last = { text, ns, utc: UTC_FORM.test(text) };
  }

  toJSON(): { first_at: string | null; last_at: string | null } {
    return { first_at: this.first?.text ?? null, last_at: this.last?.text ?? null };
  }
}
