package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary act as kjxbench's measuring helper, as
// the end-to-end test needs.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == measureFlag {
		os.Exit(measureChild(os.Args[2:], os.Stdout))
	}
	os.Exit(m.Run())
}

func TestFirstDiffReaders(t *testing.T) {
	big := strings.Repeat("abcdefgh", 40000) // several buffers
	tests := []struct {
		a, b string
		want int64
	}{
		{"", "", -1},
		{"abc", "abc", -1},
		{"abc", "abd", 2},
		{"abc", "ab", 2},
		{"ab", "abc", 2},
		{big, big, -1},
		{big, big[:len(big)-1] + "X", int64(len(big) - 1)},
		{big + "tail", big, int64(len(big))},
	}
	for _, tt := range tests {
		got, err := firstDiffReaders(strings.NewReader(tt.a), strings.NewReader(tt.b))
		if err != nil || got != tt.want {
			t.Errorf("len %d vs %d: got %d, %v; want %d", len(tt.a), len(tt.b), got, err, tt.want)
		}
	}
}

func TestTailBuffer(t *testing.T) {
	tb := &tailBuffer{max: 5}
	io.WriteString(tb, "abc")
	io.WriteString(tb, "defg")
	if string(tb.Bytes()) != "cdefg" {
		t.Errorf("kept %q", tb.Bytes())
	}
}

func TestMeasureViaHelper(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	sh := "/bin/sh"
	if _, err := os.Stat(sh); err != nil {
		t.Skip("needs /bin/sh")
	}
	s, _, err := measureVia(context.Background(), self, time.Minute, []string{sh, "-c", "exit 0"})
	if err != nil {
		t.Fatal(err)
	}
	// The helper is small, so a shell's peak RSS is a few MiB, not the
	// size of the test binary's heap.
	if s.RSS <= 0 || s.RSS > 64<<10 || s.Wall <= 0 {
		t.Errorf("sample %+v", s)
	}
	if _, _, err := measureVia(context.Background(), self, time.Minute, []string{sh, "-c", "echo oops; exit 3"}); err == nil || !strings.Contains(err.Error(), "exit status 3") {
		t.Errorf("failing command: %v", err)
	}
	_, _, err = measureVia(context.Background(), self, 50*time.Millisecond, []string{sh, "-c", "sleep 5"})
	if err == nil || !strings.Contains(err.Error(), "stopped after") {
		t.Errorf("time limit: %v", err)
	}
}

func TestVerify(t *testing.T) {
	dir := t.TempDir()
	j := &job{id: "v", dir: dir}
	for _, ed := range bothEditors {
		os.MkdirAll(dirsOf(j, ed).Out, 0o755)
	}
	write := func(ed editorID, name, text string) {
		os.WriteFile(filepath.Join(dirsOf(j, ed).Out, name), []byte(text), 0o644)
	}
	write(edKjx, "a.txt", "right\n")
	write(edVim, "a.txt", "right\n")
	write(edKjx, "b.txt", "kjx\n")
	write(edVim, "b.txt", "vim\n")
	write(edKjx, "c.txt", "")
	write(edVim, "c.txt", "x")
	j.expects = []expectation{
		exact("a.txt", "right\n", "the right text"),
		{name: "b.txt", kind: expectSameAsVim},
		exact("b.txt", "other\n", "other"),
		{name: "c.txt", kind: expectNonEmpty},
	}
	j.expects[2].info = true
	fails, notes := verify(j)
	if len(fails) != 2 || !strings.Contains(fails[0], "kjx b.txt differs from Vim's at byte 0") ||
		!strings.Contains(fails[1], "kjx c.txt is empty") {
		t.Errorf("fails %q", fails)
	}
	if len(notes) != 2 {
		t.Errorf("notes %q", notes)
	}
	j.skip[edKjx] = "not run"
	if fails, _ := verify(j); len(fails) != 0 {
		t.Errorf("a skipped editor's files were checked: %q", fails)
	}
}

func TestParseSizeAndFlags(t *testing.T) {
	for in, want := range map[string]int64{"1G": 1 << 30, "64m": 64 << 20, "10K": 10240, "123": 123} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "G", "-1", "1T"} {
		if _, err := parseSize(bad); err == nil {
			t.Errorf("parseSize(%q) accepted", bad)
		}
	}
	c, err := parseFlags([]string{"-quick", "-branch", "50", "-only", "1A,4"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.runs != 3 || c.txns != 3000 || c.bigSize != 64<<20 || c.branchEdits != 50 || !c.selected("1a") || c.selected("2") {
		t.Errorf("quick config %+v", c)
	}
	if _, err := parseFlags([]string{"-only", "9"}, io.Discard); err == nil {
		t.Error("unknown workload accepted")
	}
}
