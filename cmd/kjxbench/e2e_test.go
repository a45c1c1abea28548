package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestEndToEnd runs the driver in -quick mode on a tiny synthetic trace
// and tiny generated inputs, with kjx built from this repository and the
// real Vim, and checks that every workload both editors run reaches the
// expected content (the driver verifies every output file; a wrong one
// fails the workload).
func TestEndToEnd(t *testing.T) {
	if _, err := exec.LookPath("vim"); err != nil {
		t.Skip("vim is not on PATH: the end-to-end comparison needs it")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go is not on PATH: needed to build kjx")
	}
	shared := t.TempDir()
	os.MkdirAll(filepath.Join(shared, "traces"), 0o755)
	writeTraceGz(t, filepath.Join(shared, "traces", "seph-blog1.json.gz"), synthTrace())
	writeTraceGz(t, filepath.Join(shared, "traces", "rustcode.json.gz"), twoTxns())
	out := t.TempDir()
	jsonOut, pngOut := filepath.Join(out, "r.json"), filepath.Join(out, "r.png")
	cfg, err := parseFlags([]string{"-quick", "-runs", "1", "-only", "1a,1b,1c,1d,2,3,3L,4,5,6",
		"-jsonsize", "3000", "-jsonedits", "20", "-bigsize", "64K", "-branch", "40",
		"-shared", shared, "-cache", filepath.Join(out, "cache"), "-work", filepath.Join(out, "work"),
		"-json", jsonOut, "-png", pngOut}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code, err := run(context.Background(), cfg, &stdout, &stderr)
	if err != nil || code != 0 {
		t.Fatalf("run: status %d, %v\n%s\n%s", code, err, stdout.String(), stderr.String())
	}
	var rep struct {
		Workloads []struct {
			ID     string
			Status string
			Reason string
			Extra  map[string]float64
			Kjx    struct {
				WallS []float64 `json:"wall_s"`
			}
			Vim struct {
				WallS []float64 `json:"wall_s"`
			}
		}
	}
	data, err := os.ReadFile(jsonOut)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Workloads) != 10 {
		t.Fatalf("%d workloads in the JSON", len(rep.Workloads))
	}
	for _, w := range rep.Workloads {
		switch w.ID {
		case "6":
			if w.Status != "ok" || w.Extra["frame_ms"] <= 0 || w.Extra["nodes"] < 2 {
				t.Errorf("6: status %s %s, extra %v", w.Status, w.Reason, w.Extra)
			}
		case "5":
			if w.Status != "ok" || len(w.Vim.WallS) != 1 {
				t.Errorf("5: status %s %s", w.Status, w.Reason)
			}
		default:
			if w.Status != "ok" || len(w.Kjx.WallS) != 1 || len(w.Vim.WallS) != 1 {
				t.Errorf("%s: status %s %s, runs %d/%d", w.ID, w.Status, w.Reason, len(w.Kjx.WallS), len(w.Vim.WallS))
			}
		}
	}
	if !strings.Contains(stdout.String(), "| 1a replay seph-blog1 (6 txns) + time travel |") {
		t.Errorf("table:\n%s", stdout.String())
	}
	f, err := os.Open(pngOut)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("chart: %v", err)
	}
}
