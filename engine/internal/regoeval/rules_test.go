package regoeval

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
)

func rulesOf(t *testing.T, modules map[string]string) *RuleSet {
	t.Helper()
	set, err := Rules(modules, "v1")
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// canonicals is ref -> the canonical texts of its definitions, in order.
func canonicals(t *testing.T, modules map[string]string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, g := range rulesOf(t, modules).Rules {
		for _, d := range g.Definitions {
			out[g.Ref] = append(out[g.Ref], d.Canonical)
		}
	}
	return out
}

func sameCanonicals(a, b map[string][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for ref, defs := range a {
		if strings.Join(defs, "\x00") != strings.Join(b[ref], "\x00") {
			return false
		}
	}
	return true
}

const groupsPolicy = `package x.y

import data.org.managers as m

# comment
default allow := false

allow if {
	m[_] == input.u
}

allow if input.z

f(x) := 1 if x > 1
else := 2

p[x] := 1 if x := input.k

q.r.s := 3

violation contains "a" if input.a
`

func TestRuleGroupsAndLocations(t *testing.T) {
	set := rulesOf(t, map[string]string{"b.rego": "package x.y\n\nallow if input.b\n", "a.rego": groupsPolicy})
	type def struct {
		file            string
		line, endLine   int
		source          string
		importsIncluded bool
	}
	want := map[string][]def{
		"data.x.y.allow": {
			{"a.rego", 6, 6, "default allow := false", false},
			{"a.rego", 8, 10, "allow if {\n\tm[_] == input.u\n}", true},
			{"a.rego", 12, 12, "allow if input.z", false},
			{"b.rego", 3, 3, "allow if input.b", false},
		},
		"data.x.y.f":         {{"a.rego", 14, 15, "f(x) := 1 if x > 1\nelse := 2", false}},
		"data.x.y.p":         {{"a.rego", 17, 17, "p[x] := 1 if x := input.k", false}},
		"data.x.y.q.r.s":     {{"a.rego", 19, 19, "q.r.s := 3", false}},
		"data.x.y.violation": {{"a.rego", 21, 21, `violation contains "a" if input.a`, false}},
	}
	var order []string
	for _, g := range set.Rules {
		order = append(order, g.Ref)
		w := want[g.Ref]
		if len(w) != len(g.Definitions) {
			t.Fatalf("%s: %d definitions, want %d", g.Ref, len(g.Definitions), len(w))
		}
		for i, d := range g.Definitions {
			if d.File != w[i].file || d.Line != w[i].line || d.EndLine != w[i].endLine || d.Source != w[i].source {
				t.Errorf("%s[%d] = %s:%d-%d %q, want %+v", g.Ref, i, d.File, d.Line, d.EndLine, d.Source, w[i])
			}
			text := map[string]string{"a.rego": groupsPolicy, "b.rego": "package x.y\n\nallow if input.b\n"}[d.File]
			if text[d.Offset:d.EndOffset] != d.Source {
				t.Errorf("%s[%d]: offsets %d-%d do not hold the source", g.Ref, i, d.Offset, d.EndOffset)
			}
			if (len(d.Imports) > 0) != w[i].importsIncluded {
				t.Errorf("%s[%d]: imports %v", g.Ref, i, d.Imports)
			}
		}
	}
	if d := set.Rules[1].Definitions[0]; d.Name != "f" || d.Arity != 1 {
		t.Fatalf("f: %+v", d)
	}
	if d := set.Rules[3].Definitions[0]; d.Name != "q.r.s" || d.Arity != 0 {
		t.Fatalf("q.r.s: %+v", d)
	}
	if d := set.Rules[2].Definitions[0]; d.Name != "p" {
		t.Fatalf("p: %+v", d)
	}
	if strings.Join(order, " ") != "data.x.y.allow data.x.y.f data.x.y.p data.x.y.q.r.s data.x.y.violation" {
		t.Fatalf("order %v", order)
	}
	if got := set.Modules["a.rego"]; got.Package != "data.x.y" || got.PackageText != "package x.y" ||
		len(got.Imports) != 1 || got.Imports[0] != "import data.org.managers as m" {
		t.Fatalf("module %+v", got)
	}
}

// Formatting, comments, blank lines, string quoting, import aliases and the position of a rule
// among others (the parser numbers wildcards across the module) do not change a canonical text.
func TestCanonicalIgnoresFormatting(t *testing.T) {
	base := map[string]string{"a.rego": `package x
import data.org.managers
allow if { managers[_] == input.u; input.path == ["a", _] }
msg := "hello" if input.m
`}
	same := map[string]string{"a.rego": `package x

import data.org.managers as bosses

# a rule above, with wildcards of its own
other if input.q[_] == _

# who may
allow if {
	bosses[_] == input.u # a manager
	input.path == [
		"a",
		_,
	]
}

msg := ` + "`hello`" + ` if {
	input.m
}
`}
	a, b := canonicals(t, base), canonicals(t, same)
	delete(b, "data.x.other")
	if !sameCanonicals(a, b) {
		t.Fatalf("\n%v\n%v", a, b)
	}
}

// Every semantic change changes the canonical text of the rule it is in.
func TestCanonicalSeesSemanticChanges(t *testing.T) {
	const base = `package x
import data.org.managers
default allow := false
allow if { managers[input.u]; input.n > 1; not input.blocked }
f(x) := 1 if x > 1 else := 2
s contains y if some y in input.ys
`
	changes := map[string][2]string{
		"constant":        {"input.n > 1", "input.n > 2"},
		"operator":        {"input.n > 1", "input.n >= 1"},
		"negation":        {"not input.blocked", "input.blocked"},
		"expression":      {"not input.blocked }", "not input.blocked; input.ok }"},
		"default value":   {"default allow := false", "default allow := true"},
		"else value":      {"else := 2", "else := 3"},
		"function arg":    {"f(x) := 1 if x > 1", "f(y) := 1 if y > 1"},
		"import path":     {"import data.org.managers", "import data.org.bosses as managers"},
		"set to complete": {"s contains y if some y in input.ys", "s := y if some y in input.ys"},
		"input field":     {"managers[input.u]", "managers[input.user]"},
	}
	before := canonicals(t, map[string]string{"a.rego": base})
	for name, c := range changes {
		if !strings.Contains(base, c[0]) {
			t.Fatalf("%s: %q not in the policy", name, c[0])
		}
		after := canonicals(t, map[string]string{"a.rego": strings.Replace(base, c[0], c[1], 1)})
		if sameCanonicals(before, after) {
			t.Errorf("%s: the canonical texts did not change", name)
		}
	}
}

// The corpus (fixtures/rego) through OPA's formatter (opa fmt's code) and with its comments gone
// keeps every canonical text; each definition's source parses alone in its package.
func TestCanonicalOfTheCorpusSurvivesFormatting(t *testing.T) {
	files, err := filepath.Glob("../../../fixtures/rego/*/*/*/*.rego")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	comment := regexp.MustCompile(`(?m)^\s*#.*$\n?`)
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(raw)
		formatted, err := format.SourceWithOpts(f, raw, format.Opts{RegoVersion: ast.RegoV1})
		if err != nil {
			t.Fatal(err)
		}
		// Indentation by spaces, every blank line doubled, comments gone.
		reshaped := strings.ReplaceAll(strings.ReplaceAll(comment.ReplaceAllString(src, ""), "\t", "    "), "\n\n", "\n\n\n")
		want := canonicals(t, map[string]string{"p.rego": src})
		for name, variant := range map[string]string{"opa fmt": string(formatted), "reshaped": reshaped} {
			if got := canonicals(t, map[string]string{"p.rego": variant}); !sameCanonicals(want, got) {
				t.Errorf("%s, %s: canonical texts differ:\n%v\n%v", f, name, want, got)
			}
		}
		set := rulesOf(t, map[string]string{"p.rego": src})
		for _, g := range set.Rules {
			for _, d := range g.Definitions {
				alone := set.Modules["p.rego"].PackageText + "\n" + strings.Join(d.Imports, "\n") + "\n" + d.Source + "\n"
				if _, err := ast.ParseModuleWithOpts("alone.rego", alone, ast.ParserOptions{RegoVersion: ast.RegoV1}); err != nil {
					t.Errorf("%s %s line %d does not parse alone: %v", f, g.Ref, d.Line, err)
				}
			}
		}
	}
}

func TestRulesParseErrorIsTyped(t *testing.T) {
	_, err := Rules(map[string]string{"ok.rego": "package a\np := 1\n", "bad.rego": "package a\n\np if {\n  input.x ==\n}\n"}, "v1")
	e, ok := err.(*Error)
	if !ok || e.Kind != KindParse || e.Code != ast.ParseErr || e.Location == nil || e.Location.File != "bad.rego" || e.Location.Line < 4 {
		t.Fatalf("err = %#v", err)
	}
	if _, err := Rules(map[string]string{"a.rego": "package a\np := 1\n"}, "v9"); kindOf(err) != KindBadRequest {
		t.Fatalf("rego_version v9: %v", err)
	}
}

// Rego v0: bodies without `if`, future keywords, and a chained body, whose own text is only
// `{ ... }`, written out as a rule of its own.
func TestRulesV0(t *testing.T) {
	src := "package a\nimport future.keywords.in\n\np { input.x in [1] } { input.y }\n\nq[x] { x := input.z }\n"
	set, err := Rules(map[string]string{"a.rego": src}, "v0")
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Rules) != 2 || set.Rules[0].Ref != "data.a.p" || len(set.Rules[0].Definitions) != 2 {
		t.Fatalf("%+v", set.Rules)
	}
	chained := set.Rules[0].Definitions[1]
	if strings.HasPrefix(chained.Source, "{") || !strings.Contains(chained.Source, "input.y") {
		t.Fatalf("chained source %q", chained.Source)
	}
	for _, d := range set.Rules[0].Definitions {
		if len(d.Imports) != 1 || d.Imports[0] != "import future.keywords.in" {
			t.Fatalf("imports %v", d.Imports)
		}
		alone := "package a\n" + strings.Join(d.Imports, "\n") + "\n" + d.Source + "\n"
		if _, err := ast.ParseModuleWithOpts("alone.rego", alone, ast.ParserOptions{RegoVersion: ast.RegoV0}); err != nil {
			t.Fatalf("%q: %v", alone, err)
		}
	}
}
