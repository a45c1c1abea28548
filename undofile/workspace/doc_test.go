package workspace

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// docDump returns the bytes of the hex dump that follows marker in
// docs/workspace.md.
func docDump(t *testing.T, marker string) []byte {
	t.Helper()
	doc, err := os.ReadFile("../../docs/workspace.md")
	if err != nil {
		t.Fatalf("docs/workspace.md: %v", err)
	}
	_, rest, ok := strings.Cut(string(doc), marker)
	if !ok {
		t.Fatalf("docs/workspace.md has no %q", marker)
	}
	_, rest, _ = strings.Cut(rest, "```\n")
	dump, _, _ := strings.Cut(rest, "```")
	var out []byte
	for _, line := range strings.Split(strings.TrimSpace(dump), "\n") {
		hexPart, _, _ := strings.Cut(line[10:], "|")
		b, err := hex.DecodeString(strings.ReplaceAll(hexPart, " ", ""))
		if err != nil {
			t.Fatalf("bad dump line %q: %v", line, err)
		}
		out = append(out, b...)
	}
	return out
}

// TestDocExample keeps the annotated log in docs/workspace.md true: it
// is exactly what two commits write.
func TestDocExample(t *testing.T) {
	want := docDump(t, "### Example")
	l, err := Open(Options{Dir: filepath.Join(t.TempDir(), "ws"), Root: "/w"})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	commit(t, l, time.Unix(1_700_000_000, 0), "opened", false, file("a.txt", 0, "hi\n"))
	e := file("a.txt", 2, "hi there\n")
	e.Added, e.Deleted = 1, 1
	commit(t, l, time.Unix(1_700_000_060, 0), "v1", true, e)
	if got := readLog(t, l); !bytes.Equal(got, want) {
		t.Fatalf("docs/workspace.md example is stale; the log is:\n%s", hex.Dump(got))
	}
}
