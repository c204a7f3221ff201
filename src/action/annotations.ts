import type { AnnotationProperties } from '@actions/core';
import { logNotice, logWarning } from './log.js';
import { humanText } from '../text/bidi.js';
import { NO_LINES, policyLines } from '../policy/policyLines.js';
import { formatOfPath } from '../policy/validate.js';
import type { GroupTally } from '../replay/report/changeGroups.js';
import type { BecauseEntry, ChangeGroup } from '../replay/report/report.js';
import { compareStrings } from '../canonical/compare.js';
import { allows } from '../render/groupTable.js';

/**
 * Annotations on the edited rule (docs/explain.md "Annotations"): for each rule or setting named
 * in some change group's `because`, one annotation on the head file at the line of the rule's
 * `id` key (a setting: its key), saying what it newly allows or denies. Computed from every
 * group of the replay, not only those the report keeps, so the counts are the true ones.
 */

/** GitHub shows at most 10 annotations of each severity per step. */
export const MAX_ANNOTATIONS_PER_SEVERITY = 10;
/** Longest traffic value (a tool or method name) quoted in an annotation. */
const MAX_VALUE_LENGTH = 100;

export interface ChangeAnnotation {
  severity: 'warning' | 'notice';
  file: string | null;
  line: number | null;
  title: string;
  message: string;
  /** The requests the message counts: the order of "largest first". */
  requests: number;
  /** The rule id or setting name (a tie-break of the order). */
  name: string;
}

export interface AnnotationInput {
  groups: readonly GroupTally[];
  /** The head file (null: the pull request deletes the policy) and its text at the head commit. */
  headPath: string | null;
  headText: string | null;
  /** The base file's path, named when the head file is gone. */
  basePath: string | null;
}

interface Explained {
  name: string;
  label: string;
  isRule: boolean;
  removed: boolean;
  allowing: GroupTally[];
  denying: GroupTally[];
}

const n = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, word: string) => `${n(count)} ${word}${count === 1 ? '' : 's'}`;

/** The annotations of one policy, largest first. Pure. */
export function changeAnnotations(input: AnnotationInput): ChangeAnnotation[] {
  const explained = new Map<string, Explained>();
  for (const tally of input.groups) {
    const seen = new Set<string>();
    for (const entry of tally.group.because) {
      const key = 'rule' in entry ? `rule\0${entry.rule}` : `setting\0${entry.setting}`;
      // A modified rule is named once per side; its group counts once.
      if (seen.has(key)) continue;
      seen.add(key);
      let item = explained.get(key);
      if (item === undefined) {
        item = { ...describe(entry), allowing: [], denying: [] };
        explained.set(key, item);
      }
      (allows(tally.group.direction) ? item.allowing : item.denying).push(tally);
    }
  }
  const locate = locator(input.headPath, input.headText);
  const out: ChangeAnnotation[] = [];
  for (const item of explained.values()) {
    const warning = item.allowing.length > 0;
    const groups = warning ? item.allowing : item.denying;
    const requests = groups.reduce((sum, t) => sum + t.group.count, 0);
    const subjects = new Set<string | null>();
    for (const t of groups) for (const subject of t.subjects.keys()) subjects.add(subject);
    let file: string | null;
    let line: number | null = null;
    if (input.headPath === null) file = input.basePath;
    else {
      file = input.headPath;
      if (!item.removed) line = item.isRule ? locate.rule(item.name) : locate.setting(item.name);
    }
    out.push({
      severity: warning ? 'warning' : 'notice',
      file,
      line,
      title: `policy-replay: ${item.name} newly ${warning ? 'allows' : 'denies'} requests`,
      message: `${item.name} (${item.label}): newly ${warning ? 'allows' : 'denies'} ${plural(requests, 'request')} from ${plural(subjects.size, 'subject')} — ${kinds(groups)}`,
      requests,
      name: item.name,
    });
  }
  return out.sort(largestFirst);
}

function describe(entry: BecauseEntry): Omit<Explained, 'allowing' | 'denying'> {
  if ('rule' in entry) {
    return { name: entry.rule, label: entry.change, isRule: true, removed: entry.change === 'removed' };
  }
  return {
    name: entry.setting,
    label: `${entry.from ?? 'none'} → ${entry.to ?? 'none'}`,
    isRule: false,
    removed: entry.to === null,
  };
}

/** The kinds of request (method and tools), largest first: the first named, the rest counted. */
function kinds(groups: readonly GroupTally[]): string {
  const sizes = new Map<string, number>();
  for (const t of groups) {
    const kind = kindOf(t.group);
    sizes.set(kind, (sizes.get(kind) ?? 0) + t.group.count);
  }
  const ordered = [...sizes].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0]));
  const [first] = ordered[0]!;
  return ordered.length === 1 ? first : `${first} and ${plural(ordered.length - 1, 'other kind')} of request`;
}

function kindOf(group: Pick<ChangeGroup, 'method' | 'tools'>): string {
  if (group.method === null && group.tools.length === 0) return 'no MCP call';
  return [group.method ?? '(no method)', ...group.tools].map((v) => inert(v)).join(' ');
}

/**
 * Traffic values in an annotation: the runner reads `::` commands at a line's start and `##[`
 * anywhere, and @actions/core escapes only line breaks and `%`. So line and control characters
 * become U+FFFD, `##[` is broken with a zero-width space, and long values are cut.
 */
export function inert(value: string): string {
  let text =
    [...value].length > MAX_VALUE_LENGTH ? `${[...value].slice(0, MAX_VALUE_LENGTH - 1).join('')}…` : value;
  // eslint-disable-next-line no-control-regex
  text = humanText(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '\ufffd');
  return text.replace(/#(?=#\[)/g, '#\u200b');
}

function largestFirst(a: ChangeAnnotation, b: ChangeAnnotation): number {
  return (
    b.requests - a.requests ||
    compareStrings(a.file ?? '', b.file ?? '') ||
    compareStrings(a.name, b.name) ||
    compareStrings(a.severity, b.severity)
  );
}

/** Lines of the rules' `id` keys and of the settings' keys in the head file (the rule diff's too). */
function locator(path: string | null, text: string | null) {
  const lines = path === null || text === null ? NO_LINES : policyLines(text, formatOfPath(path) ?? 'yaml');
  return {
    rule: (id: string): number | null => lines.rules.get(id) ?? null,
    setting: (name: string): number | null => lines.settings.get(name) ?? null,
  };
}

/**
 * The run's annotations, at most MAX_ANNOTATIONS_PER_SEVERITY of each severity (GitHub shows no
 * more per step), largest first across every policy of the run.
 */
export function capAnnotations(all: readonly ChangeAnnotation[]): ChangeAnnotation[] {
  const sorted = [...all].sort(largestFirst);
  const pick = (severity: ChangeAnnotation['severity']) =>
    sorted.filter((a) => a.severity === severity).slice(0, MAX_ANNOTATIONS_PER_SEVERITY);
  return [...pick('warning'), ...pick('notice')];
}

/** Prints the annotations through the Action's one log door (log.ts), which sanitises them. */
export function emitAnnotations(annotations: readonly ChangeAnnotation[]): void {
  for (const a of annotations) {
    const properties: AnnotationProperties = { title: a.title };
    // A path the runner could read as a command is not attached (the message still names the rule).
    if (a.file !== null && !a.file.includes('##[')) {
      properties.file = a.file;
      if (a.line !== null) properties.startLine = a.line;
    }
    if (a.severity === 'warning') logWarning(a.message, properties);
    else logNotice(a.message, properties);
  }
}
