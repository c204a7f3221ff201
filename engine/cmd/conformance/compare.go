package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/util"

	"policy-replay/engine/internal/regoeval"
)

// compareResults is OPA's testAssertResultSet over the engine's JSON answer: both sides become a
// set of binding objects; sort_bindings sorts each bound array (set semantics for values that
// were sets before JSON); ignore_generated_vars drops the compiler's __localq variables.
func compareResults(want []map[string]any, got []map[string]json.RawMessage, sortBindings, ignoreGenerated bool) string {
	exp := ast.NewSet()
	for _, b := range want {
		obj := ast.NewObject()
		for k, v := range b {
			val, err := ast.InterfaceToValue(v)
			if err != nil {
				return "want_result not convertible: " + err.Error()
			}
			obj.Insert(ast.StringTerm(k), ast.NewTerm(val))
		}
		exp.Add(ast.NewTerm(obj))
	}

	act := ast.NewSet()
	for _, b := range got {
		obj := ast.NewObject()
		for k, raw := range b {
			var v any
			if err := regoeval.DecodeJSON(raw, &v); err != nil {
				return "result not JSON: " + err.Error()
			}
			if sortBindings {
				if arr, ok := v.([]any); ok {
					slices.SortFunc(arr, util.Compare)
				}
			}
			if ignoreGenerated && strings.HasPrefix(k, "__localq") {
				continue
			}
			val, err := ast.InterfaceToValue(v)
			if err != nil {
				return "result not convertible: " + err.Error()
			}
			obj.Insert(ast.StringTerm(k), ast.NewTerm(val))
		}
		act.Add(ast.NewTerm(obj))
	}

	if exp.Compare(act) != 0 {
		return fmt.Sprintf("unexpected query result: exp %v got %v", exp, act)
	}
	return ""
}
