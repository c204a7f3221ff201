package regoeval

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
)

// Spec is one side of a policy change as the client sends it.
type Spec struct {
	// Modules maps a file name (reported in error locations) to Rego source.
	Modules map[string]string `json:"modules"`
	// Data is the base data document (JSON object); absent means {}.
	Data json.RawMessage `json:"data,omitempty"`
	// RegoVersion is "v1" (the default) or "v0".
	RegoVersion string `json:"rego_version,omitempty"`
	// Decision is a data path ("httpapi/authz/allow" or "httpapi.authz.allow"), evaluated as
	// `x = data.httpapi.authz.allow` so that undefined and false stay apart.
	Decision string `json:"decision,omitempty"`
	// Query is a Rego query body answered with all of its bindings (the generic mode, used by the
	// conformance suite). Exactly one of Decision and Query is set.
	Query string `json:"query,omitempty"`
	// Nondeterministic is "recorded" (the default: such built-ins answer only from the request's
	// nd_builtin_cache) or "live" (they run when the cache misses; for conformance testing only).
	Nondeterministic string `json:"nondeterministic,omitempty"`
	// TimeoutMillis is the default evaluation budget (default 5000).
	TimeoutMillis int `json:"timeout_ms,omitempty"`
}

// decisionVar is the query variable a decision's value is bound to.
const decisionVar = ast.Var("x")

// DefaultTimeout bounds an evaluation whose spec and request name no budget.
const DefaultTimeout = 5 * time.Second

// Policy is a compiled side: modules, data store and query, ready for many evaluations.
type Policy struct {
	compiler *ast.Compiler
	query    ast.Body
	qc       ast.QueryCompiler
	store    storage.Store
	decision bool
	live     bool
	timeout  time.Duration
	settled  settled
}

// Compile parses and compiles a side once. Every failure is an *Error with OPA's locations.
func Compile(spec Spec) (*Policy, error) {
	var version ast.RegoVersion
	switch spec.RegoVersion {
	case "", "v1":
		version = ast.RegoV1
	case "v0":
		version = ast.RegoV0
	default:
		return nil, &Error{Kind: KindBadRequest, Message: fmt.Sprintf("rego_version must be v0 or v1, not %q", spec.RegoVersion)}
	}
	live := false
	switch spec.Nondeterministic {
	case "", "recorded":
	case "live":
		live = true
	default:
		return nil, &Error{Kind: KindBadRequest, Message: `nondeterministic must be "recorded" or "live"`}
	}

	queryText, decision, err := queryOf(spec)
	if err != nil {
		return nil, err
	}

	opts := ast.CompileOpts{ParserOptions: ast.ParserOptions{RegoVersion: version}}
	compiler, err := ast.CompileModulesWithOpt(spec.Modules, opts)
	if err != nil {
		return nil, compileError(err)
	}
	body, err := ast.ParseBodyWithOpts(queryText, ast.ParserOptions{RegoVersion: version})
	if err != nil {
		return nil, compileError(err)
	}
	qc := compiler.QueryCompiler()
	compiled, err := qc.Compile(body)
	if err != nil {
		return nil, compileError(err)
	}

	store, err := storeOf(spec.Data)
	if err != nil {
		return nil, err
	}
	timeout := DefaultTimeout
	if spec.TimeoutMillis > 0 {
		timeout = time.Duration(spec.TimeoutMillis) * time.Millisecond
	}
	return &Policy{compiler: compiler, query: compiled, qc: qc, store: store, decision: decision, live: live, timeout: timeout}, nil
}

// IsDecision tells a decision side (one value) from a generic query side (binding sets).
func (p *Policy) IsDecision() bool { return p.decision }

func queryOf(spec Spec) (string, bool, error) {
	switch {
	case spec.Decision != "" && spec.Query != "":
		return "", false, &Error{Kind: KindBadRequest, Message: "set decision or query, not both"}
	case spec.Query != "":
		return spec.Query, false, nil
	case spec.Decision != "":
		ref, err := DecisionRef(spec.Decision)
		if err != nil {
			return "", false, err
		}
		return fmt.Sprintf("%s = %s", decisionVar, ref), true, nil
	default:
		return "", false, &Error{Kind: KindBadRequest, Message: "a side needs a decision path or a query"}
	}
}

// DecisionRef turns "httpapi/authz/allow" (the form of OPA's decision_id paths and of the
// data API) or "data.httpapi.authz.allow" into a data reference, each segment quoted so that
// names like "allow-all" stay one key.
func DecisionRef(path string) (ast.Ref, error) {
	p := strings.TrimPrefix(path, "data.")
	p = strings.TrimPrefix(p, "data/")
	p = strings.Trim(p, "/")
	sep := "/"
	if !strings.Contains(p, "/") {
		sep = "."
	}
	ref := ast.Ref{ast.DefaultRootDocument}
	for _, seg := range strings.Split(p, sep) {
		if seg == "" {
			return nil, &Error{Kind: KindBadRequest, Message: fmt.Sprintf("decision path %q has an empty segment", path)}
		}
		ref = append(ref, ast.StringTerm(seg))
	}
	if len(ref) == 1 {
		return nil, &Error{Kind: KindBadRequest, Message: "the decision path is empty"}
	}
	return ref, nil
}

func storeOf(raw json.RawMessage) (storage.Store, error) {
	data := map[string]any{}
	if len(raw) > 0 && string(raw) != "null" {
		if err := DecodeJSON(raw, &data); err != nil {
			return nil, &Error{Kind: KindBadRequest, Message: "data must be a JSON object: " + err.Error()}
		}
	}
	// Written once, read by every evaluation; round-tripping on write would only cost time.
	return inmem.NewFromObjectWithOpts(data, inmem.OptRoundTripOnWrite(false)), nil
}

// readTxn opens the read transaction an evaluation runs in.
func (p *Policy) readTxn(ctx context.Context) (storage.Transaction, error) {
	return p.store.NewTransaction(ctx)
}
