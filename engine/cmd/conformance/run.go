package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/open-policy-agent/opa/v1/test/cases"

	"policy-replay/engine/internal/protocol"
	"policy-replay/engine/internal/regoeval"
)

// response is the part of an engine answer the comparison reads; results stay raw JSON and are
// decoded with exact numbers.
type response struct {
	OK      bool                         `json:"ok"`
	Error   *regoeval.Error              `json:"error"`
	Results []map[string]json.RawMessage `json:"results"`
}

// runCase sends a case through the engine's wire path (protocol.Server.HandleLine): a load of one
// generic-query side, then one eval. It returns "" on pass, else why it failed.
func runCase(ctx context.Context, tc cases.TestCase, regoVersion, nondeterministic string) string {
	if tc.ExperimentalKeywords {
		return "experimental_keywords: the engine compiles with the default capabilities"
	}
	for k, v := range tc.Env {
		os.Setenv(k, v)
		defer os.Unsetenv(k)
	}

	server := protocol.NewServer()
	spec := regoeval.Spec{
		Modules:     map[string]string{},
		RegoVersion: regoVersion,
		Query:       tc.Query,
		// The suite tests the non-deterministic built-ins themselves (time.now_ns, rand.intn,
		// io.jwt.decode_verify, ...), so by default they run live here; the gate never does.
		Nondeterministic: nondeterministic,
	}
	for i, m := range tc.Modules {
		spec.Modules[fmt.Sprintf("test-%d.rego", i)] = m
	}
	if tc.Data != nil {
		spec.Data = mustJSON(*tc.Data)
	}
	load := call(ctx, server, protocol.Request{ID: json.RawMessage(`"load"`), Op: "load", Policies: map[string]regoeval.Spec{"case": spec}})
	if !load.OK {
		return fmt.Sprintf("load failed (%s): %s", load.Error.Kind, load.Error.Message)
	}

	req := protocol.Request{ID: json.RawMessage(`"eval"`), Op: "eval", Side: "case", StrictBuiltinErrors: tc.StrictError}
	switch {
	case tc.InputTerm != nil:
		req.InputTerm = *tc.InputTerm
	case tc.Input != nil:
		req.Input = mustJSON(*tc.Input)
	}
	got := call(ctx, server, req)
	return judge(tc, got)
}

// judge compares as OPA's runner (v1/topdown/exported_test.go testRun) does: want_error is a
// substring of the error text, want_error_code the topdown error code, any other error fails,
// want_result the set of binding objects.
func judge(tc cases.TestCase, got response) string {
	var reasons []string
	if tc.WantError != nil {
		switch {
		case got.OK:
			reasons = append(reasons, fmt.Sprintf("expected error %q but got success", *tc.WantError))
		case !strings.Contains(got.Error.Message, *tc.WantError):
			reasons = append(reasons, fmt.Sprintf("expected error text %q but got %q", *tc.WantError, got.Error.Message))
		}
	}
	if tc.WantErrorCode != nil {
		switch {
		case got.OK:
			reasons = append(reasons, fmt.Sprintf("expected error code %q but got success", *tc.WantErrorCode))
		case got.Error.Code != *tc.WantErrorCode:
			reasons = append(reasons, fmt.Sprintf("expected error code %q but got %q (%s: %s)", *tc.WantErrorCode, got.Error.Code, got.Error.Kind, got.Error.Message))
		}
	}
	if !got.OK && tc.WantErrorCode == nil && tc.WantError == nil {
		reasons = append(reasons, fmt.Sprintf("unexpected error (%s): %s", got.Error.Kind, got.Error.Message))
	}
	if tc.WantResult != nil && got.OK {
		if diff := compareResults(*tc.WantResult, got.Results, tc.SortBindings, tc.IgnoreGeneratedVars); diff != "" {
			reasons = append(reasons, diff)
		}
	}
	if tc.WantResult == nil && tc.WantErrorCode == nil && tc.WantError == nil {
		reasons = append(reasons, "case expects nothing (no want_result, want_error_code or want_error)")
	}
	return strings.Join(reasons, "; ")
}

func call(ctx context.Context, s *protocol.Server, req protocol.Request) response {
	line, err := json.Marshal(req)
	if err != nil {
		return response{Error: &regoeval.Error{Kind: regoeval.KindBadRequest, Message: err.Error()}}
	}
	var resp response
	if err := regoeval.DecodeJSON(s.HandleLine(ctx, line), &resp); err != nil {
		return response{Error: &regoeval.Error{Kind: regoeval.KindBadRequest, Message: "unreadable response: " + err.Error()}}
	}
	if !resp.OK && resp.Error == nil {
		resp.Error = &regoeval.Error{Kind: regoeval.KindBadRequest, Message: "failure without error"}
	}
	return resp
}

func mustJSON(x any) json.RawMessage {
	b, err := json.Marshal(x)
	if err != nil {
		panic(err)
	}
	return b
}
