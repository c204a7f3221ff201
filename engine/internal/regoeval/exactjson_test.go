package regoeval

import (
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/util"
)

// The fast decoding gives exactly the value encoding/json's path gives, whatever the text.
func TestValueFromJSONAgreesWithEncodingJSON(t *testing.T) {
	for _, text := range []string{
		`{"a":1,"b":[true,false,null],"c":{"d":"x"}}`,
		`{"now":1764688800123456789,"f":-0.000123e+5,"big":123456789012345678901234567890}`,
		`{"esc":"tab\tquote\"slash\/uni\u00e9\ud83d\ude00","k\u00e9y":"v"}`,
		`{"dup":1,"dup":2}`,
		`[1.0, 1e2, 10E-1, -0]`,
		"{\"bad\":\"\xff\xfe\"}",
		`"just a string"`,
		`[]`,
	} {
		got, err := ValueFromJSON([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		var x any
		if err := util.UnmarshalJSON([]byte(text), &x); err != nil {
			t.Fatal(err)
		}
		want, err := ast.InterfaceToValue(x)
		if err != nil {
			t.Fatal(err)
		}
		if got.Compare(want) != 0 || got.String() != want.String() {
			t.Errorf("%s: fast %v, encoding/json %v", text, got, want)
		}
	}
	if _, err := ValueFromJSON([]byte(`{"a":`)); err == nil {
		t.Error("a truncated text decoded")
	}
}
