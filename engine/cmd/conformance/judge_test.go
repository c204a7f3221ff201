package main

import (
	"encoding/json"
	"testing"

	"github.com/open-policy-agent/opa/v1/test/cases"

	"policy-replay/engine/internal/regoeval"
)

// The runner must be able to fail: a comparison that always passed would make the figure empty.
func TestJudgeFailsOnDifferences(t *testing.T) {
	want := []map[string]any{{"x": json.Number("1")}}
	wantErr := "conflict"
	code := "eval_conflict_error"
	for name, c := range map[string]struct {
		tc  cases.TestCase
		got response
	}{
		"other value":       {cases.TestCase{WantResult: &want}, response{OK: true, Results: []map[string]json.RawMessage{{"x": json.RawMessage("2")}}}},
		"no result":         {cases.TestCase{WantResult: &want}, response{OK: true}},
		"error not wanted":  {cases.TestCase{WantResult: &want}, response{Error: &regoeval.Error{Kind: regoeval.KindEval, Message: "x"}}},
		"success not error": {cases.TestCase{WantError: &wantErr}, response{OK: true}},
		"other code":        {cases.TestCase{WantErrorCode: &code}, response{Error: &regoeval.Error{Kind: regoeval.KindEval, Code: "eval_type_error"}}},
	} {
		if judge(c.tc, c.got) == "" {
			t.Errorf("%s: passed", name)
		}
	}
	ok := response{OK: true, Results: []map[string]json.RawMessage{{"x": json.RawMessage("1.0")}}}
	if r := judge(cases.TestCase{WantResult: &want}, ok); r != "" {
		t.Errorf("1.0 vs 1: %s", r)
	}
}
