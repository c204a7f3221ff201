/**
 * A change with some of its edits undone (docs/rego-edits.md "Reverting"): the head's modules
 * and data, each reverted edit taken back to the base. Pure: the sides come parsed (regoEdits.ts).
 *
 * - a modified rule: the head's definitions of the rule are cut out and the base's come back in
 *   a module of their own, `reverted/<ref>.rego`, with the base file's package and the imports
 *   those definitions need (the head file may import other things, or the same names otherwise);
 * - a removed rule: the base's definitions come back the same way;
 * - an added rule: its first definition becomes a stub that is never defined
 *   (`name := input if false`, a function with as many `_` arguments), the others are cut, so
 *   the head's other rules that refer to it still compile and find it undefined, as they would
 *   find a rule that does not exist;
 * - a data edit: the base's value at its path (or none).
 */
import type { JsonText } from './engineProcess.js';
import type { ParsedSide, RegoEdit } from './regoEdits.js';
import type { RuleDefinition, RuleGroup } from './ruleSet.js';
import { dataText, withBaseValueAt } from './dataEdits.js';

/** A side ready to load into the engine. */
export interface RevertedSide {
  modules: Record<string, string>;
  data: JsonText;
}

interface Cut {
  offset: number;
  endOffset: number;
  replacement: string;
}

/** The head with one edit undone. */
export function revertEdit(base: ParsedSide, head: ParsedSide, edit: RegoEdit): RevertedSide {
  return revertEdits(base, head, [edit]);
}

/** The head with every edit of `edits` undone (all the change's edits: the base, as it decides). */
export function revertEdits(base: ParsedSide, head: ParsedSide, edits: readonly RegoEdit[]): RevertedSide {
  const baseGroups = new Map(base.rules.rules.map((g) => [g.ref, g]));
  const headGroups = new Map(head.rules.rules.map((g) => [g.ref, g]));
  const cuts = new Map<string, Cut[]>();
  const cut = (d: RuleDefinition, replacement = ''): void => {
    const list = cuts.get(d.file) ?? [];
    list.push({ offset: d.offset, endOffset: d.endOffset, replacement });
    cuts.set(d.file, list);
  };
  const restored: Array<[string, string]> = [];
  let data = head.data;

  for (const edit of edits) {
    if (edit.kind === 'data') {
      data = withBaseValueAt(base.data, data, edit.path);
      continue;
    }
    const h = headGroups.get(edit.ref);
    const b = baseGroups.get(edit.ref);
    if (edit.change === 'added') {
      if (h === undefined) throw new Error(`the head has no rule ${edit.ref}`);
      h.definitions.forEach((d, i) => cut(d, i === 0 ? stub(d, head.regoVersion) : ''));
      continue;
    }
    if (b === undefined) throw new Error(`the base has no rule ${edit.ref}`);
    if (edit.change === 'modified') {
      if (h === undefined) throw new Error(`the head has no rule ${edit.ref}`);
      for (const d of h.definitions) cut(d);
    }
    restored.push(...restoredModules(base, b));
  }

  const modules: Record<string, string> = {};
  for (const [file, text] of Object.entries(head.modules)) {
    const fileCuts = cuts.get(file);
    modules[file] = fileCuts ? applyCuts(text, fileCuts) : text;
  }
  for (const [name, text] of restored) modules[freeName(modules, name)] = text;
  return { modules, data: dataText(data) };
}

/** A definition of the same rule that is never defined: its references compile and find nothing. */
function stub(d: RuleDefinition, regoVersion: string): string {
  const args = d.arity > 0 ? `(${Array.from({ length: d.arity }, () => '_').join(', ')})` : '';
  return regoVersion === 'v0' ? `${d.name}${args} = input { false }` : `${d.name}${args} := input if false`;
}

/** The base's definitions of a rule as modules of their own: one per base file they come from. */
function restoredModules(base: ParsedSide, group: RuleGroup): Array<[string, string]> {
  const byFile = new Map<string, RuleDefinition[]>();
  for (const d of group.definitions) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const stem = `reverted/${group.ref.replace(/[^A-Za-z0-9._-]+/g, '_')}`;
  return [...byFile].map(([file, defs], i) => {
    const info = base.rules.modules[file];
    if (info === undefined) throw new Error(`the base's rules name no module ${file}`);
    const imports = [...new Set(defs.flatMap((d) => d.imports))];
    const parts = [
      info.packageText,
      ...(imports.length > 0 ? [imports.join('\n')] : []),
      ...defs.map((d) => d.source),
    ];
    return [`${stem}${i === 0 ? '' : `.${i + 1}`}.rego`, `${parts.join('\n\n')}\n`];
  });
}

/** `name`, or `name` with a number before `.rego` when a module already has it. */
function freeName(modules: Record<string, string>, name: string): string {
  if (!(name in modules)) return name;
  for (let n = 2; ; n++) {
    const candidate = name.replace(/\.rego$/, `~${n}.rego`);
    if (!(candidate in modules)) return candidate;
  }
}

/** The text with byte ranges (UTF-8, as the engine counts) replaced; the ranges do not overlap. */
function applyCuts(text: string, cuts: readonly Cut[]): string {
  const bytes = Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  let at = 0;
  for (const c of [...cuts].sort((x, y) => x.offset - y.offset)) {
    parts.push(bytes.subarray(at, c.offset), Buffer.from(c.replacement, 'utf8'));
    at = c.endOffset;
  }
  parts.push(bytes.subarray(at));
  return Buffer.concat(parts).toString('utf8');
}
