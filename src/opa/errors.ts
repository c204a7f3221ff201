/** The OPA toolchain is missing or failed: the CLI exits 3 on these. */
export class OpaToolchainError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'OpaToolchainError';
  }
}
