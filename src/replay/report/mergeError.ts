/** A set of partial reports that cannot be merged (exit 2 in the CLI): its own file, so every merge helper can throw it. */
export class MergeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MergeError';
  }
}
