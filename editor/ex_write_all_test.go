package editor

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestWriteAllGoesOn: :wall writes every buffer it can and reports each
// failure on its own line, in buffer order (Vim 9.0's do_wqall, checked
// with a read-only buffer and an unnamed one: "E45: …" and "E141: No
// file name for buffer 3" between the written messages, the other
// buffers written); :xall does not quit while one fails, and quits once
// none does.
func TestWriteAllGoesOn(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for name, body := range map[string]string{"a.txt": "a\n", "c.txt": "c\n", "reg": "r\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := New(Config{Clean: true})
	// 'hidden' keeps each modified buffer when the next is edited (:e!
	// would throw its changes away, as in Vim).
	for _, step := range []string{"set hidden", "e a.txt", "normal! Ay", "e c.txt", "normal! Aw", "file reg/x.txt",
		"enew", "normal! iz", "e d.txt", "normal! id"} {
		e.ExecEx(step)
	}
	e.TakeMessages()
	want := []string{`"a.txt" 1L, 3B written`, `"reg/x.txt" E212: Can't open file for writing: not a directory`,
		"E141: No file name for buffer 3", `"d.txt" [New] 1L, 2B written`}
	for _, cmd := range []string{"wall", "xall"} {
		if e.ExecEx(cmd) {
			t.Errorf(":%s succeeded", cmd)
		}
		if got := texts(e.TakeMessages()); !slices.Equal(got, want) {
			t.Errorf(":%s said %q, want %q", cmd, got, want)
		}
		if e.Quit() {
			t.Fatalf(":%s quit with buffers unwritten", cmd)
		}
		if cmd == "wall" {
			want = want[1:3] // the others are written now
		}
	}
	for name, body := range map[string]string{"a.txt": "ay\n", "d.txt": "d\n", "c.txt": "c\n"} {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != body {
			t.Errorf("%s: %q, want %q", name, got, body)
		}
	}
	e.ExecEx("buffer 2")
	e.ExecEx("file x.txt")
	e.ExecEx("buffer! 3")
	e.ExecEx("bdelete!")
	e.TakeMessages()
	if !e.ExecEx("xall") || !e.Quit() {
		t.Errorf(":xall with every buffer writable: %q, quit %v", texts(e.TakeMessages()), e.Quit())
	}
}

func texts(ms []Message) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}
