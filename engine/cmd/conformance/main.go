// conformance runs OPA's v1 conformance suite through policy-replay-engine's own request path and
// prints a JSON summary: totals, every failing case with its reason, and (given -allowlist) the
// failures not allowed and the allowed ones that now pass.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/open-policy-agent/opa/v1/test/cases"
)

// opaModuleVersion must match go.mod (the ensure script and the tests check the engine's version).
const opaModuleVersion = "v1.22.3"

type failure struct {
	Note   string `json:"note"`
	File   string `json:"file"`
	Reason string `json:"reason"`
}

type summary struct {
	OPA        string    `json:"opa"`
	Total      int       `json:"total"`
	Passed     int       `json:"passed"`
	Failed     int       `json:"failed"`
	PassRate   float64   `json:"pass_rate"`
	Seconds    float64   `json:"seconds"`
	Failures   []failure `json:"failures"`
	Unexpected []string  `json:"unexpected_failures,omitempty"`
	Fixed      []string  `json:"allowed_but_passing,omitempty"`
}

func main() {
	dir := flag.String("cases", "", "directory of OPA's cases (default: testdata/<rego-version> of the OPA module in the Go module cache)")
	regoVersion := flag.String("rego-version", "v1", "v1 or v0: the cases' Rego version (OPA keeps a v0 copy of the suite)")
	allowPath := flag.String("allowlist", "", "JSON object note -> reason of the cases allowed to fail")
	filter := flag.String("note", "", "run only cases whose note has this prefix")
	nd := flag.String("nondeterministic", "live", `"live" (the suite tests those built-ins) or "recorded" (count the cases that need them)`)
	flag.Parse()

	if *dir == "" {
		d, err := casesDir(*regoVersion)
		if err != nil {
			fatal(err)
		}
		*dir = d
	}
	all, err := loadCases(*dir)
	if err != nil {
		fatal(err)
	}

	start := time.Now()
	ctx := context.Background()
	s := summary{OPA: opaModuleVersion[1:], Failures: []failure{}}
	for _, tc := range all {
		if *filter != "" && !hasPrefix(tc.Note, *filter) {
			continue
		}
		s.Total++
		reason := runGuarded(ctx, tc, *regoVersion, *nd)
		if reason == "" {
			s.Passed++
			continue
		}
		rel, _ := filepath.Rel(*dir, tc.Filename)
		s.Failures = append(s.Failures, failure{Note: tc.Note, File: rel, Reason: reason})
	}
	s.Failed = len(s.Failures)
	if s.Total > 0 {
		s.PassRate = float64(s.Passed) / float64(s.Total)
	}
	s.Seconds = time.Since(start).Seconds()

	if *allowPath != "" {
		allowed, err := readAllowlist(*allowPath)
		if err != nil {
			fatal(err)
		}
		s.Unexpected, s.Fixed = againstAllowlist(s.Failures, allowed)
	}

	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		fatal(err)
	}
}

// runGuarded turns a panic inside a case into that case's failure, so one case cannot hide the rest.
func runGuarded(ctx context.Context, tc cases.TestCase, regoVersion, nd string) (reason string) {
	defer func() {
		if r := recover(); r != nil {
			reason = fmt.Sprintf("panic: %v", r)
		}
	}()
	return runCase(ctx, tc, regoVersion, nd)
}

func readAllowlist(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var allowed map[string]string
	if err := json.Unmarshal(b, &allowed); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return allowed, nil
}

func againstAllowlist(failures []failure, allowed map[string]string) (unexpected, fixed []string) {
	failing := map[string]bool{}
	for _, f := range failures {
		failing[f.Note] = true
		if _, ok := allowed[f.Note]; !ok {
			unexpected = append(unexpected, f.Note)
		}
	}
	for note := range allowed {
		if !failing[note] {
			fixed = append(fixed, note)
		}
	}
	sort.Strings(fixed)
	return unexpected, fixed
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "conformance:", err)
	os.Exit(2)
}
