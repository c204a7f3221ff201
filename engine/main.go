// policy-replay-engine evaluates Rego exactly as OPA v1.22.3 does (it links OPA as a library) for
// the policy-replay gate. It speaks newline-delimited JSON on stdin/stdout; see docs/rego-engine.md.
package main

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"runtime/pprof"

	"policy-replay/engine/internal/protocol"
)

func main() {
	// Each evaluation allocates a few kilobytes and keeps none of them; the live heap is the
	// compiled sides. Collecting at 4x the live heap instead of 2x costs a few tens of megabytes
	// and saves about 10% of CPU on a batch. GOGC, when set, still decides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	// A CPU profile of the whole run, for measuring the engine (docs/rego-engine.md "Speed").
	if path := os.Getenv("POLICY_REPLAY_ENGINE_CPUPROFILE"); path != "" {
		if f, err := os.Create(path); err == nil && pprof.StartCPUProfile(f) == nil {
			defer pprof.StopCPUProfile()
		}
	}
	if err := protocol.Serve(context.Background(), protocol.NewServer(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "policy-replay-engine:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}
