import * as core from '@actions/core';

/** The Action's orchestrator; filled in by the pull-request gate. */
export async function run(): Promise<void> {
  core.setFailed('policy-replay: the Action entry is not wired yet');
}
