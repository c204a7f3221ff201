import * as core from '@actions/core';

/**
 * A log line that cannot issue a workflow command. `core.info` writes text as it is, and the
 * runner reads any line starting with `::` as a command; policy paths come from the pull request
 * (git allows newlines in file names), so line breaks are shown as `␤` and a leading `::` is
 * indented.
 */
export function safeLogLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '␤').replace(/^::/, ' ::');
}

export function logInfo(text: string): void {
  core.info(safeLogLine(text));
}
