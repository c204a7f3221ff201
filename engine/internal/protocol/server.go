package protocol

import (
	"context"
	"encoding/json"
	"sort"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown/builtins"
	"github.com/open-policy-agent/opa/v1/version"

	"policy-replay/engine/internal/regoeval"
)

// Server holds the compiled sides between requests. Evaluations may run concurrently; a load must
// not run alongside anything (Serve orders them so).
type Server struct {
	sides map[string]*regoeval.Policy
}

// NewServer returns a server with no side loaded.
func NewServer() *Server {
	return &Server{sides: map[string]*regoeval.Policy{}}
}

// Handle answers one request. It never panics on bad input and never echoes input, data or cache.
func (s *Server) Handle(ctx context.Context, req *Request) (resp *Response) {
	defer func() { resp.ID = req.ID }()
	defer recovered(&resp)
	return s.respond(ctx, req)
}

func (s *Server) respond(ctx context.Context, req *Request) *Response {
	resp := s.handle(ctx, req)
	if resp.Error != nil {
		resp.OK = false
	} else {
		resp.OK = true
	}
	return resp
}

func (s *Server) handle(ctx context.Context, req *Request) *Response {
	switch req.Op {
	case "version":
		return &Response{OPA: version.Version, NondeterministicBuiltins: regoeval.NondeterministicBuiltins}
	case "load":
		return s.load(req)
	case "eval":
		return s.eval(ctx, req)
	case "eval_sides":
		return s.evalSides(ctx, req)
	case "partial":
		return s.partial(ctx, req)
	case "reads":
		return s.reads(req)
	case "rules":
		return rules(req)
	default:
		return failure(&regoeval.Error{Kind: regoeval.KindBadRequest, Message: "unknown op " + quote(req.Op)})
	}
}

// load compiles every side before installing any: a head that fails to compile leaves the
// previous sides as they were.
func (s *Server) load(req *Request) *Response {
	if len(req.Policies) == 0 {
		return failure(&regoeval.Error{Kind: regoeval.KindBadRequest, Message: "load needs policies"})
	}
	compiled := make(map[string]*regoeval.Policy, len(req.Policies))
	for _, name := range sortedKeys(req.Policies) {
		p, err := regoeval.Compile(req.Policies[name])
		if err != nil {
			e := asError(err)
			e.Side = name
			return failure(e)
		}
		compiled[name] = p
	}
	for name, p := range compiled {
		s.sides[name] = p
	}
	return &Response{Sides: sortedKeys(s.sides)}
}

func (s *Server) eval(ctx context.Context, req *Request) *Response {
	p, input, cache, errResp := s.evaluation(req)
	if errResp != nil {
		return errResp
	}
	out, err := p.Eval(ctx, regoeval.Options{
		Input:               input,
		NDCache:             cache,
		StrictBuiltinErrors: req.StrictBuiltinErrors,
		Timeout:             time.Duration(req.TimeoutMillis) * time.Millisecond,
	})
	if err != nil {
		return failure(asError(err))
	}
	resp := &Response{Defined: boolPtr(out.Defined)}
	if p.IsDecision() {
		if out.Defined {
			if resp.Result, err = regoeval.JSONOf(out.Value.Value); err != nil {
				return failure(&regoeval.Error{Kind: regoeval.KindEval, Message: err.Error()})
			}
		}
		return resp
	}
	resp.Results = make([]map[string]json.RawMessage, 0, len(out.Results))
	for _, b := range out.Results {
		row := make(map[string]json.RawMessage, len(b))
		for k, v := range b {
			if row[k], err = regoeval.JSONOf(v.Value); err != nil {
				return failure(&regoeval.Error{Kind: regoeval.KindEval, Message: err.Error()})
			}
		}
		resp.Results = append(resp.Results, row)
	}
	return resp
}

// evalSides evaluates decision sides on one input and one set of recorded results, both decoded
// once: a replay asks the base and the head about every record.
func (s *Server) evalSides(ctx context.Context, req *Request) *Response {
	if len(req.Sides) == 0 {
		return failure(&regoeval.Error{Kind: regoeval.KindBadRequest, Message: "eval_sides needs sides"})
	}
	policies := make([]*regoeval.Policy, len(req.Sides))
	for i, name := range req.Sides {
		p, errResp := s.side(name)
		if errResp != nil {
			return errResp
		}
		if !p.IsDecision() {
			return failure(&regoeval.Error{Kind: regoeval.KindBadRequest, Side: name, Message: "eval_sides needs decision sides"})
		}
		policies[i] = p
	}
	input, cache, errResp := sidesInput(req)
	if errResp != nil {
		return errResp
	}
	answers := make([]SideAnswer, len(policies))
	for i, p := range policies {
		out, err := p.Eval(ctx, regoeval.Options{Input: input, NDCache: cache, Timeout: time.Duration(req.TimeoutMillis) * time.Millisecond})
		if err != nil {
			e := asError(err)
			e.Side = req.Sides[i]
			answers[i] = SideAnswer{Error: e}
			continue
		}
		answers[i] = SideAnswer{Defined: boolPtr(out.Defined)}
		if out.Defined {
			if answers[i].Result, err = regoeval.JSONOf(out.Value.Value); err != nil {
				answers[i] = SideAnswer{Error: &regoeval.Error{Kind: regoeval.KindEval, Side: req.Sides[i], Message: err.Error()}}
			}
		}
	}
	return &Response{Answers: answers}
}

