package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestTypedTravelRealTraces is the differential test of issue #17: a prefix
// of seph-blog1 and of rustcode typed in the typed shape into kjx (built
// from this repository) and into the real Vim, then time travel of every
// kind (travelMoves: g-/g+ and u/CTRL-R with counts, :undo N, :earlier and
// :later by time, count and file writes, across branches made at equal
// times). The workloads check the replay against the trace's text and
// every time-travel result against Vim's. The full traces run in
// kjxbench (workloads 1c and 1d); before the E169 fix the full seph-blog1
// replay stopped with "E169: Command too recursive".
func TestTypedTravelRealTraces(t *testing.T) {
	if _, err := exec.LookPath("vim"); err != nil {
		t.Skip("vim is not on PATH: the comparison needs it")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH: needed to build kjx")
	}
	shared, ok := testkit.Shared("traces/rustcode.json.gz")
	if !ok {
		t.Skip("no ../shared/traces beside the repository")
	}
	txns := "4000"
	if testing.Short() {
		txns = "800"
	}
	out := t.TempDir()
	cfg, err := parseFlags([]string{"-runs", "1", "-only", "1c,1d", "-txns", txns,
		"-shared", shared, "-work", filepath.Join(out, "work"), "-json", filepath.Join(out, "r.json")}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code, err := run(context.Background(), cfg, &stdout, &stderr)
	if err != nil || code != 0 {
		t.Fatalf("run: status %d, %v\n%s\n%s", code, err, stdout.String(), stderr.String())
	}
	data, err := os.ReadFile(filepath.Join(out, "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Workloads []struct{ ID, Status, Reason string }
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Workloads) != 2 {
		t.Fatalf("%d workloads in the report", len(rep.Workloads))
	}
	for _, w := range rep.Workloads {
		if w.Status != "ok" {
			t.Errorf("%s: %s %s", w.ID, w.Status, w.Reason)
		}
	}
}
