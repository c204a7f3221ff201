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

// rules answers every rule group with its definitions; a parse error is typed with its place.
func TestRulesRequest(t *testing.T) {
	s := NewServer()
	out := s.HandleLine(context.Background(), []byte(`{"id":"r","op":"rules","modules":{"a.rego":"package a\n\ndefault p := false\n\np if input.x\n"}}`))
	var r struct {
		ID    string
		OK    bool
		Rules []struct {
			Ref         string
			Definitions []struct {
				File      string
				Line      int
				EndLine   int `json:"end_line"`
				Canonical string
			}
		}
		Modules map[string]struct{ Package string }
	}
	if err := json.Unmarshal(out, &r); err != nil || !r.OK || r.ID != "r" || len(r.Rules) != 1 || r.Rules[0].Ref != "data.a.p" ||
		len(r.Rules[0].Definitions) != 2 || r.Rules[0].Definitions[1].Line != 5 || r.Modules["a.rego"].Package != "data.a" {
		t.Fatalf("%s", out)
	}
	out = s.HandleLine(context.Background(), []byte(`{"id":2,"op":"rules","modules":{"b.rego":"package a\np if {\n"}}`))
	if !strings.Contains(string(out), `"kind":"parse_error"`) || !strings.Contains(string(out), `"file":"b.rego"`) {
		t.Fatalf("%s", out)
	}
	out = s.HandleLine(context.Background(), []byte(`{"id":3,"op":"rules","modules":{}}`))
	if string(out) != `{"id":3,"ok":true,"rules":[],"modules":{}}` {
		t.Fatalf("%s", out)
	}
}
