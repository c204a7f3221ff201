package regoeval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/util"
	"github.com/valyala/fastjson"
)

// ValueFromJSON decodes JSON into an OPA value keeping every number as its decimal text, so
// integers beyond 2^53, such as time.now_ns values, stay exact. A replay decodes an input per
// record, so it goes through fastjson (already in OPA's module graph) straight to OPA values; text
// that path does not take as encoding/json would (invalid UTF-8, which encoding/json replaces,
// or nesting past fastjson's depth) goes the encoding/json way, so the value is always the one
// OPA's own decoding gives.
func ValueFromJSON(raw []byte) (ast.Value, error) {
	parser := parsers.Get()
	defer parsers.Put(parser)
	if v, err := parser.ParseBytes(raw); err == nil {
		if value, ok := fromFast(v); ok {
			return value, nil
		}
	}
	var x any
	if err := util.UnmarshalJSON(raw, &x); err != nil {
		return nil, err
	}
	return ast.InterfaceToValue(x)
}

var parsers fastjson.ParserPool

func fromFast(v *fastjson.Value) (ast.Value, bool) {
	switch v.Type() {
	case fastjson.TypeNull:
		return ast.Null{}, true
	case fastjson.TypeTrue:
		return ast.Boolean(true), true
	case fastjson.TypeFalse:
		return ast.Boolean(false), true
	case fastjson.TypeNumber:
		// fastjson keeps a number as the text it was written in.
		return ast.Number(v.MarshalTo(nil)), true
	case fastjson.TypeString:
		b := v.GetStringBytes()
		if !utf8.Valid(b) {
			return nil, false
		}
		return ast.String(b), true
	case fastjson.TypeArray:
		items := v.GetArray()
		terms := make([]*ast.Term, len(items))
		for i, item := range items {
			value, ok := fromFast(item)
			if !ok {
				return nil, false
			}
			terms[i] = ast.NewTerm(value)
		}
		return ast.NewArray(terms...), true
	case fastjson.TypeObject:
		o := v.GetObject()
		obj := ast.NewObject()
		ok := true
		o.Visit(func(key []byte, item *fastjson.Value) {
			if !ok {
				return
			}
			value, good := fromFast(item)
			if !good || !utf8.Valid(key) {
				ok = false
				return
			}
			// A repeated key keeps its last value, as encoding/json does.
			obj.Insert(ast.StringTerm(string(key)), ast.NewTerm(value))
		})
		return obj, ok
	}
	return nil, false
}

// DecodeJSON decodes JSON into Go values with json.Number for numbers (for the store).
func DecodeJSON(raw []byte, into any) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(into); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data after JSON value")
	}
	return nil
}

// JSONOf encodes an OPA value as JSON the way OPA itself answers (sets become arrays, non-string
// object keys their JSON text), numbers written from their exact decimal text.
func JSONOf(v ast.Value) (json.RawMessage, error) {
	if out, ok := appendJSON(nil, v); ok {
		return out, nil
	}
	return jsonOfGeneral(v)
}

// jsonOfGeneral is JSONOf through ast.JSON and encoding/json, for any value.
func jsonOfGeneral(v ast.Value) (json.RawMessage, error) {
	x, err := ast.JSON(v)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	// Rego strings are data, not HTML: keep '<', '>' and '&' as they are, as `opa eval` does.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(x); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
