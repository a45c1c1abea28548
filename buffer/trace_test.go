package buffer

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// trace is one recorded editing session from ../shared/traces: patches [pos, ndel, ins] applied in sequence to startContent
// must give endContent.
type trace struct {
	name       string
	start, end string
	patches    []patch
}

type patch struct {
	pos, del int
	ins      string
}

func (p *patch) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if len(raw) != 3 {
		return fmt.Errorf("patch %s: want [pos, ndel, ins]", b)
	}
	for i, dst := range []any{&p.pos, &p.del, &p.ins} {
		if err := json.Unmarshal(raw[i], dst); err != nil {
			return fmt.Errorf("patch %s field %d: %w", b, i, err)
		}
	}
	return nil
}

// sharedDir returns ../shared when it holds the traces, or "".
func sharedDir(tb testing.TB) string {
	dir, _ := testkit.Shared("traces")
	return dir
}

// loadTraces reads every trace, or skips the test when ../shared is absent.
func loadTraces(tb testing.TB, names ...string) []trace {
	shared := sharedDir(tb)
	if shared == "" {
		tb.Skip("needs ../shared (traces): absent")
	}
	if len(names) == 0 {
		files, err := filepath.Glob(filepath.Join(shared, "traces", "*.json.gz"))
		if err != nil {
			tb.Fatal(err)
		}
		names = files
	} else {
		for i, n := range names {
			names[i] = filepath.Join(shared, "traces", n+".json.gz")
		}
	}
	var out []trace
	for _, file := range names {
		tr, err := readTrace(file)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, tr)
	}
	if len(out) == 0 {
		tb.Skip("needs ../shared/traces/*.json.gz: none found")
	}
	return out
}

func readTrace(file string) (trace, error) {
	f, err := os.Open(file)
	if err != nil {
		return trace{}, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return trace{}, fmt.Errorf("%s: %w", file, err)
	}
	var doc struct {
		StartContent string `json:"startContent"`
		EndContent   string `json:"endContent"`
		Txns         []struct {
			Patches []patch `json:"patches"`
		} `json:"txns"`
	}
	if err := json.NewDecoder(zr).Decode(&doc); err != nil {
		return trace{}, fmt.Errorf("%s: %w", file, err)
	}
	tr := trace{name: filepath.Base(file), start: doc.StartContent, end: doc.EndContent}
	for _, tx := range doc.Txns {
		tr.patches = append(tr.patches, tx.Patches...)
	}
	return tr, nil
}

// changes turns the trace into Changes with their Old text, by replaying
// it once.
func (tr trace) changes(tb testing.TB) []Change {
	r := FromString(tr.start)
	cs := make([]Change, len(tr.patches))
	for i, p := range tr.patches {
		c := Change{Off: p.pos, Old: r.SliceString(p.pos, p.pos+p.del), New: p.ins}
		cs[i] = c
		r = r.Replace(p.pos, p.pos+p.del, p.ins)
	}
	if r.String() != tr.end {
		tb.Fatalf("%s: replay does not end with endContent", tr.name)
	}
	return cs
}

func TestTraces(t *testing.T) {
	for _, tr := range loadTraces(t) {
		t.Run(tr.name, func(t *testing.T) {
			cs := tr.changes(t)
			every := len(cs)/10 + 1
			// Persistent edits, invariants checked along the way.
			r := FromString(tr.start)
			for i, c := range cs {
				var err error
				if r, err = r.Apply(c); err != nil {
					t.Fatalf("patch %d: %v", i, err)
				}
				if i%every == 0 {
					if err := r.check(); err != nil {
						t.Fatalf("patch %d: invariant: %v", i, err)
					}
				}
			}
			if r.String() != tr.end {
				t.Fatalf("Apply replay does not end with endContent")
			}
			// The same in one batch, then undone through the inverses.
			b := FromString(tr.start).Transient()
			for i, c := range cs {
				if err := b.Apply(c); err != nil {
					t.Fatalf("batch patch %d: %v", i, err)
				}
			}
			end := b.Freeze()
			if err := end.check(); err != nil || end.String() != tr.end {
				t.Fatalf("batch replay: invariant %v, text equal %v", err, end.String() == tr.end)
			}
			inv := make([]Change, len(cs))
			for i, c := range cs {
				inv[len(cs)-1-i] = c.Inverse()
			}
			back, err := end.ApplyAll(inv)
			if err != nil || back.String() != tr.start || back.check() != nil {
				t.Fatalf("undoing every patch: %v", err)
			}
		})
	}
}

// flatChanges holds changes without pointers per change, so that a
// benchmark's own data costs the garbage collector nothing to scan: a
// slice of 260 000 Changes is half a million string pointers, and marking
// them made the collector dominate the replay.
type flatChanges struct {
	pool  string // every Old and New, back to back
	spans []flatChange
}

type flatChange struct{ off, old, new, end int } // Old = pool[old:new], New = pool[new:end]

func flatten(cs []Change) flatChanges {
	var sb strings.Builder
	spans := make([]flatChange, len(cs))
	for i, c := range cs {
		old := sb.Len()
		sb.WriteString(c.Old)
		mid := sb.Len()
		sb.WriteString(c.New)
		spans[i] = flatChange{c.Off, old, mid, sb.Len()}
	}
	return flatChanges{pool: sb.String(), spans: spans}
}

func (f *flatChanges) at(i int) Change {
	s := f.spans[i]
	return Change{Off: s.off, Old: f.pool[s.old:s.new], New: f.pool[s.new:s.end]}
}

// BenchmarkReplayAutomerge replays the automerge-paper trace (259 778
// single-character edits), one op per edit, starting over at the end; the
// ms/replay metric is the whole trace. Apply keeps every intermediate rope
// valid, as an editor with undo needs; Batch edits in place, which is what
// mutable ropes such as ropey and crop measure.
func BenchmarkReplayAutomerge(b *testing.B) {
	tr := loadTraces(b, "automerge-paper")[0]
	cs := flatten(tr.changes(b))
	n := len(cs.spans)
	tr.patches = nil
	perReplay := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)*float64(n)/1e6, "ms/replay")
	}
	b.Run("Apply", func(b *testing.B) {
		b.ReportAllocs()
		r, j := FromString(tr.start), 0
		for i := 0; i < b.N; i++ {
			if j == n {
				r, j = FromString(tr.start), 0
			}
			var err error
			if r, err = r.Apply(cs.at(j)); err != nil {
				b.Fatal(err)
			}
			j++
		}
		sinkRope = r
		perReplay(b)
	})
	b.Run("Batch", func(b *testing.B) {
		b.ReportAllocs()
		tx, j := FromString(tr.start).Transient(), 0
		for i := 0; i < b.N; i++ {
			if j == n {
				sinkRope = tx.Freeze()
				tx, j = FromString(tr.start).Transient(), 0
			}
			if err := tx.Apply(cs.at(j)); err != nil {
				b.Fatal(err)
			}
			j++
		}
		sinkRope = tx.Freeze()
		perReplay(b)
	})
}
