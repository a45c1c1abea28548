package workspace

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/undofile"
	"github.com/kjx-editor/kjx/undofile/store"
)

// knownFiles returns n entries a/0000.go … with known hashes.
func knownFiles(n int) []Entry {
	es := make([]Entry, n)
	for i := range es {
		p := fmt.Sprintf("pkg%02d/file%04d.go", i%37, i)
		es[i] = Entry{Path: p, Seq: 1, Exists: true, Disk: undofile.HashBytes([]byte(p))}
	}
	return es
}

// BenchmarkCommit is a checkpoint of a workspace whose history knows
// 1 000 files, 10 of which changed, with their hashes known: what the
// editor's goroutine pays at a :w (lock, catch-up check, merge, encode,
// one append; no fsync). Budget: 5 ms.
func BenchmarkCommit(b *testing.B) { benchCommit(b, 1000, 10, false) }

// BenchmarkCommitSync adds the fsync that Sync does on a worker.
func BenchmarkCommitSync(b *testing.B) { benchCommit(b, 1000, 10, true) }

func benchCommit(b *testing.B, known, changed int, sync bool) {
	l := openTest(b, Options{})
	files := knownFiles(known)
	if _, err := l.Commit(Record{Time: t0, Label: "opened", Files: files}); err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rec := Record{Label: "write", Files: make([]Entry, changed)}
	n := 0
	for b.Loop() {
		n++
		rec.Time = t0.Add(time.Duration(n) * time.Second)
		for k := range rec.Files {
			e := files[rng.IntN(len(files))]
			e.Path = files[(n*changed+k)%len(files)].Path
			e.Seq = n + 1
			e.Disk = undofile.HashBytes(fmt.Appendf(nil, "%s %d", e.Path, n))
			rec.Files[k] = e
		}
		if _, err := l.Commit(rec); err != nil {
			b.Fatal(err)
		}
		if sync {
			if err := l.Sync(); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkOpen reads a log of 1 000 checkpoints of 100 files with 3
// changed each (session start-up, off the editor goroutine).
func BenchmarkOpen(b *testing.B) {
	l := openTest(b, Options{})
	files := knownFiles(100)
	if _, err := l.Commit(Record{Time: t0, Label: "opened", Files: files}); err != nil {
		b.Fatal(err)
	}
	for i := 1; i < 1000; i++ {
		rec := Record{Time: t0.Add(time.Duration(i) * time.Minute), Label: "write"}
		for k := range 3 {
			e := files[(i*7+k*31)%len(files)]
			e.Seq, e.Disk = i, undofile.HashBytes(fmt.Appendf(nil, "%d %d", i, k))
			rec.Files = append(rec.Files, e)
		}
		if _, err := l.Commit(rec); err != nil {
			b.Fatal(err)
		}
	}
	fi, _ := os.Stat(l.Name())
	for b.Loop() {
		l2, err := Open(l.opt)
		if err != nil || l2.Len() != 1000 {
			b.Fatal(err)
		}
		l2.Close()
	}
	b.ReportMetric(float64(fi.Size()), "log-bytes")
}

// traceTxns are one editing trace of ../shared/traces as transactions of
// patches, for realistic edits.
type traceTxns struct {
	start string
	txns  [][]tracePatch
}

type tracePatch struct {
	pos, del int
	ins      string
}

func (p *tracePatch) UnmarshalJSON(b []byte) error {
	var raw [3]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	if err := json.Unmarshal(raw[0], &p.pos); err != nil {
		return err
	}
	if err := json.Unmarshal(raw[1], &p.del); err != nil {
		return err
	}
	return json.Unmarshal(raw[2], &p.ins)
}

func loadTraceTxns(tb testing.TB) []traceTxns {
	dir, ok := testkit.Shared("traces")
	if !ok {
		tb.Skip("needs ../shared/traces: absent")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "traces", "*.json.gz"))
	var out []traceTxns
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			tb.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			tb.Fatal(err)
		}
		var doc struct {
			StartContent string `json:"startContent"`
			Txns         []struct {
				Patches []tracePatch `json:"patches"`
			} `json:"txns"`
		}
		err = json.NewDecoder(zr).Decode(&doc)
		f.Close()
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		tr := traceTxns{start: doc.StartContent}
		for _, t := range doc.Txns {
			tr.txns = append(tr.txns, t.Patches)
		}
		out = append(out, tr)
	}
	if len(out) == 0 {
		tb.Skip("needs ../shared/traces/*.json.gz: none found")
	}
	return out
}

