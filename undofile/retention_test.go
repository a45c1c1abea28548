package undofile

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestPruneAndDirStats(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	fresh := writeHistory(t, dir, "/fresh", 5)
	old := writeHistory(t, dir, "/old", 5)
	gone := writeHistory(t, dir, "/gone", 200)
	big := writeHistory(t, dir, "/big", 900)
	aside, err := SetAside(writeHistory(t, dir, "/aside-gone", 3), now)
	if err != nil {
		t.Fatal(err)
	}
	os.Chtimes(old, now.Add(-100*24*time.Hour), now.Add(-100*24*time.Hour))
	foreign := filepath.Join(dir, "README")
	os.WriteFile(foreign, []byte("not ours"), 0o600)
	os.Chtimes(foreign, now.Add(-1000*24*time.Hour), now.Add(-1000*24*time.Hour))
	target := filepath.Join(t.TempDir(), "target")
	os.WriteFile(target, []byte("x"), 0o600)
	link := filepath.Join(dir, "%link")
	os.Symlink(target, link)

	st, err := DirStats(dir)
	if err != nil || st.Files != 5 || len(st.Largest) != 5 || st.Largest[0].Name != big || st.Largest[0].Path != "/big" {
		t.Fatalf("DirStats: %+v, %v", st, err)
	}
	var sum int64
	for _, f := range st.Largest {
		sum += f.Size
	}
	if sum != st.Bytes {
		t.Fatalf("Bytes %d, sum of files %d", st.Bytes, sum)
	}
	// "/gone" and "/aside-gone" do not exist: their histories stay, only
	// age removes a history.
	st, err = Prune(dir, 90*24*time.Hour, now)
	if err != nil || st.Removed != 1 || st.Files != 4 {
		t.Fatalf("Prune: %+v, %v", st, err)
	}
	for name, want := range map[string]bool{fresh: true, big: true, old: false, gone: true, aside: true, foreign: true, link: true, target: true} {
		if _, err := os.Lstat(name); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", name, err == nil, want)
		}
	}
	if st, err := DirStats(filepath.Join(dir, "missing")); err != nil || st.Files != 0 {
		t.Fatalf("missing dir: %+v, %v", st, err)
	}
}

func TestPruneNoAgeLimit(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	old := writeHistory(t, dir, "/old", 2)
	os.Chtimes(old, now.Add(-1000*24*time.Hour), now.Add(-1000*24*time.Hour))
	st, err := Prune(dir, 0, now)
	if err != nil || st.Removed != 0 || st.Files != 1 {
		t.Fatalf("persist_days = 0 removed files: %+v, %v", st, err)
	}
}
