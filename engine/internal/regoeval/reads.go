package regoeval

import (
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
}

// Reads follows every rule the decision's query can reach, as dependencies.Base does.
func (p *Policy) Reads() (*Reads, error) {
	if !p.decision {
		return nil, &Error{Kind: KindBadRequest, Message: "reads needs a decision side"}
	}
	refs, err := dependencies.Base(p.compiler, p.query)
	if err != nil {
		return nil, &Error{Kind: KindEval, Message: err.Error()}
	}
	r := &Reads{Pointers: []string{}}
	for _, ref := range refs {
		if !ref.HasPrefix(ast.InputRootRef) {
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
	return r, nil
}

// pointerOf writes a constant input reference as a JSON pointer (RFC 6901 escapes); a step that
// is not a string or a number cannot be a pointer segment and counts as a dynamic step.
func pointerOf(ref ast.Ref) (string, bool) {
	var b strings.Builder
	b.WriteString("/input")
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
