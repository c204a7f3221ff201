/**
 * Groups generated cases by their decision cache key and checks that every case of a group has the
 * decisions of the first one: the property behind the replay's cache (src/replay/decisionCache/),
 * which evaluates the wasm once per key.
 */
export class KeyGroups<C> {
  private readonly first = new Map<string, { example: C; decisions: string }>();
  /** Cases whose key an earlier case had: each one a comparison the property made. */
  shared = 0;
  /** The first few disagreements, as JSON. */
  readonly problems: string[] = [];

  constructor(private readonly context: Record<string, unknown>) {}

  add(key: string, example: C, decisions: unknown): void {
    const text = JSON.stringify(decisions);
    const first = this.first.get(key);
    if (first === undefined) {
      this.first.set(key, { example, decisions: text });
      return;
    }
    this.shared++;
    if (first.decisions !== text && this.problems.length < 3)
      this.problems.push(
        JSON.stringify({
          ...this.context,
          key,
          first: first.example,
          example,
          was: first.decisions,
          is: text,
        }),
      );
  }
}
