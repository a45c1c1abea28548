package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestUndodiff(t *testing.T) {
	e := newTestEditor("one\ntwo\nthree\n")
	feedSteps(t, e, "jdd", ":checkpoint cut<CR>", "Gofour<Esc>")
	// The source buffer is modified: :undodiff needs no !, and the
	// buffer stays loaded.
	feedSteps(t, e, ":undodiff 0 cut<CR>")
	b := e.buf()
	if !b.scratch || b.ft != "diff" {
		t.Fatalf("not a scratch diff buffer: scratch %v ft %q", b.scratch, b.ft)
	}
	want := strings.Join([]string{
		"--- [No Name] #0",
		"+++ [No Name] #1\t" + testEpoch.In(time.Local).Format("2006-01-02 15:04:05"),
		"@@ -1,3 +1,2 @@",
		" one",
		"-two",
		" three",
	}, "\n")
	if got := e.text().String(); got != want {
		t.Fatalf("diff buffer:\n%s\nwant:\n%s", got, want)
	}
	v := e.TakeView()
	if v.Status.FileName != "[undodiff #0 #1]" || v.Status.Modified {
		t.Errorf("status name %q modified %v", v.Status.FileName, v.Status.Modified)
	}
	// :w refuses; :w FILE writes a copy and leaves the buffer nameless.
	feedSteps(t, e, ":w<CR>")
	if m := e.TakeMessages(); len(m) == 0 || m[len(m)-1].Text != errScratchWrite.Error() {
		t.Errorf(":w said %v, want E382", m)
	}
	out := filepath.Join(t.TempDir(), "copy.diff")
	feedSteps(t, e, ":w "+out+"<CR>")
	if data, err := os.ReadFile(out); err != nil || string(data) != want+"\n" {
		t.Errorf(":w FILE wrote %q, %v", data, err)
	}
	if e.buf().name != "" {
		t.Errorf(":w FILE named the scratch buffer %q", e.buf().name)
	}
	// Editing the scratch buffer never holds up leaving it.
	feedSteps(t, e, "ddu", ":b1<CR>")
	if got := e.text().String(); got != "one\nthree\nfour" {
		t.Fatalf("back in the source buffer: %q", got)
	}
	// One argument: from that state to the current one.
	feedSteps(t, e, ":undodiff cut<CR>")
	if got := e.text().String(); !strings.Contains(got, "+++ [No Name] #2") || !strings.HasSuffix(got, "+four") {
		t.Errorf(":undodiff cut:\n%s", got)
	}
}

func TestUndodiffErrors(t *testing.T) {
	for _, tc := range []struct{ cmd, err string }{
		{"undodiff", "E471: Argument required: :undodiff A [B]"},
		{"undodiff 1 2 3", "E471: Argument required: :undodiff A [B]"},
		{"undodiff 9", "E830: Undo number 9 not found"},
		{"undodiff nosuch", "E830: Undo checkpoint nosuch not found"},
	} {
		e := newTestEditor("a\n")
		feedSteps(t, e, "xib<Esc>")
		e.TakeMessages()
		e.ExecEx(tc.cmd)
		if m := e.TakeMessages(); len(m) != 1 || m[0].Text != tc.err {
			t.Errorf(":%s said %v, want %q", tc.cmd, m, tc.err)
		}
		if e.buf().scratch {
			t.Errorf(":%s opened a scratch buffer", tc.cmd)
		}
	}
	e := newTestEditor("a\n")
	feedSteps(t, e, "xia<Esc>")
	e.TakeMessages()
	e.ExecEx("undodiff 0 2")
	if m := e.TakeMessages(); len(m) != 1 || m[0].Text != "#0 and #2 have the same text" || e.buf().scratch {
		t.Errorf("same texts: %v, scratch %v", m, e.buf().scratch)
	}
}
