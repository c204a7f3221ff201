package regoeval

import (
	"reflect"
	"testing"
)

func TestReadsFollowRulesAndCutAtDynamicSteps(t *testing.T) {
	p := compile(t, map[string]string{"p.rego": `package p
allow if {
	input.method == "GET"
	owner
}
owner if input.path[2] == input.user.name
admin if input.roles[_] == "admin"
unused if input.secret
`}, "p/allow")
	r, err := p.Reads()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/input/method", "/input/path/2", "/input/user/name"}
	if r.Whole || !reflect.DeepEqual(r.Pointers, want) {
		t.Fatalf("reads = %v whole=%v, want %v", r.Pointers, r.Whole, want)
	}
}

func TestReadsOfTheWholeInput(t *testing.T) {
	for name, body := range map[string]string{
		"object.get":  `allow if object.get(input, "a", false)`,
		"walk":        `allow if { walk(input, [_, v]); v == "x" }`,
		"dynamic key": `allow if { some k; input[k] == "x" }`,
	} {
		p := compile(t, map[string]string{"p.rego": "package p\n" + body + "\n"}, "p/allow")
		r, err := p.Reads()
		if err != nil {
			t.Fatal(err)
		}
		if !r.Whole {
			t.Errorf("%s: reads %v, want the whole input", name, r.Pointers)
		}
	}
}

// A rule that only names a part of the input is read through: its constant uses read only what
// they name, anything else the whole part.
func TestReadsThroughInputAliases(t *testing.T) {
	policy := `package p
http := input.attributes.request.http
allow if {
	http.method == "GET"
	startswith(http.headers.authorization, "Bearer ")
}
`
	cases := map[string]struct {
		extra string
		want  []string
	}{
		"constant uses":  {"", []string{"/input/attributes/request/http/headers/authorization", "/input/attributes/request/http/method"}},
		"a dynamic step": {"allow if { some k; http.headers[k] == \"x\" }\n", []string{"/input/attributes/request/http/headers", "/input/attributes/request/http/method"}},
		"the bare name":  {"allow if count(http) > 3\n", []string{"/input/attributes/request/http"}},
		"a default":      {"default http := {}\n", []string{"/input/attributes/request/http"}},
	}
	for name, c := range cases {
		p := compile(t, map[string]string{"p.rego": policy + c.extra}, "p/allow")
		r, err := p.Reads()
		if err != nil {
			t.Fatal(err)
		}
		if r.Whole || !reflect.DeepEqual(r.Pointers, c.want) {
			t.Errorf("%s: reads %v (whole %v), want %v", name, r.Pointers, r.Whole, c.want)
		}
	}
}

// The data a decision reads, which the policy's bundle must hold.
func TestReadsOfData(t *testing.T) {
	p := compile(t, map[string]string{"p.rego": `package p
allow if input.user in data.org.managers[input.employee]
allow if data.flags.open == true
allow if helper
helper if input.x
`}, "p/allow")
	r, err := p.Reads()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/data/flags/open", "/data/org/managers"}; !reflect.DeepEqual(r.Data, want) {
		t.Fatalf("data reads %v, want %v", r.Data, want)
	}
}

// The rule groups a decision can reach: through rules, functions and aliases read through,
// in every package; never a rule nothing reaches.
func TestReadsOfRules(t *testing.T) {
	p := compile(t, map[string]string{
		"p.rego": `package p
import data.lib
http := input.request
default allow := false
allow if {
	http.method == "GET"
	lib.owner(input.user)
}
allow if admins[input.user]
admins contains name if some name in data.org.admins
unused if input.secret
`,
		"lib.rego": `package lib
owner(u) if u == data.org.owner
other if true
`,
	}, "p/allow")
	r, err := p.Reads()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"data.lib.owner", "data.p.admins", "data.p.allow", "data.p.http"}
	if !reflect.DeepEqual(r.Rules, want) {
		t.Fatalf("rule reads %v, want %v", r.Rules, want)
	}
}
