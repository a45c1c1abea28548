package editor

import (
	"github.com/kjx-editor/kjx/editor/clock"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCleanTempsOnOpenAndWrite: opening a file removes what killed writes
// left next to it and names an old copy that may be the only complete
// version of a file; a write does the same for its directory.
func TestCleanTempsOnOpenAndWrite(t *testing.T) {
	dir := t.TempDir()
	put := func(name, body string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	f := put("f.txt", "text\n")
	stale := put(".f.txt.0000000a.kjx~", "half a new te")
	put("torn.txt", "NEWrent\n")
	tornOld := put(".torn.txt.0000000b.kjx-old~", "current\n")
	put(".torn.txt.0000000b.kjx~", "NEW\n")
	e := New(Config{Clock: clock.NewVirtual(time.Unix(1_700_000_000, 0)), Clean: true})
	if err := e.Open(f); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, m := range e.TakeMessages() {
		msgs = append(msgs, m.Text)
	}
	want := `W: a write of "` + filepath.Join(dir, "torn.txt") + `" was interrupted: it may be incomplete; its previous contents are in "` + tornOld + `"`
	if len(msgs) != 2 || !strings.HasPrefix(msgs[1], want) {
		t.Fatalf("messages %q, want the file info then %q", msgs, want)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Fatal("a stale temporary file was kept")
	}
	stale2 := put(".f.txt.0000000c.kjx~", "another killed write")
	e.Feed([]Key{R('x')}, true)
	e.ExecEx("w")
	if _, err := os.Stat(stale2); err == nil {
		t.Fatal("a write kept a stale temporary file in its directory")
	}
	if _, err := os.Stat(tornOld); err != nil {
		t.Fatal("the only complete copy was removed")
	}
}
