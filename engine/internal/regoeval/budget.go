package regoeval

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/open-policy-agent/opa/v1/topdown"
)

// budget bounds one evaluation: a context that ends at the deadline and the topdown.Cancel that
// OPA's evaluator polls (it does not watch the context), cancelled when the context ends (a
// callback, not a goroutine per evaluation: a replay makes hundreds of thousands). stop releases
// both; call it when the evaluation returns.
//
// When nothing but the deadline can end the evaluation (ctx has no Done channel, as in the
// engine's serve loop), one timer does both jobs: a derived context, its timer and the callback
// that links them cost a twentieth of a replay's engine CPU.
func budget(ctx context.Context, timeout time.Duration) (context.Context, topdown.Cancel, func()) {
	cancel := topdown.NewCancel()
	if ctx.Done() == nil {
		d := &deadlineCtx{Context: ctx, at: time.Now().Add(timeout)}
		timer := time.AfterFunc(timeout, func() {
			d.expired.Store(true)
			cancel.Cancel()
		})
		return d, cancel, func() { timer.Stop() }
	}
	ctx, cancelCtx := context.WithTimeout(ctx, timeout)
	stopAfter := context.AfterFunc(ctx, cancel.Cancel)
	return ctx, cancel, func() {
		stopAfter()
		cancelCtx()
	}
}

// deadlineCtx is a context that expires at a deadline without a Done channel: its Err reports
// the expiry (evalError reads it to tell a timeout from another cancellation); the evaluation
// itself is stopped by the topdown.Cancel, which is all OPA's evaluator polls.
type deadlineCtx struct {
	context.Context
	at      time.Time
	expired atomic.Bool
}

func (d *deadlineCtx) Deadline() (time.Time, bool) { return d.at, true }

func (d *deadlineCtx) Err() error {
	if d.expired.Load() {
		return context.DeadlineExceeded
	}
	return d.Context.Err()
}
