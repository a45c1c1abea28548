package main

import (
	"os"
	"strings"
	"testing"
)

func readOr(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if os.IsNotExist(err) {
		return "<absent>"
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRewindAndRestoreVerbs: three files edited over two sessions with
// writes and a named checkpoint; kjx rewind --yes NAME restores all
// three; kjx rewind --yes "before rewind" brings back the later texts;
// :rewind! in a headless session does the same; kjx restore moves one
// file and its history shows the write there.
func TestRewindAndRestoreVerbs(t *testing.T) {
	verbHome(t)
	names := []string{"a.txt", "b.txt", "c.txt"}
	for _, n := range names {
		if err := os.WriteFile(n, []byte(n+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before, after := map[string]string{}, map[string]string{}
	for _, n := range names {
		edit(t, 1700000000, n, "--keys", "A v1<Esc>", "-c", "w")
		before[n] = readOr(t, n)
	}
	edit(t, 1700000100, "a.txt", "-c", "checkpoint before")
	for _, n := range names {
		edit(t, 1700000200, n, "--keys", "A v2<Esc>", "-c", "w")
		after[n] = readOr(t, n)
	}
	want := func(texts map[string]string) {
		t.Helper()
		for n, w := range texts {
			if got := readOr(t, n); got != w {
				t.Errorf("%s = %q, want %q", n, got, w)
			}
		}
	}
	code, out, errs := runKJX(t, "rewind", "--list")
	if code != 0 || !strings.Contains(out, "«before»") || !strings.Contains(out, "a.txt +1 −1") {
		t.Fatalf("rewind --list: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runKJX(t, "rewind", "--yes", "before")
	if code != 0 || !strings.Contains(out, "3 files rewound to «before»") {
		t.Fatalf("rewind --yes before: exit %d\n%s%s", code, out, errs)
	}
	want(before)
	code, out, errs = runKJX(t, "rewind", "--yes", "before", "rewind")
	if code != 0 || !strings.Contains(out, "3 files rewound") {
		t.Fatalf("rewind --yes before rewind: exit %d\n%s%s", code, out, errs)
	}
	want(after)
	edit(t, 1700000300, "b.txt", "-c", "rewind! before")
	want(before)

	// kjx restore: a movement of one file, written; its history shows it.
	code, out, errs = runKJX(t, "restore", "a.txt@0")
	if code != 0 || readOr(t, "a.txt") != "a.txt\n" {
		t.Fatalf("restore a.txt@0: exit %d, a.txt = %q\n%s%s", code, readOr(t, "a.txt"), out, errs)
	}
	code, out, _ = runKJX(t, "history", "a.txt")
	if code != 0 || !strings.Contains(firstLineWith(out, "0"), "on disk") {
		t.Errorf("history after restore: state 0 is not on disk:\n%s", out)
	}
	// Restoring the state the file is in changes nothing.
	code, out, _ = runKJX(t, "restore", "a.txt@0")
	if code != 0 || !strings.Contains(out, "already") {
		t.Errorf("restore twice: exit %d, %q", code, out)
	}
}

// firstLineWith is the first line of text whose first field is prefix.
func firstLineWith(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == prefix {
			return l
		}
	}
	return ""
}

// TestWorkspaceVerbErrors: usage errors exit 2, others 1, one line each.
func TestWorkspaceVerbErrors(t *testing.T) {
	verbHome(t)
	if err := os.WriteFile("f.txt", []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		part string
	}{
		{[]string{"restore"}, 2, "usage"},
		{[]string{"restore", "f.txt"}, 2, "no @REF"},
		{[]string{"rewind"}, 2, "usage"},
		{[]string{"rewind", "--list", "x"}, 2, "usage"},
		{[]string{"rewind", "--bogus"}, 2, "unknown option"},
		{[]string{"restore", "f.txt@1"}, 1, "f.txt"},
		{[]string{"rewind", "--yes", "nope"}, 1, "no checkpoint"},
	} {
		code, out, errs := runKJX(t, tc.args...)
		if code != tc.code || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.part) {
			t.Errorf("kjx %q: exit %d (want %d), stdout %q, stderr %q (want %q)", tc.args, code, tc.code, out, errs, tc.part)
		}
	}
}
