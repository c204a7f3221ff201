package regoeval

import (
	"fmt"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
)

// RuleGroup is every definition of one rule: its package path and rule name (the ground prefix of
// the rule's head reference, so `p[x] := y` belongs to data.pkg.p), default rules and functions
// included. Definitions are in source order, files taken by name.
type RuleGroup struct {
	Ref         string       `json:"ref"`
	Definitions []Definition `json:"definitions"`
}

// Definition is one rule statement, its `else` chain included.
type Definition struct {
	File string `json:"file"`
	// Line and EndLine are the first and last lines of the statement (1-based).
	Line    int `json:"line"`
	EndLine int `json:"end_line"`
	// Offset and EndOffset delimit the statement in the file's UTF-8 bytes.
	Offset    int `json:"offset"`
	EndOffset int `json:"end_offset"`
	// Name is the group's reference within the package: `allow`, `q.r.s` (`p` for `p[x] := y`).
	Name string `json:"name"`
	// Arity is a function's number of arguments; absent for other rules.
	Arity int `json:"arity,omitempty"`
	// Default is true for `default p := ...`.
	Default bool `json:"default,omitempty"`
	// Canonical is the definition with formatting and comments gone: OPA's String() form of the
	// parsed rule, generated wildcard names renumbered per definition and import names replaced
	// by the paths they import. Equal canonical texts mean the same rule.
	Canonical string `json:"canonical"`
	// Source is the statement as it stands alone in a module of its package: its text in the
	// file, or for a v0 chained body (`p { a } { b }`) the rule as OPA's formatter writes it.
	Source string `json:"source"`
	// Imports are the import statements of the file the definition needs elsewhere: the ones
	// whose name it uses, and every `future.*` / `rego.*` import (they change how it parses).
	Imports []string `json:"imports,omitempty"`
}

// ModuleInfo is what a module is besides its rules.
type ModuleInfo struct {
	// Package is the package path as a data reference: data.httpapi.authz.
	Package string `json:"package"`
	// PackageText is the package statement: `package httpapi.authz`.
	PackageText string `json:"package_text"`
	// Imports are the file's import statements, in source order.
	Imports []string `json:"imports,omitempty"`
}

// RuleSet is the answer to a rules request.
type RuleSet struct {
	Rules   []RuleGroup           `json:"rules"`
	Modules map[string]ModuleInfo `json:"modules"`
}

// Rules parses modules (no compilation: they need not compile together) and groups their rules
// by reference. A parse error of any module is a parse_error with OPA's locations.
func Rules(modules map[string]string, regoVersion string) (*RuleSet, error) {
	version, err := regoVersionOf(regoVersion)
	if err != nil {
		return nil, err
	}
	files := make([]string, 0, len(modules))
	for f := range modules {
		files = append(files, f)
	}
	sort.Strings(files)

	var errs ast.Errors
	parsed := make([]*ast.Module, len(files))
	for i, f := range files {
		m, err := ast.ParseModuleWithOpts(f, modules[f], ast.ParserOptions{RegoVersion: version})
		if err != nil {
			var es ast.Errors
			if asErrs(err, &es) {
				errs = append(errs, es...)
			} else {
				errs = append(errs, ast.NewError(ast.ParseErr, &ast.Location{File: f}, "%s", err.Error()))
			}
			continue
		}
		if m == nil {
			errs = append(errs, ast.NewError(ast.ParseErr, &ast.Location{File: f, Row: 1, Col: 1}, "empty module"))
			continue
		}
		parsed[i] = m
	}
	if len(errs) > 0 {
		return nil, compileError(errs)
	}

	out := &RuleSet{Rules: []RuleGroup{}, Modules: map[string]ModuleInfo{}}
	index := map[string]int{}
	for i, f := range files {
		m := parsed[i]
		info := ModuleInfo{Package: m.Package.Path.String(), PackageText: m.Package.String()}
		for _, imp := range m.Imports {
			info.Imports = append(info.Imports, importText(imp))
		}
		out.Modules[f] = info
		imports := importPaths(m)
		for _, rule := range m.Rules {
			ref := rule.Module.Package.Path.Extend(rule.Head.Ref().GroundPrefix()).String()
			def, err := definitionOf(f, modules[f], m, rule, imports, version)
			if err != nil {
				return nil, err
			}
			k, ok := index[ref]
			if !ok {
				k = len(out.Rules)
				index[ref] = k
				out.Rules = append(out.Rules, RuleGroup{Ref: ref})
			}
			out.Rules[k].Definitions = append(out.Rules[k].Definitions, def)
		}
	}
	return out, nil
}

func regoVersionOf(s string) (ast.RegoVersion, error) {
	switch s {
	case "", "v1":
		return ast.RegoV1, nil
	case "v0":
		return ast.RegoV0, nil
	}
	return ast.RegoUndefined, &Error{Kind: KindBadRequest, Message: fmt.Sprintf("rego_version must be v0 or v1, not %q", s)}
}

func asErrs(err error, out *ast.Errors) bool {
	es, ok := err.(ast.Errors)
	if ok {
		*out = es
	}
	return ok
}

