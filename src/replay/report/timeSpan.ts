import { instantOf } from '../evaluate/instant.js';

interface Stamp {
  text: string;
  ns: bigint;
}

/**
 * The earliest and latest of some RFC 3339 times, compared as instants; of equal instants the
 * smaller text is kept, so any order of adding (a shard merge's too) gives the same span.
 */
export class TimeSpan {
  first: Stamp | null = null;
  last: Stamp | null = null;

  /** A null or unreadable time is passed over. */
  add(text: string | null): void {
    const ns = instantOf(text);
    if (text === null || ns === null) return;
    const first = this.first;
    if (first === null || ns < first.ns || (ns === first.ns && text < first.text)) this.first = { text, ns };
    const last = this.last;
    if (last === null || ns > last.ns || (ns === last.ns && text < last.text)) this.last = { text, ns };
  }

  toJSON(): { first_at: string | null; last_at: string | null } {
    return { first_at: this.first?.text ?? null, last_at: this.last?.text ?? null };
  }
}
