package regoeval

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/util"
)

// ValueFromJSON decodes JSON into an OPA value keeping every number as its decimal text
// (json.Number), so integers beyond 2^53, such as time.now_ns values, stay exact.
func ValueFromJSON(raw []byte) (ast.Value, error) {
	var x any
	if err := util.UnmarshalJSON(raw, &x); err != nil {
		return nil, err
	}
	return ast.InterfaceToValue(x)
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
