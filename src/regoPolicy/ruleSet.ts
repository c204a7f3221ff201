/**
 * The rule groups of a set of Rego modules, as the engine's `rules` request answers them
 * (docs/rego-engine.md): every rule of every package, grouped by reference, with each
 * definition's place and a canonical text that ignores formatting and comments.
 */

/** One rule statement (its `else` chain included). */
export interface RuleDefinition {
  file: string;
  /** First and last line of the statement, 1-based. */
  line: number;
  endLine: number;
  /** The statement's bytes (UTF-8) in the file: [offset, endOffset). */
  offset: number;
  endOffset: number;
  /** The group's reference within the package: `allow`, `q.r.s`. */
  name: string;
  /** A function's number of arguments; 0 for other rules. */
  arity: number;
  default: boolean;
  /** OPA's text of the parsed rule: equal texts are the same rule. */
  canonical: string;
  /** The statement as it stands alone in a module of its package. */
  source: string;
  /** The import statements it needs in another module of that package. */
  imports: string[];
}

/** Every definition of one rule: a package path and a rule name, `data.httpapi.authz.allow`. */
export interface RuleGroup {
  ref: string;
  definitions: RuleDefinition[];
}

export interface ModuleInfo {
  /** `data.httpapi.authz` */
  package: string;
  /** `package httpapi.authz` */
  packageText: string;
  imports: string[];
}

export interface RuleSet {
  /** In order of each group's first definition, files taken by name. */
  rules: RuleGroup[];
  modules: Record<string, ModuleInfo>;
}

interface WireDefinition {
  file: string;
  line: number;
  end_line: number;
  offset: number;
  end_offset: number;
  name: string;
  arity?: number;
  default?: boolean;
  canonical: string;
  source: string;
  imports?: string[];
}

interface WireModule {
  package: string;
  package_text: string;
  imports?: string[];
}

/** The rule set of the engine's answer (the JSON texts of its `rules` and `modules` members). */
export function ruleSetOf(rulesJson: string, modulesJson: string): RuleSet {
  const groups = JSON.parse(rulesJson) as Array<{ ref: string; definitions: WireDefinition[] }>;
  const modules = JSON.parse(modulesJson) as Record<string, WireModule>;
  return {
    rules: groups.map((g) => ({
      ref: g.ref,
      definitions: g.definitions.map((d) => ({
        file: d.file,
        line: d.line,
        endLine: d.end_line,
        offset: d.offset,
        endOffset: d.end_offset,
        name: d.name,
        arity: d.arity ?? 0,
        default: d.default ?? false,
        canonical: d.canonical,
        source: d.source,
        imports: d.imports ?? [],
      })),
    })),
    modules: Object.fromEntries(
      Object.entries(modules).map(([file, m]) => [
        file,
        { package: m.package, packageText: m.package_text, imports: m.imports ?? [] },
      ]),
    ),
  };
}
