package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undofile"
	"github.com/kjx-editor/kjx/undofile/store"
)

// stored commits a checkpoint whose files' texts all go to the store.
func stored(t *testing.T, l *Log, st *store.Store, at time.Time, label string, texts map[string]string) Committed {
	t.Helper()
	r := Record{Time: at, Label: label}
	var cs []Content
	for p, text := range texts {
		if text == "" {
			r.Files = append(r.Files, gone(p, 1))
			continue
		}
		r.Files = append(r.Files, Entry{Path: p, Seq: 1, Exists: true})
		cs = append(cs, Content{Path: p, Store: true, Write: func(w ioWriter) error {
			_, err := w.Write([]byte(text))
			return err
		}})
	}
	if err := Prepare(st, &r, cs); err != nil {
		t.Fatal(err)
	}
	res, err := l.Commit(r)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func newStore(t *testing.T, l *Log) *store.Store {
	return store.New(filepath.Join(l.opt.Dir, BlobsDir), store.Options{})
}

// age sets every blob's time back, as if stored long ago.
func age(t *testing.T, st *store.Store, d time.Duration) {
	blobs, err := st.Blobs()
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-d)
	for _, b := range blobs {
		name := filepath.Join(st.Dir(), b.Hash.String()[:2], b.Hash.String())
		if err := os.Chtimes(name, old, old); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPrepareHashesAndStores(t *testing.T) {
	l := openTest(t, Options{})
	st := newStore(t, l)
	stored(t, l, st, t0, "opened", map[string]string{"a": "text a\n", "b": "text b\n", "gone": ""})
	c := mustCheckpoint(t, l, 1)
	for _, e := range c.Files {
		if !e.Exists {
			continue
		}
		text, err := st.Get(store.Hash(e.Disk.Hash))
		if err != nil || undofile.HashBytes(text) != e.Disk {
			t.Errorf("%s: stored text %q, %v", e.Path, text, err)
		}
	}
	r := Record{Time: t0, Label: "write", Files: []Entry{gone("x", 1)}}
	err := Prepare(st, &r, []Content{{Path: "x", Write: func(ioWriter) error { return nil }}, {Path: "nowhere"}})
	if err == nil || strings.Count(err.Error(), "\n") != 1 {
		t.Errorf("Prepare of contents without an existing entry: %v", err)
	}
}

func TestMaintainAge(t *testing.T) {
	l := openTest(t, Options{})
	st := newStore(t, l)
	stored(t, l, st, t0, "opened", map[string]string{"a": "a old\n"})
	stored(t, l, st, t0.Add(24*time.Hour), "write", map[string]string{"a": "a newer\n"})
	stored(t, l, st, t0.Add(48*time.Hour), "write", map[string]string{"a": "a newest\n", "b": "b\n"})
	age(t, st, 2*time.Hour)
	now := t0.Add(48*time.Hour + 30*24*time.Hour)
	rep, err := l.Maintain(st, Policy{MaxAge: 30*24*time.Hour + time.Hour}, now)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Dropped != 2 || rep.Removed != 2 || rep.Freed <= 0 {
		t.Errorf("report %+v; want 2 checkpoints and their 2 blobs gone", rep)
	}
	for _, lg := range []*Log{l, reopen(t, l)} {
		if list := lg.List(); len(list) != 1 || list[0].Number != 3 {
			t.Errorf("left %+v", list)
		}
	}
	if blobs, _ := st.Blobs(); len(blobs) != 2 {
		t.Errorf("%d blobs left, want 2", len(blobs))
	}
	// The next commit continues the numbering.
	if res := commit(t, l, now, "write", false, file("a", 9, "x")); res.Number != 4 {
		t.Errorf("number after maintenance: %d", res.Number)
	}
}

// TestMaintainSizeCap: over the cap the oldest checkpoints go first, but
// never the newest one nor the newest one in which a file exists.
func TestMaintainSizeCap(t *testing.T) {
	l := openTest(t, Options{})
	st := newStore(t, l)
	big := func(tag string) string {
		return strings.Repeat(tag+" some text that compresses little 0123456789\n", 1) + randomText(tag, 4000)
	}
	// Checkpoints 1..6; "del" exists in 1 and 2 only, then is deleted.
	stored(t, l, st, t0, "opened", map[string]string{"a": big("a1"), "del": big("del1")})
	stored(t, l, st, t0.Add(time.Minute), "write", map[string]string{"a": big("a2"), "del": big("del2")})
	for i := 3; i <= 6; i++ {
		files := map[string]string{"a": big(fmt.Sprint("a", i))}
		if i == 3 {
			files["del"] = ""
		}
		stored(t, l, st, t0.Add(time.Duration(i)*time.Minute), "write", files)
	}
	age(t, st, 2*time.Hour)
	before, _ := l.Stats(st)
	// A cap that needs about half of the history gone.
	rep, err := l.Maintain(st, Policy{MaxSize: before.DiskBytes() / 2}, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	var left []int
	for _, s := range l.List() {
		left = append(left, s.Number)
	}
	// 1 goes; 2 is the newest holding "del"'s text; 3, 4 go; 5 and 6 fit.
	if !slices.Equal(left, []int{2, 5, 6}) && !slices.Equal(left, []int{2, 6}) {
		t.Errorf("left %v (report %+v)", left, rep)
	}
	after, _ := l.Stats(st)
	if after.DiskBytes() > before.DiskBytes()/2 || after.Unreferenced != 0 {
		t.Errorf("size %d, cap %d, unreferenced %d", after.DiskBytes(), before.DiskBytes()/2, after.Unreferenced)
	}
	// A cap of 1 byte keeps the protected checkpoints all the same.
	if _, err := l.Maintain(st, Policy{MaxSize: 1}, t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	left = nil
	for _, s := range l.List() {
		left = append(left, s.Number)
	}
	if !slices.Equal(left, []int{2, 6}) {
		t.Errorf("at a 1-byte cap: left %v, want [2 6]", left)
	}
	c := mustCheckpoint(t, l, 2)
	for _, e := range c.Files {
		if _, err := st.Get(store.Hash(e.Disk.Hash)); e.Exists && err != nil {
			t.Errorf("a protected text is gone: %s: %v", e.Path, err)
		}
	}
}

// randomText is text that DEFLATE cannot shrink much.
func randomText(tag string, n int) string {
	var b strings.Builder
	x := uint32(len(tag)*7919 + int(tag[len(tag)-1]))
	for b.Len() < n {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b.WriteByte(byte(33 + x%90))
	}
	return b.String()
}

func TestMaintainGraceAndGC(t *testing.T) {
	l := openTest(t, Options{})
	st := newStore(t, l)
	stored(t, l, st, t0, "opened", map[string]string{"a": "kept\n"})
	orphanOld, _ := st.Put([]byte("stored by a crashed worker long ago\n"))
	age(t, st, 2*time.Hour)
	orphanNew, _ := st.Put([]byte("stored by a worker about to commit\n"))
	rep, err := l.Maintain(st, Policy{}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Removed != 1 || st.Has(orphanOld.Hash) || !st.Has(orphanNew.Hash) || rep.Dropped != 0 {
		t.Errorf("report %+v: the old orphan must go, the new one stay", rep)
	}
	if _, err := os.Stat(l.Name() + ".~"); err == nil {
		t.Error("a healthy log was kept aside")
	}
}

func TestMaintainKeepsDamagedLogAside(t *testing.T) {
	l, shapes := sampleLog(t)
	orig := readLog(t, l)
	fs := frames(t, orig)
	data := slices.Clone(orig)
	f := fs[len(fs)-2] // a checkpoint's V record or the one before the last
	data[f.at+frameHeaderLen] ^= 0xff
	if err := os.WriteFile(l.Name(), data, 0o600); err != nil {
		t.Fatal(err)
	}
	l2 := reopen(t, l)
	st := newStore(t, l2)
	rep, err := l2.Maintain(st, Policy{}, t0)
	if err != nil {
		t.Fatal(err)
	}
	aside, err := os.ReadFile(rep.KeptAs)
	if rep.KeptAs == "" || err != nil || string(aside) != string(data) {
		t.Fatalf("kept aside %q: %v", rep.KeptAs, err)
	}
	l3 := reopen(t, l2)
	if p := l3.Problems(); p != nil {
		t.Errorf("the rewritten log still has problems: %q", p)
	}
	for _, s := range l3.List() {
		want := shapes[s.Number]
		got := shape(mustCheckpoint(t, l3, s.Number))
		if len(got) > len(want) {
			t.Errorf("checkpoint %d = %v, healthy %v", s.Number, got, want)
		}
	}
}

func TestStats(t *testing.T) {
	l := openTest(t, Options{})
	st := newStore(t, l)
	text := strings.Repeat("the same line\n", 100)
	stored(t, l, st, t0, "opened", map[string]string{"a": text, "b": text, "c": "other\n"})
	stored(t, l, st, t0.Add(time.Hour), "write", map[string]string{"c": "changed\n"})
	s, err := l.Stats(st)
	if err != nil {
		t.Fatal(err)
	}
	if s.Checkpoints != 2 || s.Files != 3 || s.Blobs != 3 || !s.Oldest.Equal(t0) || !s.Newest.Equal(t0.Add(time.Hour)) {
		t.Errorf("stats %+v", s)
	}
	unique := int64(len(text) + len("other\n") + len("changed\n"))
	logical := int64(2*len(text)+len("other\n")) + int64(2*len(text)+len("changed\n"))
	if s.TextBytes != unique || s.LogicalBytes != logical {
		t.Errorf("text %d logical %d, want %d %d", s.TextBytes, s.LogicalBytes, unique, logical)
	}
	if r := s.DedupRatio(); r < 2 || r > 5 {
		t.Errorf("dedup ratio %.2f", r)
	}
	if s.BlobBytes >= s.TextBytes || s.LogBytes == 0 || s.DiskBytes() != s.LogBytes+s.BlobBytes {
		t.Errorf("sizes: %+v", s)
	}
}

// TestMaintainKeepsBlobsWithoutLog: a store whose log is gone (deleted by
// accident) keeps its blobs; once checkpoints are dropped on purpose,
// their blobs go.
func TestMaintainKeepsBlobsWithoutLog(t *testing.T) {
	l := openTest(t, Options{})
	st := newStore(t, l)
	stored(t, l, st, t0, "opened", map[string]string{"a": "text\n"})
	age(t, st, 2*time.Hour)
	if err := os.Remove(l.Name()); err != nil {
		t.Fatal(err)
	}
	l2 := reopen(t, l)
	if rep, err := l2.Maintain(st, Policy{}, t0); err != nil || rep.Removed != 0 {
		t.Errorf("without a log: %+v, %v; want the blob kept", rep, err)
	}
	if blobs, _ := st.Blobs(); len(blobs) != 1 {
		t.Errorf("%d blobs", len(blobs))
	}
	stored(t, l2, st, t0, "opened", map[string]string{"b": "other\n"})
	age(t, st, 2*time.Hour)
	if rep, err := l2.Maintain(st, Policy{MaxAge: time.Hour}, t0.Add(2*time.Hour)); err != nil || rep.Dropped != 1 || rep.Removed != 2 {
		t.Errorf("dropping every checkpoint: %+v, %v; want both blobs gone", rep, err)
	}
}
