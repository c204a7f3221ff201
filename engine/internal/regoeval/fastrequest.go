package regoeval

import (
	"unicode/utf8"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown/builtins"
	"github.com/valyala/fastjson"
)

// FastEval is an eval_sides request read in one fastjson pass: the hot path of a replay, where
// decoding the envelope with encoding/json and then the input and the recorded results again
// took a fifth of the engine's CPU. OK is false whenever the request is anything but the plain
// shape the client writes (another op, another field, a value of another type, text that is not
// UTF-8): the caller then decodes it the general way, which also words every error.
type FastEval struct {
	OK       bool
	ID       []byte
	Sides    []string
	Input    *ast.Term
	NDCache  builtins.NDBCache
	Timeout  int
	Strict   bool
	HasInput bool
}

// ParseFastEval reads `line` as an eval_sides request, or says it is not one (OK false).
func ParseFastEval(line []byte) FastEval {
	parser := parsers.Get()
	defer parsers.Put(parser)
	v, err := parser.ParseBytes(line)
	if err != nil || v.Type() != fastjson.TypeObject {
		return FastEval{}
	}
	var out FastEval
	ok, sawOp := true, false
	v.GetObject().Visit(func(key []byte, item *fastjson.Value) {
		if !ok {
			return
		}
		switch string(key) {
		case "id":
			out.ID = item.MarshalTo(nil)
		case "op":
			sawOp = item.Type() == fastjson.TypeString && string(item.GetStringBytes()) == "eval_sides"
			ok = sawOp
		case "sides":
			ok = item.Type() == fastjson.TypeArray
			for _, s := range item.GetArray() {
				if s.Type() != fastjson.TypeString || !utf8.Valid(s.GetStringBytes()) {
					ok = false
					return
				}
				out.Sides = append(out.Sides, string(s.GetStringBytes()))
			}
		case "input":
			value, good := fromFast(item)
			ok = good
			out.Input, out.HasInput = ast.NewTerm(value), good
		case "nd_builtin_cache":
			out.NDCache, ok = fastNDCache(item)
		case "timeout_ms":
			n, err := item.Int()
			out.Timeout, ok = n, err == nil
		case "strict_builtin_errors":
			out.Strict, ok = item.Type() == fastjson.TypeTrue, item.Type() == fastjson.TypeTrue || item.Type() == fastjson.TypeFalse
		default:
			ok = false
		}
	})
	out.OK = ok && sawOp && out.ID != nil
	return out
}

// fastNDCache is ParseNDCache over an already parsed value; false for anything it would refuse.
func fastNDCache(v *fastjson.Value) (builtins.NDBCache, bool) {
	cache := builtins.NDBCache{}
	if v.Type() == fastjson.TypeNull {
		return cache, true
	}
	if v.Type() != fastjson.TypeObject {
		return nil, false
	}
	ok := true
	v.GetObject().Visit(func(name []byte, entries *fastjson.Value) {
		if !ok || entries.Type() != fastjson.TypeObject || !utf8.Valid(name) {
			ok = false
			return
		}
		entries.GetObject().Visit(func(key []byte, result *fastjson.Value) {
			if !ok {
				return
			}
			// The key is the JSON text of the argument array: re-parsed as a term, or lookups miss.
			args, err := ValueFromJSON(key)
			if _, isArray := args.(*ast.Array); err != nil || !isArray {
				ok = false
				return
			}
			value, good := fromFast(result)
			if !good {
				ok = false
				return
			}
			cache.Put(string(name), args, value)
		})
	})
	return cache, ok
}
