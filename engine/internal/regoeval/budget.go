package regoeval

import (
	"context"
	"time"

	"github.com/open-policy-agent/opa/v1/topdown"
)

// budget bounds one evaluation: a context that ends at the deadline and the topdown.Cancel that
// OPA's evaluator polls (it does not watch the context), cancelled when the context ends. stop
// releases both; call it when the evaluation returns.
func budget(ctx context.Context, timeout time.Duration) (context.Context, topdown.Cancel, func()) {
	ctx, cancelCtx := context.WithTimeout(ctx, timeout)
	cancel := topdown.NewCancel()
	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			cancel.Cancel()
		case <-done:
		}
	}()
	return ctx, cancel, func() {
		close(done)
		cancelCtx()
	}
}
