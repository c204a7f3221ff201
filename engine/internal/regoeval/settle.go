package regoeval

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown"
	"github.com/open-policy-agent/opa/v1/topdown/builtins"
)

// settled remembers residuals already settled: many records leave the same one.
type settled struct {
	mu      sync.Mutex
	answers map[string]*Residual
}

const maxSettled = 4096

// settle answers a residual that no part of the input reaches any more. Partial evaluation keeps
// a rule with a `default` as a support module even when every other definition of it failed on
// the known input (`default allow := false` alone): such a residual has one answer whatever the
// unknowns are, found by evaluating it with the support modules beside the policy. A residual that
// still reads the input, or that calls a non-deterministic built-in (partial evaluation does not
// call them), stays undecided. ok is false when it is not settled.
func (p *Policy) settle(ctx context.Context, partials []ast.Body, support []*ast.Module) (*Residual, bool) {
	if readsInput(partials, support) {
		return nil, false
	}
	key := residualKey(partials, support)
	p.settled.mu.Lock()
	if r, ok := p.settled.answers[key]; ok {
		p.settled.mu.Unlock()
		return r, r != nil
	}
	p.settled.mu.Unlock()
	r := p.evalResidual(ctx, partials, support)
	p.settled.mu.Lock()
	if p.settled.answers == nil || len(p.settled.answers) >= maxSettled {
		p.settled.answers = map[string]*Residual{}
	}
	p.settled.answers[key] = r
	p.settled.mu.Unlock()
	return r, r != nil
}

func residualKey(partials []ast.Body, support []*ast.Module) string {
	parts := make([]string, 0, len(partials)+len(support))
	for _, b := range partials {
		parts = append(parts, b.String())
	}
	for _, m := range support {
		parts = append(parts, m.String())
	}
	return strings.Join(parts, "\n--\n")
}

// readsInput is true when any reference to the input is left in the residual.
func readsInput(partials []ast.Body, support []*ast.Module) bool {
	found := false
	visit := func(x any) {
		ast.WalkRefs(x, func(r ast.Ref) bool {
			if r.HasPrefix(ast.InputRootRef) {
				found = true
			}
			return found
		})
	}
	for _, b := range partials {
		visit(b)
	}
	for _, m := range support {
		visit(m)
	}
	return found
}

// evalResidual evaluates the residual queries against the policy and its support modules; nil
// when that fails (the residual then stays undecided: never a wrong answer).
func (p *Policy) evalResidual(ctx context.Context, partials []ast.Body, support []*ast.Module) *Residual {
	modules := make(map[string]*ast.Module, len(p.compiler.Modules)+len(support))
	for name, m := range p.compiler.Modules {
		modules[name] = m
	}
	names := make([]string, 0, len(support))
	for i, m := range support {
		name := fmt.Sprintf("__policy_replay_support_%d.rego", i)
		modules[name] = m
		names = append(names, name)
	}
	sort.Strings(names)
	compiler := ast.NewCompiler()
	compiler.Compile(modules)
	if compiler.Failed() {
		return nil
	}
	txn, err := p.readTxn(ctx)
	if err != nil {
		return nil
	}
	defer p.store.Abort(ctx, txn)
	var value *ast.Term
	for _, body := range partials {
		qc := compiler.QueryCompiler()
		compiled, err := qc.Compile(body)
		if err != nil {
			return nil
		}
		q := topdown.NewQuery(compiled).
			WithQueryCompiler(qc).
			WithCompiler(compiler).
			WithStore(p.store).
			WithTransaction(txn).
			WithNDBuiltinCache(builtins.NDBCache{})
		results, err := q.Run(ctx)
		if err != nil {
			return nil
		}
		for _, qr := range results {
			v, ok := qr[decisionVar]
			if !ok {
				return nil
			}
			if value != nil && !value.Equal(v) {
				return nil // two values: a conflict the full evaluation would report
			}
			value = v
		}
	}
	if value == nil {
		return &Residual{Decided: true}
	}
	return &Residual{Decided: true, Defined: true, Value: value}
}
