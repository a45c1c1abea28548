package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runKJX(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--bogus"},
		{"--headless", "--keys"},
		{"--headless", "--clock", "soon"},
		{"--headless", "-", "b.txt"},
		{"-x", "f"},
		{"--json", "f"},
	} {
		code, out, errs := runKJX(t, args...)
		if code != 2 {
			t.Errorf("kjx %q: exit %d, want 2", args, code)
		}
		if out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "kjx: ") {
			t.Errorf("kjx %q: want one line on stderr, got stdout %q stderr %q", args, out, errs)
		}
	}
}

// TestUsageErrorEscaped: an argument that holds terminal escapes or bidi
// controls reaches stderr escaped, as the screen would show it.
func TestUsageErrorEscaped(t *testing.T) {
	code, _, errs := runKJX(t, "--bogus\x1b]0;pwned\x07\u202e")
	if code != 2 || errs != "kjx: unknown option --bogus^[]0;pwned^G<202e> (try --help)\n" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestVersionAndHelp(t *testing.T) {
	code, out, _ := runKJX(t, "--version")
	if code != 0 || !strings.HasPrefix(out, "kjx ") {
		t.Errorf("--version: %d %q", code, out)
	}
	code, out, _ = runKJX(t, "--help")
	if code != 0 || !strings.Contains(out, "--headless") {
		t.Errorf("--help: %d %q", code, out)
	}
}

func TestHeadlessJSON(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("buf.txt", []byte("one two\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runKJX(t, "--headless", "--clean", "--clock", "1700000000", "--json",
		"--keys", "x", "--keys", "u", "-c", "s/zzz/y/", "-c", "w", "buf.txt")
	if code != 1 {
		t.Errorf("exit %d (stderr %q), want 1 after E486", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 4 snapshots, got %q", out)
	}
	var snaps []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		snaps = append(snaps, m)
	}
	if got := snaps[0]["lines"].([]any)[0]; got != "ne two" {
		t.Errorf("after x: %v", got)
	}
	if got := snaps[1]["messages"].([]any); len(got) != 1 || got[0] != "1 change; before #1  0 seconds ago" {
		t.Errorf("after u: messages %v", got)
	}
	if got := snaps[2]["messages"].([]any); len(got) != 1 || got[0] != "E486: Pattern not found: zzz" {
		t.Errorf("after :s: messages %v", got)
	}
	if got := snaps[3]["messages"].([]any); len(got) != 1 || got[0] != `"buf.txt" 1L, 8B written` {
		t.Errorf("after :w: messages %v", got)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "buf.txt"))
	if string(data) != "one two\n" {
		t.Errorf("file %q", data)
	}
}

func TestHeadlessWithoutJSON(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("f.txt", []byte("foo foo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runKJX(t, "--headless", "--clean", "-c", "%s/foo/bar/g", "-c", "wq", "f.txt")
	if code != 0 || out != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	data, _ := os.ReadFile("f.txt")
	if string(data) != "bar bar\n" {
		t.Errorf("file %q", data)
	}
}

func TestHeadlessScripts(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("f.txt", []byte("abc\n"), 0o644)
	os.WriteFile("keys", []byte("xx\x1bAz\x1b"), 0o644)
	os.WriteFile("cmds.vim", []byte("\" a comment\ns/c/C/\n\nw\n"), 0o644)
	code, out, _ := runKJX(t, "--headless", "--clean", "--json", "-s", "keys", "-S", "cmds.vim", "f.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var first struct {
		Lines   []string `json:"lines"`
		SeqLast int      `json:"seq_last"`
	}
	json.Unmarshal([]byte(lines[0]), &first)
	// -s keys are not typed: xx and Az are one undo block.
	if first.Lines[0] != "cz" || first.SeqLast != 1 {
		t.Errorf("after -s: %+v", first)
	}
	data, _ := os.ReadFile("f.txt")
	if string(data) != "Cz\n" {
		t.Errorf("file %q", data)
	}
}
