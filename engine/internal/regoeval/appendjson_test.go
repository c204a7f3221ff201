package regoeval

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
)

// The direct writer must give encoding/json's bytes for every value it takes, and take the
// values a decision usually is.
func TestAppendJSONEqualsEncodingJSON(t *testing.T) {
	fixed := []ast.Value{
		ast.Null{}, ast.Boolean(true), ast.Boolean(false),
		ast.Number("0"), ast.Number("-12.50e+3"), ast.Number("1796241073000000001"),
		ast.String(""), ast.String("a\"b\\c/d<e>&f\b\f\n\r\t\x00\x1f\x7f"), ast.String("\u2028\u2029é😀"),
		ast.String("bad \xff utf-8 \xe2\x82"),
		ast.MustParseTerm(`{"allowed": true, "headers": {"x-ext-authz-user": "u-4120"}, "b": [1, null, "x"]}`).Value,
		ast.MustParseTerm(`{"z": 1, "a": {"y": [], "b": {}}, "é": 2, "A": 3}`).Value,
	}
	for _, v := range fixed {
		compareJSON(t, v, true)
	}
	// The writer declines what it does not take, and JSONOf still answers as before.
	for _, v := range []ast.Value{
		ast.MustParseTerm(`{1, 2}`).Value,
		ast.MustParseTerm(`{1: "a"}`).Value,
		ast.MustParseTerm(`[{"a": {2}}]`).Value,
	} {
		if _, ok := appendJSON(nil, v); ok {
			t.Fatalf("appendJSON took %v", v)
		}
		compareJSON(t, v, false)
	}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		compareJSON(t, randomValue(r, 3), true)
	}
}

func compareJSON(t *testing.T, v ast.Value, fast bool) {
	t.Helper()
	want, wantErr := jsonOfGeneral(v)
	got, err := JSONOf(v)
	if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
		t.Fatalf("JSONOf(%v) = %q, %v; encoding/json: %q, %v", v, got, err, want, wantErr)
	}
	if _, ok := appendJSON(nil, v); fast && !ok {
		t.Fatalf("appendJSON declined %v", v)
	}
}

func randomValue(r *rand.Rand, depth int) ast.Value {
	kind := r.Intn(7)
	if depth == 0 && kind >= 5 {
		kind = r.Intn(5)
	}
	switch kind {
	case 0:
		return ast.Null{}
	case 1:
		return ast.Boolean(r.Intn(2) == 0)
	case 2:
		return ast.Number([]string{"0", "-1", "3.25", "1e9", "-0.5E-3", "18446744073709551617"}[r.Intn(6)])
	case 3, 4:
		return ast.String(randomString(r))
	case 5:
		terms := make([]*ast.Term, r.Intn(4))
		for i := range terms {
			terms[i] = ast.NewTerm(randomValue(r, depth-1))
		}
		return ast.NewArray(terms...)
	default:
		obj := ast.NewObject()
		for i := r.Intn(4); i > 0; i-- {
			obj.Insert(ast.StringTerm(randomString(r)), ast.NewTerm(randomValue(r, depth-1)))
		}
		return obj
	}
}

func randomString(r *rand.Rand) string {
	alphabet := []string{"a", "Z", "0", " ", "\"", "\\", "/", "<", ">", "&", "\n", "\t", "\x01", "\x1f", "\x7f", "é", "\u2028", "\u2029", "😀", "\xff", "\xe2\x82"}
	var b []byte
	for i := r.Intn(6); i > 0; i-- {
		b = append(b, alphabet[r.Intn(len(alphabet))]...)
	}
	return string(b)
}
