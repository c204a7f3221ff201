package protocol

import (
	"context"
	"encoding/json"
	"testing"

	"policy-replay/engine/internal/regoeval"
)

// An eval_sides request read on the fast path is answered exactly as the general decoding would
// answer it: the same input (big numbers, escapes, null, absent), the same recorded results (keys
// re-parsed as terms, the clock beyond 2^53), the same errors; and anything else falls back.
func TestFastEvalSidesAnswersAsTheGeneralPath(t *testing.T) {
	s := NewServer()
	policy := `package p

import rego.v1

default allow := false

allow if {
	input.user == "alice"
	time.now_ns() > 1764688800000000000
}

allow if input.n == 12345678901234567890

tag := {"t": input.tag, "now": time.now_ns()}
`
	load, _ := json.Marshal(map[string]any{"id": 0, "op": "load", "policies": map[string]any{
		"a": map[string]any{"modules": map[string]string{"p.rego": policy}, "decision": "p/allow"},
		"t": map[string]any{"modules": map[string]string{"p.rego": policy}, "decision": "p/tag"},
	}})
	if req, _ := decodeRequest(load); !s.Handle(context.Background(), req).OK {
		t.Fatal("load failed")
	}
	cache := `{"time.now_ns":{"[]":1764688800123456789}}`
	lines := []string{
		`{"id":1,"op":"eval_sides","sides":["a","t"],"input":{"user":"alice","tag":"caf\u00e9"},"nd_builtin_cache":` + cache + `}`,
		`{"id":2,"op":"eval_sides","sides":["a"],"input":{"n":12345678901234567890}}`,
		`{"id":3,"op":"eval_sides","sides":["a","t"],"input":null,"nd_builtin_cache":` + cache + `}`,
		`{"id":4,"op":"eval_sides","sides":["a","t"]}`,
		`{"id":"five","op":"eval_sides","sides":["t"],"input":{"tag":1e400},"nd_builtin_cache":{"time.now_ns":{"[ ]":7}},"timeout_ms":1000}`,
		`{"id":6,"op":"eval_sides","sides":["nope"],"input":{}}`,
		`{"id":7,"op":"eval_sides","sides":["a"],"nd_builtin_cache":{"time.now_ns":{"not json":1}}}`,
		`{"id":8,"op":"eval_sides","sides":["a"],"input":{"user":"alice"},"nd_builtin_cache":{"time.now_ns":[]}}`,
	}
	fast := 0
	for _, line := range lines {
		req, bad := decodeRequest([]byte(line))
		general, generalBad := decodeGeneral([]byte(line))
		if (bad == nil) != (generalBad == nil) {
			t.Fatalf("%s: one path refused it", line)
		}
		if bad != nil {
			continue
		}
		if req.fast != nil {
			fast++
		}
		got, _ := json.Marshal(s.Handle(context.Background(), req))
		want, _ := json.Marshal(s.Handle(context.Background(), general))
		if string(got) != string(want) {
			t.Errorf("%s:\n fast    %s\n general %s", line, got, want)
		}
	}
	if fast < 5 {
		t.Fatalf("only %d requests took the fast path", fast)
	}
	for _, line := range []string{`{"id":9,"op":"eval","side":"a","input":{}}`, `{"id":10,"op":"eval_sides","sides":["a"],"unknowns":[]}`} {
		if req, _ := decodeRequest([]byte(line)); req.fast != nil {
			t.Fatalf("%s took the fast path", line)
		}
	}
}

// An eval_sides answer written without reflection has marshal's bytes; one with a side's error,
// or any other response, goes through marshal.
func TestEncodeAnswersAsMarshal(t *testing.T) {
	yes, no := true, false
	cases := []*Response{
		{ID: json.RawMessage(`7`), OK: true, Answers: []SideAnswer{{Defined: &yes, Result: json.RawMessage(`{"a":"<&>","b":[1,2.50]}`)}, {Defined: &no}}},
		{ID: json.RawMessage(`8`), OK: true, Answers: []SideAnswer{{Defined: &yes, Result: json.RawMessage(`"\u2028"`)}}},
	}
	for _, resp := range cases {
		got, ok := encodeAnswers(resp)
		want, err := marshal(resp)
		if !ok || err != nil || string(got) != string(want) {
			t.Errorf("encodeAnswers %s (%v), marshal %s (%v)", got, ok, want, err)
		}
	}
	for _, resp := range []*Response{
		{ID: json.RawMessage(`"x"`), OK: true, Answers: []SideAnswer{}},
		{ID: json.RawMessage(`9`), OK: true, Answers: []SideAnswer{{Error: &regoeval.Error{Kind: regoeval.KindEval, Message: "m"}}}},
		{ID: json.RawMessage(`10`), OK: true, Defined: &yes, Result: json.RawMessage(`1`)},
		{ID: json.RawMessage(`11`), Error: &regoeval.Error{Kind: regoeval.KindBadRequest, Message: "m"}},
	} {
		if _, ok := encodeAnswers(resp); ok {
			t.Errorf("encodeAnswers took %+v", resp)
		}
	}
}
