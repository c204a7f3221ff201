package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"

	"github.com/open-policy-agent/opa/v1/test/cases"
)

// casesDir finds OPA's conformance cases (v1, or the v0 copy) in the module cache: the same copy of OPA the engine
// is built from (go.mod pins it), fetched the way the project already fetches OPA.
func casesDir(regoVersion string) (string, error) {
	out, err := exec.Command(goTool(), "mod", "download", "-json", "github.com/open-policy-agent/opa@"+opaModuleVersion).Output()
	if err != nil {
		return "", fmt.Errorf("go mod download: %w", err)
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
		return "", fmt.Errorf("go mod download gave no directory")
	}
	return filepath.Join(mod.Dir, "v1", "test", "cases", "testdata", regoVersion), nil
}

// loadCases reads every case with OPA's own loader, sorted by note as OPA's runner does.
func loadCases(dir string) ([]cases.TestCase, error) {
	set, err := cases.Load(dir)
	if err != nil {
		return nil, err
	}
	return set.Sorted().Cases, nil
}

// goTool is go from PATH, else the standard install location (as scripts/ensure-engine.mjs looks).
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return "/usr/local/go/bin/go"
}
