package regoeval

import (
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/dependencies"
)

// Reads are the parts of the input a decision can read: what `opa deps` reports as its base
// documents under input, each cut at its first dynamic step, as JSON pointers ("/input/user").
// Whole is set when the decision can read the entire input (a read of `input` itself, say
// `walk(input)` or `object.get(input, k, d)`, or `input[k]` with k a variable): then every
// unknown part of an input may matter.
type Reads struct {
	Pointers []string
	Whole    bool
	// Data are the base documents under data the decision reads (no rule defines them), as
	// pointers ("/data/org/managers"): what the policy's data must hold.
	Data []string
	// Rules are the rule groups the decision can reach, named as a rules answer names them
	// ("data.httpapi.authz.allow"), sorted: the edits that can matter to it when no edit is
	// reverted to find out (the syntactic attribution).
	Rules []string
}

// Reads follows every rule the decision's query can reach, as dependencies.Base does, with one
// refinement: a rule that only names a part of the input (`http := input.attributes.request.http`,
// an alias) is read through. A reference to it with a constant suffix (`http.headers.x`) reads
// only that part of the input (`/input/attributes/request/http/headers/x`); any other use of it
// (the bare name, a dynamic step) reads all of the part it names, as without the refinement.
func (p *Policy) Reads() (*Reads, error) {
	if !p.decision {
		return nil, &Error{Kind: KindBadRequest, Message: "reads needs a decision side"}
	}
	found := map[string]ast.Ref{}
	groups := map[string]bool{}
	if err := p.collectReads(p.query, map[*ast.Rule]bool{}, found, groups); err != nil {
		return nil, err
	}
	r := &Reads{Pointers: []string{}, Data: []string{}, Rules: []string{}}
	for g := range groups {
		r.Rules = append(r.Rules, g)
	}
	sort.Strings(r.Rules)
	for _, ref := range found {
		if ref.HasPrefix(ast.DefaultRootRef) {
			if ptr, ok := pointerUnder("/data", ref); ok {
				r.Data = append(r.Data, ptr)
			}
			continue
		}
		ptr, ok := pointerOf(ref)
		if !ok || ptr == "/input" {
			r.Whole = true
			continue
		}
		r.Pointers = append(r.Pointers, ptr)
	}
	if r.Whole {
		r.Pointers = []string{}
	}
	sort.Strings(r.Pointers)
	r.Pointers = dropCovered(r.Pointers)
	sort.Strings(r.Data)
	r.Data = dropCovered(r.Data)
	return r, nil
}

// collectReads adds the input references x can read, following the rules it refers to, and the
// groups of those rules (an alias read through included: editing it changes what is read).
func (p *Policy) collectReads(x any, visited map[*ast.Rule]bool, found map[string]ast.Ref, groups map[string]bool) error {
	refs, err := dependencies.Minimal(x)
	if err != nil {
		return &Error{Kind: KindEval, Message: err.Error()}
	}
	for _, r := range refs {
		r = r.ConstantPrefix()
		if r.HasPrefix(ast.InputRootRef) {
			found[r.String()] = r
			continue
		}
		rules := p.compiler.GetRules(r)
		for _, rule := range rules {
			if rule.Module != nil {
				groups[rule.Module.Package.Path.Extend(rule.Head.Ref().GroundPrefix()).String()] = true
			}
		}
		if len(rules) == 0 && r.HasPrefix(ast.DefaultRootRef) {
			found[r.String()] = r
			continue
		}
		if target, ok := aliasTarget(rules, r); ok {
			found[target.String()] = target
			continue
		}
		for _, rule := range rules {
			if visited[rule] {
				continue
			}
			visited[rule] = true
			if err := p.collectReads(rule, visited, found, groups); err != nil {
				return err
			}
		}
	}
	return nil
}

// aliasTarget is the input reference that r reads when r refers to a rule that only names a
// constant part of the input, r's suffix past the rule appended. Compiled, such a rule's value is
// a variable its one body expression binds to the input reference (`v = input.a.b`).
func aliasTarget(rules []*ast.Rule, r ast.Ref) (ast.Ref, bool) {
	if len(rules) != 1 {
		return nil, false
	}
	rule := rules[0]
	full := rule.Ref()
	if len(rule.Head.Args) > 0 || rule.Else != nil || rule.Default || !full.IsGround() || !r.HasPrefix(full) {
		return nil, false
	}
	if rule.Head.Value == nil || len(rule.Body) != 1 {
		return nil, false
	}
	v, ok := rule.Head.Value.Value.(ast.Var)
	expr := rule.Body[0]
	if !ok || !expr.IsEquality() || expr.Negated || len(expr.With) > 0 {
		return nil, false
	}
	for _, pair := range [][2]*ast.Term{{expr.Operand(0), expr.Operand(1)}, {expr.Operand(1), expr.Operand(0)}} {
		target, isRef := pair[1].Value.(ast.Ref)
		if pair[0].Value.Compare(v) == 0 && isRef && target.HasPrefix(ast.InputRootRef) && target.IsGround() {
			return target.Concat(r[len(full):]), true
		}
	}
	return nil, false
}

// dropCovered removes pointers below another one of the list (sorted): reading /input/a reads
// /input/a/b already.
func dropCovered(sorted []string) []string {
	out := sorted[:0]
	for _, p := range sorted {
		if n := len(out); n > 0 && strings.HasPrefix(p, out[n-1]+"/") {
			continue
		}
		out = append(out, p)
	}
	return out
}

// pointerOf writes a constant input reference as a JSON pointer (RFC 6901 escapes); a step that
// is not a string or a number cannot be a pointer segment and counts as a dynamic step.
func pointerOf(ref ast.Ref) (string, bool) {
	return pointerUnder("/input", ref)
}

// pointerUnder writes ref's steps after its root under the pointer root.
func pointerUnder(root string, ref ast.Ref) (string, bool) {
	var b strings.Builder
	b.WriteString(root)
	for _, term := range ref[1:] {
		switch v := term.Value.(type) {
		case ast.String:
			b.WriteString("/")
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(string(v), "~", "~0"), "/", "~1"))
		case ast.Number:
			b.WriteString("/")
			b.WriteString(v.String())
		default:
			return b.String(), false
		}
	}
	return b.String(), true
}
