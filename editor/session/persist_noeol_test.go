package session

import (
	"os"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/editor"
)

// TestPersistNoEOLEmptyLastLine: a file without a final newline that gets
// an empty last line (printf 'a\nb' > f; Go<Esc>:w) is written as bytes
// that read back as one line fewer with a final newline. Its history
// must still load: the buffer is again the three lines without a final
// newline, every state is there, and writing it keeps the bytes.
func TestPersistNoEOLEmptyLastLine(t *testing.T) {
	p := newPersistEnv(t, "a\nb")
	e1, _ := p.open()
	do(t, e1, "Go<Esc>", ":w")
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p.file); string(got) != "a\nb\n" {
		t.Fatalf("written %q", got)
	}
	e2, msgs := p.open()
	for _, m := range msgs {
		if len(m) > 10 && m[:10] == "undo file " {
			t.Fatalf("open said %q", m)
		}
	}
	ed := e2.Editor()
	if got := textOf(ed); got != "a\nb\n" || ed.Buffer().FileFlags().EOL || ed.Buffer().Modified() {
		t.Fatalf("reopened: %q eol %v modified %v; want the written lines, noeol, unmodified", got, ed.Buffer().FileFlags().EOL, ed.Buffer().Modified())
	}
	do(t, e2, ":undo 0")
	if got := textOf(ed); got != "a\nb" {
		t.Errorf(":undo 0: %q", got)
	}
	do(t, e2, ":undo 1", ":w")
	if got, _ := os.ReadFile(p.file); string(got) != "a\nb\n" {
		t.Errorf("written again: %q", got)
	}
}

// TestHeadlessOpenMessages: what opening the file said beyond its
// file-info line reaches a headless run: on stderr without --json, as
// open_messages on the first JSON line with it (absent when there is
// nothing, so that such runs print the same bytes as before).
func TestHeadlessOpenMessages(t *testing.T) {
	p := newPersistEnv(t, "x\n")
	e1, _ := p.open()
	do(t, e1, "Ay<Esc>", ":w", "Az<Esc>", ":q!")
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	want := "1 unsaved change recovered: :later 1 or g+ to restore"
	run := func(json bool) (string, string) {
		var out, errb strings.Builder
		opt := editor.DefaultOptions()
		opt.UndoDir = p.dir
		cfg := HeadlessConfig{Session: Config{Editor: editor.Config{Options: opt}, Clock: p.clock}, File: p.file,
			Steps: []Step{{Kind: StepEx, Arg: "p"}, {Kind: StepEx, Arg: "p"}}, JSON: json}
		if code := RunHeadless(cfg, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		return out.String(), errb.String()
	}
	if out, stderr := run(false); stderr != want+"\n" || out != "xy\nxy\n" {
		t.Errorf("without --json: stdout %q, stderr %q", out, stderr)
	}
	out, stderr := run(true)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if stderr != "" || len(lines) != 2 || !strings.Contains(lines[0], `"open_messages":["`+want+`"]`) || strings.Contains(lines[1], "open_messages") {
		t.Errorf("with --json: stdout %q, stderr %q", out, stderr)
	}
	p.write("quiet\n") // another text: no history of its own
	if err := os.Remove(p.undoFile()); err != nil {
		t.Fatal(err)
	}
	if out, _ := run(true); strings.Contains(out, "open_messages") {
		t.Errorf("a quiet open printed open_messages: %q", out)
	}
}
