package regoeval

import (
	"context"
	"fmt"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown"
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
// never called: topdown keeps such calls in the residual, so they leave the decision undecided.
func (p *Policy) Partial(ctx context.Context, input *ast.Term, unknowns []string) (*Residual, error) {
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
	ctx, cancelCtx := context.WithTimeout(ctx, p.timeout)
	defer cancelCtx()
	txn, err := p.readTxn(ctx)
	if err != nil {
		return nil, &Error{Kind: KindEval, Message: err.Error()}
	}
	defer p.store.Abort(ctx, txn)
	cancel := topdown.NewCancel()
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			cancel.Cancel()
		case <-done:
		}
	}()

	q := topdown.NewQuery(p.query).
		WithQueryCompiler(p.qc).
		WithCompiler(p.compiler).
		WithStore(p.store).
		WithTransaction(txn).
		WithInput(input).
		WithUnknowns(refs).
		WithCancel(cancel)
	partials, support, err := q.PartialRun(ctx)
	if err != nil {
		return nil, evalError(ctx, err)
	}
	return residualOf(partials, support), nil
}

// residualOf decides from the residual queries: none means undefined for every completion; if
// each is only `x = <constant>` with one common constant, the decision is that value.
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
	for _, b := range partials {
		v := boundValue(b)
		if v == nil || (value != nil && !value.Equal(v)) {
			return r
		}
		value = v
	}
	r.Decided, r.Defined, r.Value, r.Queries = true, true, value, nil
	return r
}

// boundValue is c when body is exactly `x = c` (either way round) with c a constant.
func boundValue(body ast.Body) *ast.Term {
	if len(body) != 1 || !body[0].IsEquality() || body[0].Negated || len(body[0].With) > 0 {
		return nil
	}
	a, b := body[0].Operand(0), body[0].Operand(1)
	if v, ok := a.Value.(ast.Var); ok && v.Equal(decisionVar) && ast.IsConstant(b.Value) {
		return b
	}
	if v, ok := b.Value.(ast.Var); ok && v.Equal(decisionVar) && ast.IsConstant(a.Value) {
		return a
	}
	return nil
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
