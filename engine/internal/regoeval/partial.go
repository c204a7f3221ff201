package regoeval

import (
	"context"
	"fmt"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown"
	"github.com/open-policy-agent/opa/v1/topdown/builtins"
)

// Residual is the answer of a partial evaluation of a decision side.
type Residual struct {
	// Decided: the decision is the same whatever values the unknown paths take.
	Decided bool
	Defined bool
	Value   *ast.Term
	// Queries is the residual policy (Rego text) when not decided.
	Queries []string
}

// Partial evaluates the decision with part of the input known and the paths in unknowns (JSON
// pointers under /input, e.g. "/input/user/roles") left unknown. Non-deterministic built-ins are
// first not called (topdown keeps them in the residual). When that leaves the decision undecided
// and the record has recorded results (cache), it is tried again with the calls whose arguments
// are known answered from them, as in Eval; if that reaches a call the record does not hold (the
// service, knowing the whole input, never made it), the first, undecided answer stands.
func (p *Policy) Partial(ctx context.Context, input *ast.Term, unknowns []string, cache builtins.NDBCache) (*Residual, error) {
	if !p.decision {
		return nil, &Error{Kind: KindBadRequest, Message: "partial needs a decision side"}
	}
	refs := make([]*ast.Term, 0, len(unknowns))
	for _, ptr := range unknowns {
		ref, err := inputRefOf(ptr)
		if err != nil {
			return nil, err
		}
		refs = append(refs, ast.NewTerm(ref))
	}
	ctx, cancel, stop := budget(ctx, p.timeout)
	defer stop()
	first, err := p.partialRun(ctx, cancel, input, refs, nil)
	if err != nil || first.Decided || cache == nil {
		return first, err
	}
	second, err := p.partialRun(ctx, cancel, input, refs, cache)
	if e, ok := err.(*Error); ok && e.Kind == KindNDNotRecorded {
		return first, nil
	}
	if err != nil || !second.Decided {
		return first, err
	}
	return second, nil
}

// partialRun is one partial evaluation; with a cache, non-deterministic calls answer from it.
func (p *Policy) partialRun(ctx context.Context, cancel topdown.Cancel, input *ast.Term, refs []*ast.Term, cache builtins.NDBCache) (*Residual, error) {
	txn, err := p.readTxn(ctx)
	if err != nil {
		return nil, &Error{Kind: KindEval, Message: err.Error()}
	}
	defer p.store.Abort(ctx, txn)
	q := topdown.NewQuery(p.query).
		WithQueryCompiler(p.qc).
		WithCompiler(p.compiler).
		WithStore(p.store).
		WithTransaction(txn).
		WithInput(input).
		WithUnknowns(refs).
		WithCancel(cancel)
	if cache != nil {
		q = q.WithNDBuiltinCache(cache).WithNondeterministicBuiltins(true)
	}
	partials, support, err := q.PartialRun(ctx)
	if err != nil {
		return nil, evalError(ctx, err)
	}
	r := residualOf(partials, support)
	if !r.Decided {
		if settled, ok := p.settle(ctx, partials, support); ok {
			return settled, nil
		}
	}
	return r, nil
}

// residualOf decides from the residual queries. None: undefined for every completion of the input.
// Otherwise the decision is decided when every query binds x to one same constant and at least one
// query is that binding alone (it holds whatever the unknowns are); the conditions of the others
// can then only repeat the value. Support modules (rules topdown would not inline) stay undecided.
func residualOf(partials []ast.Body, support []*ast.Module) *Residual {
	r := &Residual{}
	for _, b := range partials {
		r.Queries = append(r.Queries, b.String())
	}
	for _, m := range support {
		r.Queries = append(r.Queries, m.String())
	}
	if len(partials) == 0 {
		r.Decided = true
		r.Queries = nil
		return r
	}
	if len(support) > 0 {
		return r
	}
	var value *ast.Term
	unconditional := false
	for _, b := range partials {
		v, alone := boundValue(b)
		if v == nil || (value != nil && !value.Equal(v)) {
			return r
		}
		value = v
		unconditional = unconditional || alone
	}
	if unconditional {
		r.Decided, r.Defined, r.Value, r.Queries = true, true, value, nil
	}
	return r
}

// boundValue is c when body binds x with `x = c` (either way round, c a constant), and whether
// that binding is the whole body.
func boundValue(body ast.Body) (*ast.Term, bool) {
	var found *ast.Term
	for _, e := range body {
		if !e.IsEquality() || e.Negated || len(e.With) > 0 {
			continue
		}
		a, b := e.Operand(0), e.Operand(1)
		for _, pair := range [][2]*ast.Term{{a, b}, {b, a}} {
			if v, ok := pair[0].Value.(ast.Var); ok && v.Equal(decisionVar) && ast.IsConstant(pair[1].Value) {
				if found != nil && !found.Equal(pair[1]) {
					return nil, false
				}
				found = pair[1]
			}
		}
	}
	return found, found != nil && len(body) == 1
}

// inputRefOf turns a JSON pointer under /input into a reference (RFC 6901 escapes decoded).
func inputRefOf(ptr string) (ast.Ref, error) {
	if ptr != "/input" && !strings.HasPrefix(ptr, "/input/") {
		return nil, &Error{Kind: KindBadRequest, Message: fmt.Sprintf("unknown %q is not a JSON pointer under /input", ptr)}
	}
	ref := ast.Ref{ast.InputRootDocument}
	if ptr == "/input" {
		return ref, nil
	}
	for _, seg := range strings.Split(strings.TrimPrefix(ptr, "/input/"), "/") {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		ref = append(ref, ast.StringTerm(seg))
	}
	return ref, nil
}
