package regoeval

import (
	"context"
	"errors"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown"
)

// Kind classifies a failure. The client branches on it, so the set is closed and documented in
// docs/rego-engine.md; OPA's own code (rego_parse_error, eval_conflict_error, ...) travels in Code.
type Kind string

const (
	KindBadRequest     Kind = "bad_request"
	KindUnknownSide    Kind = "unknown_side"
	KindParse          Kind = "parse_error"
	KindCompile        Kind = "compile_error"
	KindUnknownBuiltin Kind = "unknown_builtin"
	KindEval           Kind = "eval_error"
	KindNDNotRecorded  Kind = "nd_builtin_not_recorded"
	KindTimeout        Kind = "timeout"
)

// Location is a position in a named module (line and column are 1-based, as OPA reports them).
type Location struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// Detail is one of OPA's errors, kept whole so a compile failure lists every problem at once.
type Detail struct {
	Code     string    `json:"code"`
	Message  string    `json:"message"`
	Location *Location `json:"location,omitempty"`
}

// Error is what every operation returns on failure. It never carries input, data or cache values:
// decision logs hold secrets (bearer tokens in input, JWTs in the nd_builtin_cache).
type Error struct {
	Kind     Kind      `json:"kind"`
	Code     string    `json:"code,omitempty"`
	Message  string    `json:"message"`
	Side     string    `json:"side,omitempty"`
	Builtin  string    `json:"builtin,omitempty"`
	Location *Location `json:"location,omitempty"`
	Errors   []Detail  `json:"errors,omitempty"`
}

func (e *Error) Error() string { return e.Message }

func locationOf(l *ast.Location) *Location {
	if l == nil {
		return nil
	}
	return &Location{File: l.File, Line: l.Row, Column: l.Col}
}

// compileError types OPA's parse/compile errors. A call to a name that is neither a rule nor a
// built-in of this OPA is unknown_builtin: a policy written for a newer OPA must be refused, not
// evaluated as if the call were undefined.
func compileError(err error) *Error {
	var errs ast.Errors
	if !errors.As(err, &errs) {
		return &Error{Kind: KindCompile, Message: err.Error()}
	}
	out := &Error{Kind: KindCompile, Message: errs.Error()}
	kind := KindCompile
	for _, e := range errs {
		out.Errors = append(out.Errors, Detail{Code: e.Code, Message: e.Message, Location: locationOf(e.Location)})
		switch {
		case e.Code == ast.ParseErr && kind == KindCompile:
			kind = KindParse
		case e.Code == ast.TypeErr && strings.HasPrefix(e.Message, "undefined function ") &&
			!strings.HasPrefix(e.Message, "undefined function data."):
			kind = KindUnknownBuiltin
		}
	}
	out.Kind = kind
	if len(errs) > 0 {
		out.Code = errs[0].Code
		out.Location = locationOf(errs[0].Location)
	}
	return out
}

// evalError types an evaluation failure; timedOut tells a deadline from any other cancellation.
func evalError(ctx context.Context, err error) *Error {
	var own *Error
	if errors.As(err, &own) {
		return own
	}
	var td *topdown.Error
	if errors.As(err, &td) {
		if td.Code == topdown.CancelErr && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return &Error{Kind: KindTimeout, Code: td.Code, Message: "evaluation exceeded its time budget"}
		}
		return &Error{Kind: KindEval, Code: td.Code, Message: err.Error(), Location: locationOf(td.Location)}
	}
	return &Error{Kind: KindEval, Message: err.Error()}
}
