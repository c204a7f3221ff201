package regoeval

import (
	"context"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
)

const defaultPolicy = `package d
default allow := false
allow if {
	input.method == "GET"
	input.path == ["public"]
}
allow if {
	input.method == "PUT"
	net.cidr_contains("10.0.0.0/8", input.client_ip)
}
recent if {
	input.method == "GET"
	time.now_ns() > input.since
}
default fresh := false
fresh if recent
`

func partialOf(t *testing.T, p *Policy, known string, unknowns ...string) *Residual {
	t.Helper()
	r, err := p.Partial(context.Background(), ast.MustParseTerm(known), unknowns, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A rule with a default is kept as a support module even when no other definition survives the
// known input; the residual then has one answer.
func TestSettleDefaultOnlyResiduals(t *testing.T) {
	p := compile(t, map[string]string{"d.rego": defaultPolicy}, "d/allow")
	if r := partialOf(t, p, `{"method": "GET", "path": ["private"]}`, "/input/client_ip"); !r.Decided || !r.Defined || !r.Value.Equal(ast.BooleanTerm(false)) {
		t.Fatalf("GET private: %+v", r)
	}
	if r := partialOf(t, p, `{"method": "GET", "path": ["public"]}`, "/input/client_ip"); !r.Decided || !r.Defined || !r.Value.Equal(ast.BooleanTerm(true)) {
		t.Fatalf("GET public: %+v", r)
	}
	// The PUT rule reads the unknown address: both answers remain possible.
	if r := partialOf(t, p, `{"method": "PUT", "path": ["public"]}`, "/input/client_ip"); r.Decided {
		t.Fatalf("PUT: %+v", r)
	}
}

// A residual that still calls the clock is not settled: partial evaluation has no recorded value.
func TestSettleLeavesNondeterministicCallsUndecided(t *testing.T) {
	p := compile(t, map[string]string{"d.rego": defaultPolicy}, "d/fresh")
	if r := partialOf(t, p, `{"method": "GET", "since": 5}`, "/input/client_ip"); r.Decided {
		t.Fatalf("fresh: %+v", r)
	}
	if r := partialOf(t, p, `{"method": "POST", "since": 0}`, "/input/client_ip"); !r.Decided || !r.Value.Equal(ast.BooleanTerm(false)) {
		t.Fatalf("fresh on POST: %+v", r)
	}
}
