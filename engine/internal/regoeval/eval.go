package regoeval

import (
	"context"
	"encoding/json"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/metrics"
	"github.com/open-policy-agent/opa/v1/topdown"
	"github.com/open-policy-agent/opa/v1/topdown/builtins"
)

// Options are the per-evaluation settings.
type Options struct {
	// Input is the input document; nil leaves input undefined.
	Input *ast.Term
	// NDCache answers non-deterministic built-ins (ParseNDCache). nil is an empty cache: every
	// such call then fails with nd_builtin_not_recorded (unless the side is "live").
	NDCache builtins.NDBCache
	// StrictBuiltinErrors makes a built-in error fail the evaluation instead of leaving the
	// expression undefined (OPA's strict-builtin-errors).
	StrictBuiltinErrors bool
	// Timeout overrides the side's budget when positive.
	Timeout time.Duration
}

// Bindings is one solution of the query: variable name -> value.
type Bindings map[string]*ast.Term

// Outcome is what an evaluation found. For a decision side Defined/Value describe the decision;
// for a query side Results holds every solution as topdown produced it.
type Outcome struct {
	Defined bool
	Value   *ast.Term
	Results []Bindings
}

// Eval evaluates the side's query. It is the one evaluation path of the engine: the `eval`
// message and the conformance suite both come here.
func (p *Policy) Eval(ctx context.Context, opts Options) (*Outcome, error) {
	timeout := p.timeout
	if opts.Timeout > 0 {
		timeout = opts.Timeout
	}
	ctx, cancel, stop := budget(ctx, timeout)
	defer stop()
	if p.live {
		ctx = withLive(ctx)
	}

	txn, err := p.readTxn(ctx)
	if err != nil {
		return nil, &Error{Kind: KindEval, Message: err.Error()}
	}
	defer p.store.Abort(ctx, txn)

	cache := opts.NDCache
	if cache == nil {
		// topdown only consults a cache that exists: without one, a non-deterministic call
		// would go straight to the built-in.
		cache = builtins.NDBCache{}
	}

	// No metrics: nobody reads them, and a fresh set per evaluation is three maps to collect.
	q := topdown.NewQuery(p.query).
		WithMetrics(metrics.NoOp()).
		WithQueryCompiler(p.qc).
		WithCompiler(p.compiler).
		WithStore(p.store).
		WithTransaction(txn).
		WithInput(opts.Input).
		WithNDBuiltinCache(cache).
		WithStrictBuiltinErrors(opts.StrictBuiltinErrors).
		WithCancel(cancel)

	out := &Outcome{}
	rewritten := p.qc.RewrittenVars()
	err = q.Iter(ctx, func(qr topdown.QueryResult) error {
		b := make(Bindings, len(qr))
		for k, v := range qr {
			// As `opa eval` answers: the names the query wrote (`some x` and `x :=` are renamed
			// by the compiler), without the variables the compiler generated.
			if rw, ok := rewritten[k]; ok {
				k = rw
			}
			if k.IsGenerated() || k.IsWildcard() {
				continue
			}
			b[string(k)] = v
		}
		out.Results = append(out.Results, b)
		return nil
	})
	if err != nil {
		return nil, evalError(ctx, err)
	}
	if p.decision {
		// `x = data.p.q` has one solution at most: a complete document has one value.
		if len(out.Results) > 0 {
			out.Defined = true
			out.Value = out.Results[0][string(decisionVar)]
		}
		out.Results = nil
	} else {
		out.Defined = len(out.Results) > 0
	}
	return out, nil
}

// InputFromJSON parses a JSON input document exactly (nil for absent/null-less raw).
func InputFromJSON(raw json.RawMessage) (*ast.Term, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	v, err := ValueFromJSON(raw)
	if err != nil {
		return nil, &Error{Kind: KindBadRequest, Message: "input is not JSON: " + err.Error()}
	}
	return ast.NewTerm(v), nil
}

// InputFromTerm parses an input written as a Rego term (sets, non-string keys), as OPA's
// conformance cases do with input_term.
func InputFromTerm(text string) (*ast.Term, error) {
	t, err := ast.ParseTerm(text)
	if err != nil {
		return nil, &Error{Kind: KindBadRequest, Message: "input_term is not a Rego term: " + err.Error()}
	}
	return t, nil
}
