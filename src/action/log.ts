import * as core from '@actions/core';
import type { AnnotationProperties } from '@actions/core';
import { humanText } from '../text/bidi.js';
import { inertLogLine, inertText } from '../text/workflowCommands.js';

/**
 * The Action's one door to what a person reads on the runner: every log line, annotation, failure
 * message and the job summary go through here. Policy paths come from the pull request (git allows
 * newlines and bidi controls in file names), reasons quote traffic values, policy keys and manifest
 * ids: none of it may issue a workflow command (src/text/workflowCommands.ts) or reorder what is
 * shown around it (src/text/bidi.ts).
 */

/** A log line: line breaks show as `␤`, no `::` or `##[` can start a command, no bidi control. */
export function safeLogLine(text: string): string {
  return inertLogLine(humanText(text));
}

function annotationText(text: string): string {
  return inertText(humanText(text));
}

/**
 * An annotation's title is shown as text; its file is a link GitHub resolves, so a path holding
 * a bidi control (or a `##[`) is not attached at all (the message still names it), rather than
 * attached under a name that is not the file's.
 */
function safeProperties(properties: AnnotationProperties | undefined): AnnotationProperties | undefined {
  if (properties === undefined) return undefined;
  const out: AnnotationProperties = { ...properties };
  if (out.title !== undefined) out.title = annotationText(out.title);
  if (out.file !== undefined && (humanText(out.file) !== out.file || out.file.includes('##['))) {
    delete out.file;
    delete out.startLine;
    delete out.endLine;
    delete out.startColumn;
    delete out.endColumn;
  }
  return out;
}

export function logInfo(text: string): void {
  core.info(safeLogLine(text));
}

/** A warning annotation; @actions/core keeps it on one line, the sanitisers do the rest. */
export function logWarning(text: string, properties?: AnnotationProperties): void {
  core.warning(annotationText(text), safeProperties(properties));
}

/** A notice annotation. */
export function logNotice(text: string, properties?: AnnotationProperties): void {
  core.notice(annotationText(text), safeProperties(properties));
}

/** An error annotation (at a file, line and column when given). */
export function logError(text: string, properties?: AnnotationProperties): void {
  core.error(annotationText(text), safeProperties(properties));
}

/** Fails the step with `text` as its error annotation. */
export function failStep(text: string): void {
  core.setFailed(annotationText(text));
}

/** Appends markdown to the job summary (the runner does not read it for commands). */
export async function writeJobSummary(markdown: string): Promise<void> {
  await core.summary.addRaw(humanText(markdown)).write();
}
