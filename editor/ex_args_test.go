package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// argsEditor opens a.txt b.txt c.txt (in a temporary directory, which
// becomes the working directory) as Vim's argument list.
func argsEditor(t *testing.T, files ...string) *Editor {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	texts := map[string]string{"a.txt": "a1\n", "b.txt": "b1\n  b2\n", "c.txt": "c1\n"}
	for name, text := range texts {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(files) == 0 {
		files = []string{"a.txt", "b.txt", "c.txt"}
	}
	e := New(Config{Clean: true})
	if err := e.SetArgs(files); err != nil {
		t.Fatal(err)
	}
	return e
}

// argCmd runs an Ex command and returns its last message or output.
func argCmd(e *Editor, cmd string) string {
	e.ExecEx(cmd)
	out := e.TakeOutput()
	ms := e.TakeMessages()
	switch {
	case len(out) > 0:
		return strings.Join(out, "\n")
	case len(ms) > 0:
		return ms[len(ms)-1].Text
	}
	return ""
}

// TestArgListAsVim replays what Vim 9.0 shows (checked by hand in tmux
// with `vim --clean -n a.txt b.txt c.txt`) for each sequence of commands.
func TestArgListAsVim(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		cmds  []string
		buf   string // the current buffer after the commands
		msg   string // the last message of the last command
	}{
		{"start", nil, nil, "a.txt", ""},
		{"args", nil, []string{"args"}, "a.txt", "[a.txt] b.txt   c.txt"},
		{"next", nil, []string{"n"}, "b.txt", `"b.txt" 2L, 8B`},
		{"next args", nil, []string{"n", "args"}, "b.txt", "a.txt   [b.txt] c.txt"},
		{"Next at first", nil, []string{"N"}, "a.txt", "E164: Cannot go before first file"},
		{"prev", nil, []string{"last", "prev"}, "b.txt", `"b.txt" 2L, 8B`},
		{"next at last", nil, []string{"last", "n"}, "c.txt", "E165: Cannot go beyond last file"},
		{"first", nil, []string{"last", "first"}, "a.txt", `"a.txt" 1L, 3B`},
		{"one file next", []string{"a.txt"}, []string{"n"}, "a.txt", "E163: There is only one file to edit"},
		{"one file Next", []string{"a.txt"}, []string{"N"}, "a.txt", "E163: There is only one file to edit"},
		{"modified next", nil, []string{"normal x", "n"}, "a.txt", "E37: No write since last change (add ! to override)"},
		{"hidden next", nil, []string{"normal x", "set hidden", "n"}, "b.txt", `"b.txt" 2L, 8B`},
		{"hide next", nil, []string{"normal x", "hide next"}, "b.txt", `"b.txt" 2L, 8B`},
		{"quit more", nil, []string{"q"}, "a.txt", "E173: 2 more files to edit"},
		{"quit one more", nil, []string{"n", "q"}, "b.txt", "E173: 1 more file to edit"},
		{"hide", nil, []string{"hide"}, "a.txt", "E444: Cannot close last window"},
		{"argadd", nil, []string{"argadd d.txt", "args"}, "a.txt", "[a.txt] d.txt   b.txt   c.txt"},
		{"args new list", nil, []string{"args c.txt b.txt", "args"}, "c.txt", "[c.txt] b.txt"},
		{"hidden back", nil, []string{"set hidden", "n", "N"}, "a.txt", `"a.txt" 1 line --100%-- (1 of 3)`},
		{"argument", nil, []string{"argument 3"}, "c.txt", `"c.txt" 1L, 3B`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := argsEditor(t, tc.files...)
			msg := ""
			for _, c := range tc.cmds {
				msg = argCmd(e, c)
			}
			if got := e.Buffer().Name(); got != tc.buf {
				t.Errorf("current buffer %q, want %q", got, tc.buf)
			}
			if tc.cmds != nil && msg != tc.msg {
				t.Errorf("message %q, want %q", msg, tc.msg)
			}
		})
	}
}

// TestQuitAfterE173 is Vim's quitmore: a second :q right after E173 quits;
// a modified buffer still says E37 (`:q`, `x`, `:q` in Vim).
func TestQuitAfterE173(t *testing.T) {
	e := argsEditor(t)
	if argCmd(e, "q"); e.Quit() {
		t.Fatal(":q quit with two files never edited")
	}
	if argCmd(e, "q"); !e.Quit() {
		t.Fatal("the second :q did not quit")
	}
	e = argsEditor(t)
	argCmd(e, "q")
	if got := argCmd(e, "normal x"); got != "" {
		t.Fatal(got)
	}
	if got := argCmd(e, "q"); got != "E37: No write since last change (add ! to override)" || e.Quit() {
		t.Fatalf("%q, quit %v", got, e.Quit())
	}
	e = argsEditor(t)
	argCmd(e, "last")
	argCmd(e, "first")
	if argCmd(e, "q") != "" || !e.Quit() {
		t.Fatal(":q after visiting the last file should quit at once")
	}
}

