package protocol

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Answers come in request order although evaluations run in parallel, and a load in the middle
// of a batch changes only the evaluations after it.
func TestServeKeepsOrderAroundLoads(t *testing.T) {
	load := func(id int, value string) string {
		b, _ := json.Marshal(map[string]any{"id": id, "op": "load", "policies": map[string]any{
			"s": map[string]any{"modules": map[string]string{"p.rego": "package p\nv := " + value + "\n"}, "decision": "p/v"},
		}})
		return string(b)
	}
	var in strings.Builder
	in.WriteString(load(0, `"first"`) + "\n")
	for i := 1; i <= 2000; i++ {
		if i == 1000 {
			in.WriteString(load(i, `"second"`) + "\n")
			continue
		}
		fmt.Fprintf(&in, `{"id":%d,"op":"eval","side":"s","input":{"i":%d}}`+"\n", i, i)
	}
	in.WriteString("not json\n")

	var out bytes.Buffer
	if err := Serve(context.Background(), NewServer(), strings.NewReader(in.String()), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2002 {
		t.Fatalf("%d answers", len(lines))
	}
	for i, line := range lines[:2001] {
		var r struct {
			ID     int
			OK     bool
			Result string
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.ID != i || !r.OK {
			t.Fatalf("answer %d: %s", i, line)
		}
		want := "first"
		if i > 1000 {
			want = "second"
		}
		if i != 0 && i != 1000 && r.Result != want {
			t.Fatalf("answer %d: %s, want %s", i, line, want)
		}
	}
	if !strings.HasPrefix(lines[2001], `{"id":null,"ok":false,"error":{"kind":"bad_request"`) {
		t.Fatalf("last: %s", lines[2001])
	}
}