// editedFile is one file of the generated workspace: a trace replayed up
// to next.
type editedFile struct {
	trace *traceTxns
	next  int
	text  buffer.Rope
}

func (f *editedFile) advance(n int) {
	for ; n > 0 && f.next < len(f.trace.txns); n-- {
		for _, p := range f.trace.txns[f.next] {
			f.text = f.text.Replace(p.pos, p.pos+p.del, p.ins)
		}
		f.next++
	}
}

// BenchmarkStoreSize1000Checkpoints measures the history of a 100-file
// workspace over 1 000 checkpoints with typical edits: file i replays the
// editing trace i mod 5 of ../shared/traces from its own starting point
// (up to 20 000 transactions in); each checkpoint edits 1 to 3 files by
// 20 to 300 transactions (an editing session between two writes), and
// every text a checkpoint records goes to the store (the worst case: the
// session stores only texts no undo file holds). Run with -benchtime 1x.
func BenchmarkStoreSize1000Checkpoints(b *testing.B) {
	traces := loadTraceTxns(b)
	for b.Loop() {
		storeSizeRun(b, traces)
	}
}

func storeSizeRun(b *testing.B, traces []traceTxns) {
	b.StopTimer()
	rng := rand.New(rand.NewPCG(3, 4))
	files := make([]*editedFile, 100)
	for i := range files {
		tr := &traces[i%len(traces)]
		f := &editedFile{trace: tr, text: buffer.FromString(tr.start)}
		f.advance(rng.IntN(min(20_000, len(tr.txns)/2)))
		files[i] = f
	}
	l := openTest(b, Options{})
	st := store.New(filepath.Join(l.opt.Dir, BlobsDir), store.Options{})
	b.StartTimer()
	checkpoint := func(at time.Time, label string, named bool, which []int) {
		rec := Record{Time: at, Label: label, Named: named}
		var cs []Content
		for _, i := range which {
			p := fmt.Sprintf("src/file%03d.txt", i)
			rec.Files = append(rec.Files, Entry{Path: p, Seq: files[i].next, Exists: true})
			text := files[i].text
			cs = append(cs, Content{Path: p, Store: true, Write: func(w ioWriter) error {
				_, err := text.WriteTo(w)
				return err
			}})
		}
		if err := Prepare(st, &rec, cs); err != nil {
			b.Fatal(err)
		}
		if _, err := l.Commit(rec); err != nil {
			b.Fatal(err)
		}
	}
	all := make([]int, len(files))
	for i := range all {
		all[i] = i
	}
	checkpoint(t0, "opened", false, all)
	for n := 1; n < 1000; n++ {
		var which []int
		for range 1 + rng.IntN(3) {
			i := rng.IntN(len(files))
			if !slices.Contains(which, i) {
				which = append(which, i)
			}
			files[i].advance(20 + rng.IntN(281))
		}
		label, named := "write", false
		if n%20 == 0 {
			label, named = fmt.Sprintf("point %d", n%7), true
		}
		checkpoint(t0.Add(time.Duration(n)*time.Minute), label, named, which)
	}
	if err := l.Sync(); err != nil {
		b.Fatal(err)
	}
	s, err := l.Stats(st)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(s.DiskBytes())/1e6, "MB-on-disk")
	b.ReportMetric(float64(s.LogBytes)/1e3, "kB-log")
	b.ReportMetric(float64(s.Blobs), "blobs")
	b.ReportMetric(float64(s.TextBytes)/1e6, "MB-text-unique")
	b.ReportMetric(float64(s.LogicalBytes)/1e6, "MB-text-all-checkpoints")
	b.ReportMetric(s.DedupRatio(), "dedup-ratio")
	b.ReportMetric(float64(s.TextBytes)/float64(s.BlobBytes), "compression-ratio")
}