func (s *Server) partial(ctx context.Context, req *Request) *Response {
	p, input, cache, errResp := s.evaluation(req)
	if errResp != nil {
		return errResp
	}
	r, err := p.Partial(ctx, input, req.Unknowns, cache)
	if err != nil {
		return failure(asError(err))
	}
	resp := &Response{Decided: boolPtr(r.Decided), Residual: r.Queries}
	if r.Decided {
		resp.Defined = boolPtr(r.Defined)
		if r.Defined {
			if resp.Result, err = regoeval.JSONOf(r.Value.Value); err != nil {
				return failure(&regoeval.Error{Kind: regoeval.KindEval, Message: err.Error()})
			}
		}
	}
	return resp
}

func (s *Server) reads(req *Request) *Response {
	p, errResp := s.side(req.Side)
	if errResp != nil {
		return errResp
	}
	r, err := p.Reads()
	if err != nil {
		return failure(asError(err))
	}
	return &Response{Reads: r.Pointers, WholeInput: boolPtr(r.Whole), DataReads: r.Data, RuleReads: r.Rules}
}

// rules parses modules and lists their rule groups. It reads no side and installs nothing.
func rules(req *Request) *Response {
	set, err := regoeval.Rules(req.Modules, req.RegoVersion)
	if err != nil {
		return failure(asError(err))
	}
	return &Response{RuleSet: set}
}

// evaluation is what eval and partial read from a request: the side, the input and the recorded
// non-deterministic results.
func (s *Server) evaluation(req *Request) (*regoeval.Policy, *ast.Term, builtins.NDBCache, *Response) {
	p, errResp := s.side(req.Side)
	if errResp != nil {
		return nil, nil, nil, errResp
	}
	input, err := inputOf(req)
	if err != nil {
		return nil, nil, nil, failure(asError(err))
	}
	cache, err := regoeval.ParseNDCache(req.NDBuiltinCache)
	if err != nil {
		return nil, nil, nil, failure(&regoeval.Error{Kind: regoeval.KindBadRequest, Message: err.Error()})
	}
	return p, input, cache, nil
}

func (s *Server) side(name string) (*regoeval.Policy, *Response) {
	p, ok := s.sides[name]
	if !ok {
		return nil, failure(&regoeval.Error{Kind: regoeval.KindUnknownSide, Side: name, Message: "no side " + quote(name) + " is loaded"})
	}
	return p, nil
}

// sidesInput is an eval_sides request's input and recorded results: read already on the fast path.
func sidesInput(req *Request) (*ast.Term, builtins.NDBCache, *Response) {
	if f := req.fast; f != nil {
		cache := f.NDCache
		if cache == nil {
			cache = builtins.NDBCache{}
		}
		if !f.HasInput {
			return nil, cache, nil
		}
		return f.Input, cache, nil
	}
	input, err := inputOf(req)
	if err != nil {
		return nil, nil, failure(asError(err))
	}
	cache, err := regoeval.ParseNDCache(req.NDBuiltinCache)
	if err != nil {
		return nil, nil, failure(&regoeval.Error{Kind: regoeval.KindBadRequest, Message: err.Error()})
	}
	return input, cache, nil
}

func inputOf(req *Request) (*ast.Term, error) {
	if req.InputTerm != "" {
		if len(req.Input) > 0 {
			return nil, &regoeval.Error{Kind: regoeval.KindBadRequest, Message: "set input or input_term, not both"}
		}
		return regoeval.InputFromTerm(req.InputTerm)
	}
	return regoeval.InputFromJSON(req.Input)
}

func asError(err error) *regoeval.Error {
	if e, ok := err.(*regoeval.Error); ok {
		return e
	}
	return &regoeval.Error{Kind: regoeval.KindEval, Message: err.Error()}
}

func failure(e *regoeval.Error) *Response { return &Response{Error: e} }

func boolPtr(b bool) *bool { return &b }

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
