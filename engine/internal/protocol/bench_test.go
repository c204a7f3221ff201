package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
)

const benchPolicy = `package bench

default allow := false

allow if "admin" in input.roles

allow if {
	input.method == "GET"
	input.path[0] in {"public", "docs"}
}

allow if {
	input.method in {"GET", "PUT"}
	input.path == ["users", input.user]
}
`

// BenchmarkHandleLine is one eval request as the stream loop handles it: decode, evaluate, encode.
func BenchmarkHandleLine(b *testing.B) {
	s := NewServer()
	load, _ := json.Marshal(map[string]any{"id": 0, "op": "load", "policies": map[string]any{
		"allow": map[string]any{"modules": map[string]string{"bench.rego": benchPolicy}, "decision": "bench/allow"},
	}})
	ctx := context.Background()
	if out := s.HandleLine(ctx, load); string(out) != `{"id":0,"ok":true,"sides":["allow"]}` {
		b.Fatal(string(out))
	}
	lines := make([][]byte, 1000)
	for i := range lines {
		lines[i] = []byte(fmt.Sprintf(`{"id":%d,"op":"eval","side":"allow","input":{"method":"GET","path":["users","u%d"],"user":"u%d","roles":[]}}`, i, i%97, i%89))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.HandleLine(ctx, lines[i%len(lines)])
	}
}