// directive tells an import that changes parsing (future.keywords, rego.v1) from one that
// brings a document into scope.
func directive(imp *ast.Import) bool {
	ref, ok := imp.Path.Value.(ast.Ref)
	if !ok || len(ref) == 0 {
		return false
	}
	head := ref[0].Value.String()
	return head == "future" || head == "rego"
}

// importPaths maps each name a module's imports bring into scope to the path it stands for.
func importPaths(m *ast.Module) map[ast.Var]*ast.Import {
	out := map[ast.Var]*ast.Import{}
	for _, imp := range m.Imports {
		if !directive(imp) {
			out[imp.Name()] = imp
		}
	}
	return out
}

func definitionOf(file, text string, m *ast.Module, rule *ast.Rule, imports map[ast.Var]*ast.Import, version ast.RegoVersion) (Definition, error) {
	loc := rule.Location
	end := extentOf(rule)
	src := text[loc.Offset:end]
	def := Definition{
		File:      file,
		Line:      loc.Row,
		EndLine:   loc.Row + strings.Count(src, "\n"),
		Offset:    loc.Offset,
		EndOffset: end,
		Name:      rule.Head.Ref().GroundPrefix().String(),
		Arity:     len(rule.Head.Args),
		Default:   rule.Default,
		Canonical: canonical(rule, imports),
		Source:    src,
	}
	if strings.HasPrefix(src, "{") {
		// A v0 chained body: its text is `{ ... }`, which means nothing alone.
		formatted, err := format.AstWithOpts(rule, format.Opts{RegoVersion: version, IgnoreLocations: true})
		if err != nil {
			return def, &Error{Kind: KindParse, Message: fmt.Sprintf("%s:%d: cannot write the chained rule body alone: %v", file, loc.Row, err)}
		}
		def.Source = strings.TrimSpace(string(formatted))
	}
	used := map[ast.Var]bool{}
	ast.WalkVars(rule, func(v ast.Var) bool {
		used[v] = true
		return false
	})
	for _, imp := range m.Imports {
		if directive(imp) || used[imp.Name()] {
			def.Imports = append(def.Imports, importText(imp))
		}
	}
	return def, nil
}

// extentOf is the byte offset just after a rule's statement: the furthest end of any node's
// location (a default rule's own location covers only the keyword `default`).
func extentOf(rule *ast.Rule) int {
	end := rule.Location.Offset + len(rule.Location.Text)
	ast.NewGenericVisitor(func(x any) bool {
		var loc *ast.Location
		switch n := x.(type) {
		case *ast.Term:
			loc = n.Location
		case *ast.Expr:
			loc = n.Location
		case *ast.Head:
			loc = n.Location
		case *ast.Rule:
			loc = n.Location
		case *ast.With:
			loc = n.Location
		}
		if loc != nil && loc.File == rule.Location.File {
			if e := loc.Offset + len(loc.Text); e > end {
				end = e
			}
		}
		return false
	}).Walk(rule)
	return end
}

// canonical is a rule's text without formatting or comments. The parser names wildcards `$0`,
// `$1`, ... by a counter over the whole module, so a rule added above another would rename the
// other's wildcards: they are renumbered within the definition. Import names become the paths
// they import, so `m.x` under `import data.org.managers as m` reads as data.org.managers.x.
func canonical(rule *ast.Rule, imports map[ast.Var]*ast.Import) string {
	cpy := rule.Copy()
	wildcards := map[ast.Var]ast.Var{}
	_, _ = ast.TransformVars(cpy, func(v ast.Var) (ast.Value, error) {
		if v.IsWildcard() {
			w, ok := wildcards[v]
			if !ok {
				w = ast.Var(fmt.Sprintf("%s%d", ast.WildcardPrefix, len(wildcards)))
				wildcards[v] = w
			}
			return w, nil
		}
		return v, nil
	})
	if len(imports) > 0 {
		_, _ = ast.Transform(importResolver(imports), cpy)
	}
	return cpy.String()
}

type importResolver map[ast.Var]*ast.Import

func (r importResolver) Transform(x any) (any, error) {
	switch v := x.(type) {
	case ast.Ref:
		if head, ok := v[0].Value.(ast.Var); ok {
			if imp, ok := r[head]; ok {
				return importRef(imp).Concat(v[1:]), nil
			}
		}
	case ast.Var:
		if imp, ok := r[v]; ok {
			return importRef(imp), nil
		}
	}
	return x, nil
}

// importText is an import statement with its path as written: OPA's String() writes
// `future.keywords["in"]`, which does not parse.
func importText(imp *ast.Import) string {
	if imp.Path.Location == nil || len(imp.Path.Location.Text) == 0 {
		return imp.String()
	}
	out := "import " + string(imp.Path.Location.Text)
	if imp.Alias != "" {
		out += " as " + string(imp.Alias)
	}
	return out
}

func importRef(imp *ast.Import) ast.Ref {
	switch p := imp.Path.Value.(type) {
	case ast.Ref:
		return p.Copy()
	case ast.Var:
		return ast.Ref{ast.NewTerm(p)}
	}
	return nil
}
