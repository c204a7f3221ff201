package regoeval

import (
	"context"
	"time"

	"github.com/open-policy-agent/opa/v1/topdown"
)

// budget bounds one evaluation: a context that ends at the deadline and the topdown.Cancel that
// OPA's evaluator polls (it does not watch the context), cancelled when the context ends (a
// callback, not a goroutine per evaluation: a replay makes hundreds of thousands). stop releases
// both; call it when the evaluation returns.
func budget(ctx context.Context, timeout time.Duration) (context.Context, topdown.Cancel, func()) {
	ctx, cancelCtx := context.WithTimeout(ctx, timeout)
	cancel := topdown.NewCancel()
	stopAfter := context.AfterFunc(ctx, cancel.Cancel)
	return ctx, cancel, func() {
		stopAfter()
		cancelCtx()
	}
}
