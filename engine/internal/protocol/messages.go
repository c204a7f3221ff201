// Package protocol is the engine's wire format: one JSON request per line in, one JSON response
// per line out, in request order. docs/rego-engine.md is its reference.
package protocol

import (
	"encoding/json"

	"policy-replay/engine/internal/regoeval"
)

// Request is any message; Op selects which fields matter.
type Request struct {
	// ID is echoed verbatim (string or number) so the client can match responses.
	ID json.RawMessage `json:"id"`
	Op string          `json:"op"`

	// load: the sides to (re)install, by name ("base", "head", ...).
	Policies map[string]regoeval.Spec `json:"policies,omitempty"`

	// eval and partial: which side, and its input.
	Side string `json:"side,omitempty"`
	// eval_sides: several sides evaluated on one input, decoded once, answered in this order.
	Sides     []string        `json:"sides,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	InputTerm string          `json:"input_term,omitempty"`

	// eval: the decision's recorded non-deterministic built-in results, as OPA logs them.
	NDBuiltinCache      json.RawMessage `json:"nd_builtin_cache,omitempty"`
	StrictBuiltinErrors bool            `json:"strict_builtin_errors,omitempty"`
	TimeoutMillis       int             `json:"timeout_ms,omitempty"`

	// partial: JSON pointers under /input whose values are unknown.
	Unknowns []string `json:"unknowns,omitempty"`

	// rules: modules (file name -> Rego text) to parse, and their Rego version.
	Modules     map[string]string `json:"modules,omitempty"`
	RegoVersion string            `json:"rego_version,omitempty"`

	// fast: an eval_sides request read in one pass, its input and recorded results already values.
	fast *regoeval.FastEval
}

// Response answers one request. OK false always comes with Error.
type Response struct {
	ID    json.RawMessage `json:"id"`
	OK    bool            `json:"ok"`
	Error *regoeval.Error `json:"error,omitempty"`

	// version
	OPA                      string   `json:"opa,omitempty"`
	NondeterministicBuiltins []string `json:"nondeterministic_builtins,omitempty"`

	// load: the sides now installed, sorted.
	Sides []string `json:"sides,omitempty"`

	// eval and partial. Defined is a pointer so that false is written, never omitted.
	Defined *bool           `json:"defined,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	// eval on a query side: every solution, variable -> value.
	Results []map[string]json.RawMessage `json:"results,omitempty"`

	// partial
	Decided  *bool    `json:"decided,omitempty"`
	Residual []string `json:"residual,omitempty"`

	// eval_sides: one answer per side, in the request's order.
	Answers []SideAnswer `json:"answers,omitempty"`

	// reads: the input pointers the decision can read, or the whole input.
	Reads      []string `json:"reads,omitempty"`
	WholeInput *bool    `json:"whole_input,omitempty"`
	// reads: the base documents under data the decision reads (pointers under /data).
	DataReads []string `json:"data_reads,omitempty"`
	// reads: the rule groups the decision can reach (data.pkg.rule).
	RuleReads []string `json:"rule_reads,omitempty"`
	// rules: every rule group and what each module is (written only for a rules request).
	*regoeval.RuleSet
}

// SideAnswer is one side's answer of an eval_sides request: defined and its result, or an error of
// that side alone (the other sides still answer).
type SideAnswer struct {
	Defined *bool           `json:"defined,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *regoeval.Error `json:"error,omitempty"`
}
