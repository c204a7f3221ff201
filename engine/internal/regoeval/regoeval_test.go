package regoeval

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown/builtins"
)

const clockPolicy = `package svc
now := time.now_ns()
fresh if time.now_ns() < input.deadline
`

func compile(t *testing.T, modules map[string]string, decision string) *Policy {
	t.Helper()
	p, err := Compile(Spec{Modules: modules, Decision: decision})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func kindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}

func TestRecordedClockIsExact(t *testing.T) {
	p := compile(t, map[string]string{"c.rego": clockPolicy}, "svc/now")
	if got := evalRecorded(t, p, `{"time.now_ns":{"[]":1764670000123456789}}`); got != "1764670000123456789" {
		t.Fatalf("now = %s", got)
	}
}

// evalRecorded evaluates a decision side with a recorded nd_builtin_cache and returns its JSON.
func evalRecorded(t *testing.T, p *Policy, cacheJSON string) string {
	t.Helper()
	cache, err := ParseNDCache(json.RawMessage(cacheJSON))
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.Eval(context.Background(), Options{NDCache: cache})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := JSONOf(out.Value.Value)
	return string(got)
}

// A miss must end the evaluation even without strict built-in errors: a non-strict error would
// make the expression undefined and the decision silently different.
func TestMissingRecordFailsTheEvaluation(t *testing.T) {
	p := compile(t, map[string]string{"c.rego": clockPolicy}, "svc/fresh")
	input := ast.NewTerm(ast.MustParseTerm(`{"deadline": 1}`).Value)
	_, err := p.Eval(context.Background(), Options{Input: input})
	if kindOf(err) != KindNDNotRecorded {
		t.Fatalf("err = %v", err)
	}
	var e *Error
	errors.As(err, &e)
	if e.Builtin != "time.now_ns" {
		t.Fatalf("builtin = %q", e.Builtin)
	}
}

// OPA's own NDBCache.UnmarshalJSON keeps keys as strings: its lookups miss. ParseNDCache's hit.
func TestOPAUnmarshalMissesWhereParseHits(t *testing.T) {
	raw := `{"time.now_ns":{"[]":5}}`
	var theirs builtins.NDBCache
	if err := json.Unmarshal([]byte(raw), &theirs); err != nil {
		t.Fatal(err)
	}
	if _, ok := theirs.Get("time.now_ns", ast.NewArray()); ok {
		t.Fatal("OPA's unmarshalled cache hit; the workaround may no longer be needed")
	}
	ours, err := ParseNDCache(json.RawMessage(raw))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ours.Get("time.now_ns", ast.NewArray()); !ok {
		t.Fatal("parsed cache missed")
	}
}

// topdown consults the NDBCache only for built-ins that receive a BuiltinContext.
func TestEveryNondeterministicBuiltinConsultsTheCache(t *testing.T) {
	for _, b := range ast.Builtins {
		if b.Nondeterministic && b.CanSkipBctx {
			t.Errorf("%s skips its BuiltinContext: the cache would never answer it", b.Name)
		}
	}
	if len(NondeterministicBuiltins) == 0 {
		t.Fatal("no non-deterministic built-in wrapped")
	}
}

func TestUnknownBuiltinIsTyped(t *testing.T) {
	_, err := Compile(Spec{Modules: map[string]string{"n.rego": "package n\nallow if crypto.post_quantum(input.x)\n"}, Decision: "n/allow"})
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindUnknownBuiltin || e.Location == nil || e.Location.File != "n.rego" || e.Location.Line != 2 {
		t.Fatalf("err = %#v", err)
	}
}

func TestTimeoutIsTyped(t *testing.T) {
	p := compile(t, map[string]string{"s.rego": `package s
r := numbers.range(1, 4000)
n := count([1 | some i in r; some j in r; i == j + 1])
`}, "s/n")
	_, err := p.Eval(context.Background(), Options{Timeout: 20 * time.Millisecond})
	if kindOf(err) != KindTimeout {
		t.Fatalf("err = %v", err)
	}
}

// Partial answers are conservative: "decided" only when every completion of the input gives the
// same answer; rules topdown cannot inline (default rules among them) leave the answer undecided.
func TestPartialDecides(t *testing.T) {
	p := compile(t, map[string]string{"a.rego": `package a
allow if input.role == "admin"
allow if {
	input.method == "GET"
	input.path[0] == "public"
}
`}, "a/allow")
	partial := func(known string) *Residual {
		t.Helper()
		r, err := p.Partial(context.Background(), ast.MustParseTerm(known), []string{"/input/role"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := partial(`{"method": "GET", "path": ["public"]}`); !r.Decided || !r.Defined || !r.Value.Equal(ast.BooleanTerm(true)) {
		t.Fatalf("public GET: %+v", r)
	}
	if r := partial(`{"method": "POST", "path": ["public"]}`); r.Decided || len(r.Queries) == 0 {
		t.Fatalf("POST: %+v", r)
	}
	p = compile(t, map[string]string{"a.rego": "package a\nallow if {\n\tinput.method == \"GET\"\n\tinput.role == \"admin\"\n}\n"}, "a/allow")
	if r := partial(`{"method": "DELETE"}`); !r.Decided || r.Defined {
		t.Fatalf("DELETE: %+v", r)
	}
}

// A set argument is logged as an array; the call still finds its recorded result.
func TestRecordedCallWithSetArgument(t *testing.T) {
	p := compile(t, map[string]string{"h.rego": `package h
resp := http.send({"method": "get", "url": "https://users.internal/me", "scopes": {"write", "read"}})
`}, "h/resp")
	got := evalRecorded(t, p, `{"http.send":{"[{\"method\":\"get\",\"scopes\":[\"read\",\"write\"],\"url\":\"https://users.internal/me\"}]":{"status_code":200,"body":{"id":9007199254740993}}}}`)
	if got != `{"body":{"id":9007199254740993},"status_code":200}` {
		t.Fatalf("resp = %s", got)
	}
}

// A malformed cache is refused without quoting it: it holds the decision's secrets.
func TestBadCacheErrorsQuoteNothing(t *testing.T) {
	const secret = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2ln"
	for _, raw := range []string{
		`{"io.jwt.decode_verify":{"not json ` + secret + `":true}}`,
		`{"io.jwt.decode_verify":{"{\"token\":\"` + secret + `\"}":true}}`,
		`{"io.jwt.decode_verify":"` + secret + `"}`,
	} {
		_, err := ParseNDCache(json.RawMessage(raw))
		if err == nil {
			t.Fatalf("accepted %s", raw)
		}
		if strings.Contains(err.Error(), secret) {
			t.Fatalf("error quotes the cache: %v", err)
		}
	}
}
