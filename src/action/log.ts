import * as core from '@actions/core';
import type { AnnotationProperties } from '@actions/core';
import { inertLogLine, inertText } from '../text/workflowCommands.js';

/**
 * The Action's one door to the runner's log: every log line, annotation and failure message goes
 * through here, and through the project's one sanitiser (src/text/workflowCommands.ts). Policy
 * paths come from the pull request (git allows newlines in file names), reasons quote traffic
 * values, policy keys and manifest ids: none of it may issue a workflow command.
 */

/** A log line: line breaks show as `␤`, and no `::` or `##[` can start a command. */
export function safeLogLine(text: string): string {
  return inertLogLine(text);
}

export function logInfo(text: string): void {
  core.info(inertLogLine(text));
}

/** A warning annotation; @actions/core keeps it on one line, the sanitiser does the rest. */
export function logWarning(text: string, properties?: AnnotationProperties): void {
  core.warning(inertText(text), properties);
}

/** A notice annotation. */
export function logNotice(text: string, properties?: AnnotationProperties): void {
  core.notice(inertText(text), properties);
}

/** An error annotation (at a file, line and column when given). */
export function logError(text: string, properties?: AnnotationProperties): void {
  core.error(inertText(text), properties);
}

/** Fails the step with `text` as its error annotation. */
export function failStep(text: string): void {
  core.setFailed(inertText(text));
}
