package regoeval

import (
	"context"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown"
)

// Non-deterministic built-ins (time.now_ns, http.send, rand.intn, io.jwt.decode_verify, ...) must
// answer from the decision's recorded nd_builtin_cache and from nothing else: a replay that read the
// live clock or network would compare today's world, not the recorded one.
//
// topdown consults the NDBCache *before* calling a non-deterministic built-in and only calls it on
// a miss. Each such built-in is therefore replaced, process-wide, by one that fails the evaluation
// with nd_builtin_not_recorded on that miss, unless the evaluation's context allows live calls
// (the conformance suite, which tests the live built-ins themselves). The failure is a
// topdown.Halt so that it ends the evaluation even when built-in errors are not strict.

type liveKey struct{}

// withLive marks ctx so that non-deterministic built-ins run live on a cache miss.
func withLive(ctx context.Context) context.Context {
	return context.WithValue(ctx, liveKey{}, true)
}

func liveAllowed(ctx context.Context) bool {
	if ctx == nil {
		return false
	}
	live, _ := ctx.Value(liveKey{}).(bool)
	return live
}

// NondeterministicBuiltins lists the built-ins that only answer from the cache.
var NondeterministicBuiltins []string

func init() {
	for _, b := range ast.Builtins {
		if !b.Nondeterministic {
			continue
		}
		live := topdown.GetBuiltin(b.Name)
		if live == nil {
			continue
		}
		name, arity := b.Name, b.Decl.Arity()
		NondeterministicBuiltins = append(NondeterministicBuiltins, name)
		topdown.RegisterBuiltinFunc(name, func(bctx topdown.BuiltinContext, args []*ast.Term, iter func(*ast.Term) error) error {
			if v, ok := recordedAsLogged(bctx, name, args, arity); ok {
				return iter(ast.NewTerm(v))
			}
			if liveAllowed(bctx.Context) {
				return live(bctx, args, iter)
			}
			// The arguments are not quoted: they may be a bearer token or a request with secrets.
			return topdown.Halt{Err: &Error{
				Kind:     KindNDNotRecorded,
				Builtin:  name,
				Message:  name + ": non-deterministic built-in call not held by the decision's nd_builtin_cache",
				Location: locationOf(bctx.Location),
			}}
		})
	}
}

// recordedAsLogged looks the call up again with its arguments as the decision log wrote them.
// OPA logs the cache as JSON, which turns a set argument into an array (and a non-string object
// key into its JSON text); topdown's own lookup, with the set, misses such an entry. Normalising
// the arguments the same way finds it: the entry was recorded for exactly this call.
func recordedAsLogged(bctx topdown.BuiltinContext, name string, args []*ast.Term, arity int) (ast.Value, bool) {
	if bctx.NDBuiltinCache == nil || arity < 0 || len(args) < arity {
		return nil, false
	}
	logged, err := ast.JSON(ast.NewArray(args[:arity]...))
	if err != nil {
		return nil, false
	}
	key, err := ast.InterfaceToValue(logged)
	if err != nil {
		return nil, false
	}
	return bctx.NDBuiltinCache.Get(name, key)
}
