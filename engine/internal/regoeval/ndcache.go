package regoeval

import (
	"encoding/json"
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown/builtins"
)

// ParseNDCache rebuilds the builtins.NDBCache that OPA serialised into a decision-log event
// (`nd_builtin_cache`: builtin name -> {JSON text of the argument array -> result}).
//
// builtins.NDBCache's own UnmarshalJSON keeps each key as an ast.String, while evaluation looks
// entries up by the argument *array*: every lookup would miss and the live built-in would run.
// Each key is therefore parsed back into the array it was written from. Numbers stay exact.
//
// Errors never quote keys or values: they hold tokens and responses of the recorded decision.
func ParseNDCache(raw json.RawMessage) (builtins.NDBCache, error) {
	cache := builtins.NDBCache{}
	if len(raw) == 0 || string(raw) == "null" {
		return cache, nil
	}
	var byBuiltin map[string]map[string]json.RawMessage
	if err := json.Unmarshal(raw, &byBuiltin); err != nil {
		return nil, fmt.Errorf("nd_builtin_cache is not an object of objects")
	}
	for name, entries := range byBuiltin {
		for key, result := range entries {
			args, err := ValueFromJSON([]byte(key))
			if err != nil {
				return nil, fmt.Errorf("nd_builtin_cache[%q]: a key is not JSON", name)
			}
			if _, ok := args.(*ast.Array); !ok {
				return nil, fmt.Errorf("nd_builtin_cache[%q]: a key is not a JSON array of arguments", name)
			}
			v, err := ValueFromJSON(result)
			if err != nil {
				return nil, fmt.Errorf("nd_builtin_cache[%q]: a result is not JSON", name)
			}
			cache.Put(name, args, v)
		}
	}
	return cache, nil
}
