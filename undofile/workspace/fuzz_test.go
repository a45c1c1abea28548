package workspace

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the committed fuzz seed corpus")

const seedDir = "testdata/fuzz/FuzzDecodeLog"

// seedLogs are valid logs: empty, one checkpoint, and a history with
// moved names, deleted and forgotten files, written by two processes.
func seedLogs(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	l := openTest(t, Options{})
	out["valid-empty-root"] = append(appendPreamble(nil), appendFrame(nil, kindRoot, appendString(nil, testRoot))...)
	commit(t, l, t0, "opened", false, file("a.txt", 0, "a"))
	out["valid-one"] = readLog(t, l)
	b := reopen(t, l)
	commit(t, b, t0.Add(time.Minute), "before x", true, file("a.txt", 2, "a2"), file("d/b", 1, "b"))
	commit(t, l, t0.Add(2*time.Minute), "write", false, gone("a.txt", 3))
	commit(t, b, t0.Add(3*time.Minute), "before x", true, file("d/c", 1, "c"))
	if _, err := l.Commit(Record{Time: t0.Add(4 * time.Minute), Label: "before rewind", Forget: []string{"d/b"}}); err != nil {
		t.Fatal(err)
	}
	out["valid-history"] = readLog(t, l)
	return out
}

// TestFuzzSeeds keeps the committed corpus in step with the format: every
// valid-* seed must decode without problems. Run with -update to
// regenerate it.
func TestFuzzSeeds(t *testing.T) {
	if *update {
		if err := os.MkdirAll(seedDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range seedLogs(t) {
			body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(data)) + ")\n"
			if err := os.WriteFile(filepath.Join(seedDir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ents, err := os.ReadDir(seedDir)
	if err != nil {
		t.Fatalf("seed corpus: %v (run go test -run TestFuzzSeeds -update)", err)
	}
	valid := 0
	for _, e := range ents {
		raw, err := os.ReadFile(filepath.Join(seedDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(raw), "\n", 3)
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if m, _, derr := decodeLog([]byte(s)); strings.HasPrefix(e.Name(), "valid-") && (derr != nil || m.problems != nil) {
			t.Errorf("%s: seed no longer decodes cleanly (run with -update): %v %q", e.Name(), derr, m.problems)
		}
		valid++
	}
	if valid < 3 {
		t.Errorf("only %d seeds", valid)
	}
}

// FuzzDecodeLog feeds arbitrary bytes to the log decoder. It must never
// panic; what it accepts must be consistent (every listed state exists,
// every path is inside the workspace, numbers increase, problems are
// single lines); and the accepted checkpoints, encoded anew as
// maintenance would, must decode to the same checkpoints without
// problems.
func FuzzDecodeLog(f *testing.F) {
	for _, data := range seedLogs(f) {
		f.Add(data)
		if len(data) > 40 {
			f.Add(data[:len(data)-7])
			damaged := slices.Clone(data)
			damaged[len(data)/2] ^= 0x20
			f.Add(damaged)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, end, err := decodeLog(data)
		if err != nil {
			return
		}
		if end > len(data) || len(m.problems) > maxProblems+1 {
			t.Fatalf("end %d of %d, %d problems", end, len(data), len(m.problems))
		}
		for _, p := range m.problems {
			if strings.ContainsAny(p, "\n\r") {
				t.Fatalf("multi-line problem %q", p)
			}
		}
		checkModel(t, m)
		if !m.rootSeen {
			m.root = testRoot
		}
		again, _, err := decodeLog(m.encodeKept(make([]bool, len(m.cps))))
		if err != nil || again.problems != nil {
			t.Fatalf("re-encoded log: %v %q", err, again.problems)
		}
		if a, b := describe(m), describe(again); !slices.Equal(a, b) {
			t.Fatalf("re-encoded log differs:\n%q\n%q", a, b)
		}
	})
}

// checkModel verifies the decoder's invariants.
func checkModel(t *testing.T, m *model) {
	t.Helper()
	for i := range m.cps {
		c := &m.cps[i]
		if i > 0 && c.number <= m.cps[i-1].number {
			t.Fatalf("numbers not increasing")
		}
		seen := map[uint32]bool{}
		for k, id := range c.ids {
			v, ok := m.versions[id]
			if !ok || (k > 0 && id <= c.ids[k-1]) || seen[v.path] {
				t.Fatalf("checkpoint %d: bad version list %v", c.number, c.ids)
			}
			seen[v.path] = true
			if err := ValidRel(m.paths[v.path]); err != nil {
				t.Fatalf("checkpoint %d: %v", c.number, err)
			}
		}
	}
}

// describe renders every checkpoint of m, for comparing two models.
func describe(m *model) []string {
	var out []string
	for i := range m.cps {
		c := m.checkpoint(i)
		out = append(out, fmt.Sprintf("%d %d %q %v %v %d %v", c.Number, c.Time.Unix(), c.Label, c.Named, c.Moved, c.Lost, c.Files))
	}
	return out
}
