package undofile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undo"
)

// historyNames returns the base names of hs, sorted.
func historyNames(hs []History) []string {
	var out []string
	for _, h := range hs {
		out = append(out, filepath.Base(h.Name))
	}
	slices.Sort(out)
	return out
}

func wantNames(t *testing.T, what string, hs []History, want ...string) {
	t.Helper()
	got := historyNames(hs)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: got %q, want %q", what, got, want)
	}
}

// TestIndexFind: histories are found by the hash of their saved text and,
// when the writer was told it, of their current text; an index that is
// missing, corrupt or stale (a file written without updating it) gives
// the same answers, and is written back valid.
func TestIndexFind(t *testing.T) {
	dir := t.TempDir()
	shared := HashBytes([]byte("same text in two files\n"))
	unsaved := HashBytes([]byte("typed but not written\n"))
	img, _ := randomImage(rand.New(rand.NewPCG(1, 2)), 5)
	write := func(path string, disk, current FileState) {
		t.Helper()
		if _, err := writeWith(dir, Job{Path: path, Image: func() undo.Image { return img }, Disk: disk, Current: current}); err != nil {
			t.Fatal(err)
		}
	}
	write("/w/a.txt", shared, unsaved)
	write("/w/b.txt", shared, FileState{})
	write("/w/c.txt", stateOf("/w/c.txt"), FileState{})
	// d.txt is written by :wundo, which does not update the index.
	if _, err := WriteFile(filepath.Join(dir, PlainName("/w/d.txt")), Job{Path: "/w/d.txt", Image: func() undo.Image { return img }, Disk: shared}, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	check := func(what string) {
		t.Helper()
		ix, err := LoadIndex(dir)
		if err != nil {
			t.Fatal(err)
		}
		wantNames(t, what+": saved hash", ix.Find(shared), "%w%a.txt", "%w%b.txt", "%w%d.txt")
		wantNames(t, what+": other hash", ix.Find(stateOf("/w/c.txt")), "%w%c.txt")
		wantNames(t, what+": no such hash", ix.Find(HashBytes([]byte("nothing"))))
		if got := ix.Find(shared); got[0].Path == "" || got[0].Saved != shared {
			t.Fatalf("%s: %+v", what, got[0])
		}
		if _, err := decodeIndex(mustRead(t, filepath.Join(dir, indexName))); err != nil {
			t.Fatalf("%s: index written back invalid: %v", what, err)
		}
	}
	check("fresh")
	ix, _ := LoadIndex(dir)
	wantNames(t, "current hash", ix.Find(unsaved), "%w%a.txt")

	// Rewritten behind the index's back: a stale entry is read again.
	if _, err := WriteFile(filepath.Join(dir, PlainName("/w/c.txt")), Job{Path: "/w/c.txt", Image: func() undo.Image { return img }, Disk: shared}, WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	ix, _ = LoadIndex(dir)
	wantNames(t, "stale entry", ix.Find(shared), "%w%a.txt", "%w%b.txt", "%w%c.txt", "%w%d.txt")

	for name, damage := range map[string]func(p string){
		"missing":   func(p string) { os.Remove(p) },
		"truncated": func(p string) { b := mustRead(t, p); os.WriteFile(p, b[:len(b)/2], 0o600) },
		"bit flip":  func(p string) { b := mustRead(t, p); b[len(b)/3] ^= 4; os.WriteFile(p, b, 0o600) },
		"garbage":   func(p string) { os.WriteFile(p, []byte("KJXINDEX\x01\x00\x00\x00nonsense"), 0o600) },
		"symlink":   func(p string) { os.Remove(p); os.Symlink("/etc/passwd", p) },
	} {
		damage(filepath.Join(dir, indexName))
		ix, err := LoadIndex(dir)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wantNames(t, name, ix.Find(shared), "%w%a.txt", "%w%b.txt", "%w%c.txt", "%w%d.txt")
		if fi, err := os.Lstat(filepath.Join(dir, indexName)); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
			t.Fatalf("%s: index not rebuilt as a 0600 file: %v %v", name, fi, err)
		}
	}
}

func mustRead(t testing.TB, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestIndexIgnoresWhatIsNotAHistory: foreign files, other kinds of entry
// and corrupt undo files are never found; corrupt ones still count as
// histories for retention.
func TestIndexIgnoresWhatIsNotAHistory(t *testing.T) {
	dir := t.TempDir()
	shared := HashBytes([]byte("x"))
	img, _ := randomImage(rand.New(rand.NewPCG(1, 2)), 3)
	if _, err := writeWith(dir, Job{Path: "/a", Image: func() undo.Image { return img }, Disk: shared}); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "%a")
	data := mustRead(t, good)
	os.WriteFile(filepath.Join(dir, "%broken"), data[:20], 0o600)
	os.WriteFile(filepath.Join(dir, "README"), []byte("not ours"), 0o600)
	os.Symlink(good, filepath.Join(dir, "%link"))
	os.Mkdir(filepath.Join(dir, "%subdir"), 0o700)
	os.WriteFile(filepath.Join(dir, tempPrefix+"1-00"), data, 0o600)
	ix, err := LoadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	wantNames(t, "found", ix.Find(shared), "%a")
	wantNames(t, "histories", ix.Histories(), "%a", "%broken")
}

// TestIndexSetAsideAndCurrentKept: a set-aside copy keeps its entry under
// its new name; a history whose undo file was only touched (loaded)
// keeps the current-text hash the writer recorded.
func TestIndexSetAsideAndCurrentKept(t *testing.T) {
	dir := t.TempDir()
	disk, cur := HashBytes([]byte("on disk")), HashBytes([]byte("in the buffer"))
	img, saved := randomImage(rand.New(rand.NewPCG(3, 4)), 4)
	res, err := writeWith(dir, Job{Path: "/p/f", Image: func() undo.Image { return img }, SavedSeq: saved, Disk: disk, Current: cur})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(res.Name)
	time.Sleep(10 * time.Millisecond)
	if _, err := Read(dir, "/p/f", disk, Limits{}); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(res.Name)
	if !after.ModTime().After(before.ModTime()) {
		t.Fatalf("loading did not mark the history used: %v → %v", before.ModTime(), after.ModTime())
	}
	ix, _ := LoadIndex(dir)
	wantNames(t, "current after a load", ix.Find(cur), "%p%f")
	aside, err := SetAside(res.Name, fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	ix, _ = LoadIndex(dir)
	hs := ix.Find(disk)
	wantNames(t, "set aside", hs, filepath.Base(aside))
	if !hs[0].IsSetAside() || hs[0].Current != cur {
		t.Fatalf("set-aside history %+v", hs[0])
	}
	// ReadFile (:rundo) is not a use of the directory's history.
	before, _ = os.Stat(aside)
	if _, err := ReadFile(aside, disk, Limits{}); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.Stat(aside); !after.ModTime().Equal(before.ModTime()) {
		t.Fatal(":rundo changed the undo file's time")
	}
}

// TestOrphansPlanRemove: orphans are histories of absent files; the plan
// lists what Prune would delete and Prune deletes exactly that; Remove
// deletes on purpose, refusing anything that is not an undo file of
// this directory.
func TestOrphansPlanRemove(t *testing.T) {
	dir := t.TempDir()
	files := t.TempDir()
	live := filepath.Join(files, "live")
	os.WriteFile(live, []byte("x"), 0o600)
	gone := filepath.Join(files, "gone")
	now := time.Now()
	liveName := writeHistory(t, dir, live, 3)
	goneName := writeHistory(t, dir, gone, 3)
	oldName := writeHistory(t, dir, "/old/file", 3)
	old := now.Add(-100 * 24 * time.Hour)
	os.Chtimes(oldName, old, old)

	orphans, err := Orphans(dir)
	if err != nil {
		t.Fatal(err)
	}
	wantNames(t, "orphans", orphans, filepath.Base(goneName), filepath.Base(oldName))
	plan, err := PrunePlan(dir, 90*24*time.Hour, now)
	if err != nil {
		t.Fatal(err)
	}
	wantNames(t, "plan", plan, filepath.Base(oldName))
	if plan, _ := PrunePlan(dir, 0, now); len(plan) != 0 {
		t.Fatalf("persist_days = 0 plans %v", plan)
	}
	st, err := Prune(dir, 90*24*time.Hour, now)
	if err != nil || st.Removed != 1 || st.Files != 2 {
		t.Fatalf("Prune: %+v, %v", st, err)
	}
	if _, err := os.Stat(oldName); err == nil {
		t.Fatal("the planned file was not pruned")
	}

	outside := filepath.Join(files, "victim")
	os.WriteFile(outside, []byte("KJXUNDO\x00 looks like one"), 0o600)
	foreign := filepath.Join(dir, "README")
	os.WriteFile(foreign, []byte("notes"), 0o600)
	n, err := Remove(dir, []History{
		{FileInfo: FileInfo{Name: goneName}},
		{FileInfo: FileInfo{Name: outside}},
		{FileInfo: FileInfo{Name: filepath.Join(dir, "..", filepath.Base(files), "victim")}},
		{FileInfo: FileInfo{Name: foreign}},
	})
	if n != 1 || err == nil || strings.Count(err.Error(), "not removed") != 3 {
		t.Fatalf("Remove: %d, %v", n, err)
	}
	for name, want := range map[string]bool{goneName: false, liveName: true, outside: true, foreign: true} {
		if _, err := os.Stat(name); (err == nil) != want {
			t.Errorf("%s exists %v, want %v", name, err == nil, want)
		}
	}
	ix, _ := LoadIndex(dir)
	wantNames(t, "left", ix.Histories(), filepath.Base(liveName))
}

// TestIndexCodecRoundTrip: every kind of entry survives encoding, sorted.
func TestIndexCodecRoundTrip(t *testing.T) {
	entries := sampleEntries(200)
	got, err := decodeIndex(encodeIndex(entries))
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(entries)
	slices.SortFunc(want, func(a, b indexEntry) int { return strings.Compare(a.name, b.name) })
	if !slices.Equal(got, want) {
		t.Fatalf("round trip differs")
	}
}

func sampleEntries(n int) []indexEntry {
	rng := rand.New(rand.NewPCG(7, 8))
	var es []indexEntry
	for i := range n {
		e := indexEntry{name: fmt.Sprintf("%%home%%u%%f%05d.txt", i), kind: kindHistory, ino: rng.Uint64(),
			size: rng.Int64N(1 << 40), mtime: rng.Int64() - rng.Int64()}
		switch i % 5 {
		case 3:
			e.kind = kindUnreadable
		case 4:
			e.kind = kindForeign
		default:
			e.path = "/home/u/f" + strconv.Itoa(i) + ".txt"
			e.saved = HashBytes([]byte(e.path))
			if i%2 == 0 {
				e.current = HashBytes([]byte(e.path + "!"))
			}
		}
		es = append(es, e)
	}
	return es
}

// reframeIndex recomputes an index file's trailer so that a mutation
// reaches the entry parser.
func reframeIndex(data []byte) []byte {
	if len(data) < indexPreamble+indexTrailerLen {
		return data
	}
	d := slices.Clone(data)
	body := len(d) - indexTrailerLen
	binary.LittleEndian.PutUint64(d[body:], uint64(len(d)))
	binary.LittleEndian.PutUint32(d[body+8:], crc32.Checksum(d[:body+8], castagnoli))
	return d
}

const indexSeedDir = "testdata/fuzz/FuzzDecodeIndex"

// TestIndexFuzzSeeds keeps the committed corpus of FuzzDecodeIndex in step
// with the format: every valid-* seed must decode (-update rewrites them).
func TestIndexFuzzSeeds(t *testing.T) {
	if *update {
		if err := os.MkdirAll(indexSeedDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for i, n := range []int{0, 1, 5, 12} {
			for _, reseal := range []bool{false, true} {
				body := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\nbool(%v)\n", strconv.Quote(string(encodeIndex(sampleEntries(n)))), reseal)
				name := fmt.Sprintf("valid-%02d-%dentries-%v", i, n, reseal)
				if err := os.WriteFile(filepath.Join(indexSeedDir, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	ents, err := os.ReadDir(indexSeedDir)
	if err != nil {
		t.Fatalf("seed corpus: %v (run go test -run TestIndexFuzzSeeds -update)", err)
	}
	valid := 0
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), "valid-") {
			continue // an input the fuzzer found, kept as a regression case
		}
		raw := string(mustRead(t, filepath.Join(indexSeedDir, e.Name())))
		lines := strings.Split(raw, "\n")
		s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if _, err := decodeIndex([]byte(s)); err != nil {
			t.Errorf("%s: seed no longer decodes (run with -update): %v", e.Name(), err)
		}
		valid++
	}
	if valid < 8 {
		t.Errorf("only %d valid seeds", valid)
	}
}

// FuzzDecodeIndex: no input panics or allocates beyond its size; a
// success names only plain base names and re-encodes to the same bytes.
// Inputs are resealed half of the time so mutations get past the CRC.
func FuzzDecodeIndex(f *testing.F) {
	f.Add(encodeIndex(sampleEntries(3)), false)
	f.Add(encodeIndex(nil), false)
	f.Add([]byte(indexMagic+"\x01\x00\x00\x00\xff\xff\xff\xff\x0f"), true)
	f.Fuzz(func(t *testing.T, data []byte, reseal bool) {
		if reseal {
			data = reframeIndex(data)
		}
		es, err := decodeIndex(data)
		if err != nil {
			if !errors.Is(err, errIndex) || es != nil {
				t.Fatalf("bad failure %v %v", es, err)
			}
			return
		}
		for _, e := range es {
			if !plainEntryName(e.name) || filepath.Base(e.name) != e.name {
				t.Fatalf("unsafe name %q accepted", e.name)
			}
		}
		if again := encodeIndex(es); !bytes.Equal(again, data) {
			t.Fatalf("decoded index re-encodes differently")
		}
	})
}

// TestIndexHostile: crafted files whose counts and lengths lie are
// refused without allocating what they claim, and names that would leave
// the directory are refused.
func TestIndexHostile(t *testing.T) {
	pre := func(count uint64) []byte {
		b := binary.LittleEndian.AppendUint16([]byte(indexMagic), indexVersion)
		b = binary.LittleEndian.AppendUint16(b, 0)
		return binary.AppendUvarint(b, count)
	}
	entry := func(name string) []byte {
		b := appendString(nil, name)
		return append(b, byte(kindForeign), 1, 1, 2)
	}
	cases := map[string][]byte{
		"huge count":       pre(1 << 60),
		"huge name length": append(pre(1), binary.AppendUvarint(nil, 1<<50)...),
		"dot-dot":          append(pre(1), entry("..")...),
		"slash":            append(pre(1), entry("../../etc/passwd")...),
		"index itself":     append(pre(1), entry(indexName)...),
		"duplicate":        append(append(pre(2), entry("%a")...), entry("%a")...),
		"unsorted":         append(append(pre(2), entry("%b")...), entry("%a")...),
		"trailing bytes":   append(append(pre(1), entry("%a")...), 0),
	}
	for name, data := range cases {
		data = append(data, make([]byte, indexTrailerLen)...)
		data = reframeIndex(data)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		es, err := decodeIndex(data)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("%s: accepted: %v", name, es)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(4*len(data)+64<<10) {
			t.Errorf("%s: %d input bytes allocated %d bytes", name, len(data), alloc)
		}
	}
}

// indexDir fills a directory with n undo files of typical size (20
// nodes each, written directly: n fsyncs would take minutes) and returns
// it with the hash shared by file 0 and file n/2. There is no index yet.
func indexDir(b testing.TB, n int) (string, FileState) {
	dir := b.TempDir()
	img := typicalImage(rand.New(rand.NewPCG(5, 6)), 20)
	shared := HashBytes([]byte("the shared text"))
	for i := range n {
		disk := HashBytes([]byte("text " + strconv.Itoa(i)))
		if i == 0 || i == n/2 {
			disk = shared
		}
		path := fmt.Sprintf("/home/user/src/project/pkg%03d/file%05d.go", i%100, i)
		data, err := Encode(&File{Path: path, Disk: disk, Image: img}, Limits{})
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, PlainName(path)), data, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	return dir, shared
}

// TestIndexLarge: with 1 000 undo files, the index holds them all and
// finds the two that share a text, by both kinds of check.
func TestIndexLarge(t *testing.T) {
	dir, shared := indexDir(t, 1000)
	ix, err := LoadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(ix.Histories()); got != 1000 {
		t.Fatalf("%d histories indexed", got)
	}
	if got := ix.Find(shared); len(got) != 2 {
		t.Fatalf("found %d, want 2", len(got))
	}
	if got, err := FindHistories(dir, shared); err != nil || len(got) != 2 {
		t.Fatalf("FindHistories found %d, %v", len(got), err)
	}
}

// BenchmarkFindHistories5000 is "which histories have saved text with
// hash H" with 5 000 undo files in the directory and an index that is up
// to date (the case at every open): read and check the index, stat every
// file, search. Budget: 20 ms.
func BenchmarkFindHistories5000(b *testing.B) {
	dir, shared := indexDir(b, 5000)
	if _, err := LoadIndex(dir); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := processCPU()
	for range b.N {
		hs, err := FindHistories(dir, shared)
		if err != nil || len(hs) != 2 {
			b.Fatal(len(hs), err)
		}
	}
	b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkIndexRebuild5000 is the same lookup when the index is missing:
// every undo file's header is read and the index written again (once
// after an upgrade or a crash).
func BenchmarkIndexRebuild5000(b *testing.B) {
	dir, shared := indexDir(b, 5000)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		os.Remove(filepath.Join(dir, indexName))
		b.StartTimer()
		hs, err := FindHistories(dir, shared)
		if err != nil || len(hs) != 2 {
			b.Fatal(len(hs), err)
		}
	}
}
