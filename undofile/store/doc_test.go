package store

import (
	"bytes"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// TestDocExample keeps the blob example in docs/workspace.md true.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/workspace.md")
	if err != nil {
		t.Fatalf("docs/workspace.md: %v", err)
	}
	_, rest, ok := strings.Cut(string(doc), "Example, the blob of")
	if !ok {
		t.Fatal("docs/workspace.md has no blob example")
	}
	_, rest, _ = strings.Cut(rest, "```\n")
	dump, _, _ := strings.Cut(rest, "```")
	var want []byte
	for _, line := range strings.Split(strings.TrimSpace(dump), "\n") {
		hexPart, _, _ := strings.Cut(line[10:], "|")
		b, err := hex.DecodeString(strings.ReplaceAll(hexPart, " ", ""))
		if err != nil {
			t.Fatalf("bad dump line %q: %v", line, err)
		}
		want = append(want, b...)
	}
	s := New(t.TempDir(), Options{})
	res, err := s.Put([]byte("hi\n"))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(s.path(res.Hash))
	if !bytes.Equal(got, want) {
		t.Fatalf("docs/workspace.md blob example is stale; the blob is:\n%s", hex.Dump(got))
	}
}
