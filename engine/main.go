// policy-replay-engine evaluates Rego exactly as OPA v1.22.3 does (it links OPA as a library) for
// the policy-replay gate. It speaks newline-delimited JSON on stdin/stdout; see docs/rego-engine.md.
package main

import (
	"context"
	"fmt"
	"os"

	"policy-replay/engine/internal/protocol"
)

func main() {
	if err := protocol.Serve(context.Background(), protocol.NewServer(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "policy-replay-engine:", err)
		os.Exit(1)
	}
}
