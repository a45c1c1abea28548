package ui

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/rivo/uniseg"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// kjxBin is the kjx binary of the end-to-end tests, built once per run.
var kjxBin testkit.SharedKJX

func TestMain(m *testing.M) {
	// tcell sets the ambiguous width from the environment when it is
	// initialised; golden screens must not depend on it.
	uniseg.EastAsianAmbiguousWidth = 1
	code := m.Run()
	kjxBin.Remove()
	os.Exit(code)
}

// golden compares got with testdata/name.golden, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui -run %s -update to create it)", err, t.Name())
	}
	if string(want) != got {
		t.Errorf("screen differs from %s\n--- got:\n%s\n--- want:\n%s", path, got, want)
	}
}
