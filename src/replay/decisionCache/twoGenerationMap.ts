/**
 * A map bounded by two generations (docs/decision-cache.md "Bounds"): lookups try the young one,
 * then the old one (moving a hit back to the young one); when the young one is full it becomes the
 * old one, so frequent keys survive the turnover, unlike with a map that starts over. A generation
 * is full at `limit` keys or at `unitsPerGeneration` UTF-16 units of key text.
 */
export class TwoGenerationMap<V> {
  private young = new Map<string, V>();
  private old = new Map<string, V>();
  /** The UTF-16 units of the young generation's keys. */
  private youngUnits = 0;

  constructor(
    private readonly limit: number,
    private readonly unitsPerGeneration: number,
  ) {}

  get(key: string): V | undefined {
    const young = this.young.get(key);
    if (young !== undefined) return young;
    const old = this.old.get(key);
    if (old === undefined) return undefined;
    this.set(key, old);
    return old;
  }

  set(key: string, value: V): void {
    if (this.young.size >= this.limit || this.youngUnits >= this.unitsPerGeneration) {
      this.old = this.young;
      this.young = new Map();
      this.youngUnits = 0;
    }
    this.young.set(key, value);
    this.youngUnits += key.length;
  }
}