// TestEditBangOther: Vim's :e! other discards the changes of the current
// buffer; kjx reloads it from its file instead, so the discarded text is
// one undo away when the buffer is entered again.
func TestEditBangOther(t *testing.T) {
	e := argsEditor(t)
	argCmd(e, "normal x")
	if got := argCmd(e, "e b.txt"); !strings.HasPrefix(got, "E37") {
		t.Fatalf(":e other on a modified buffer: %q", got)
	}
	argCmd(e, "e! b.txt")
	if e.Buffer().Name() != "b.txt" {
		t.Fatalf("current %q", e.Buffer().Name())
	}
	argCmd(e, "b a.txt")
	if textOf(e) != "a1" || e.Buffer().Modified() {
		t.Fatalf("a.txt after :e! b.txt: %q modified %v, want the file's text", textOf(e), e.Buffer().Modified())
	}
	argCmd(e, "undo")
	if textOf(e) != "1" {
		t.Fatalf("undo did not bring back the discarded change: %q", textOf(e))
	}
}

// TestArgdoBufdo runs a command in every file and writes them, as
// `:argdo s/1/X/ | update` does in Vim.
func TestArgdoBufdo(t *testing.T) {
	e := argsEditor(t)
	argCmd(e, "argdo s/1/X/e | update")
	for name, want := range map[string]string{"a.txt": "aX\n", "b.txt": "bX\n  b2\n", "c.txt": "cX\n"} {
		got, err := os.ReadFile(name)
		if err != nil || string(got) != want {
			t.Errorf("%s: %q %v, want %q", name, got, err, want)
		}
	}
	if e.Buffer().Name() != "c.txt" {
		t.Errorf(":argdo ends in %q, want the last file", e.Buffer().Name())
	}
	// Without 'hidden', :bufdo stops at the first modified buffer it
	// cannot leave.
	argCmd(e, "bufdo s/X/Y/")
	if got := argCmd(e, "args"); got != "a.txt   b.txt   [c.txt]" {
		t.Errorf("args %q", got)
	}
	if e.Buffer().Name() != "a.txt" || textOf(e) != "aY" {
		t.Errorf("bufdo without hidden: %q %q", e.Buffer().Name(), textOf(e))
	}
	argCmd(e, "set hidden")
	argCmd(e, "bufdo s/X/Z/e")
	if e.Buffer().Name() != "c.txt" || textOf(e) != "cZ" {
		t.Errorf("bufdo with hidden: %q %q", e.Buffer().Name(), textOf(e))
	}
}

// TestLoadHidden is the API the workspace rewind uses: a file loaded as a
// hidden buffer changes nothing the user sees.
func TestLoadHidden(t *testing.T) {
	e := argsEditor(t, "a.txt")
	cur := e.Cursor()
	e.TakeMessages()
	b, err := e.LoadHidden("b.txt")
	if err != nil {
		t.Fatal(err)
	}
	if e.Buffer().Name() != "a.txt" || e.Cursor() != cur || len(e.TakeMessages()) > 0 {
		t.Fatal("LoadHidden changed the current buffer, the cursor or the messages")
	}
	if b.Text().String() != "b1\n  b2" || !b.Exists() || b.Modified() {
		t.Fatalf("hidden buffer %q exists %v modified %v", b.Text().String(), b.Exists(), b.Modified())
	}
	if again, _ := e.LoadHidden("b.txt"); again != b {
		t.Fatal("a second LoadHidden made another buffer")
	}
	if a, _ := e.LoadHidden("a.txt"); a != e.Buffer() {
		t.Fatal("LoadHidden of the current file is not the current buffer")
	}
	n, err := e.LoadHidden("new.txt")
	if err != nil || n.Exists() {
		t.Fatalf("missing file: %v exists %v", err, n.Exists())
	}
	if _, err := e.LoadHidden(t.TempDir()); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("directory: %v", err)
	}
	if err := e.WriteBuffer(b, false); err != nil {
		t.Fatal(err)
	}
	if got := argCmd(e, "ls"); strings.Contains(got, "b.txt") {
		t.Errorf(":ls lists the hidden buffer: %q", got)
	}
}
