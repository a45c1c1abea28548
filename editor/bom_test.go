package editor

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/fileio"
)

// TestBOMWrittenAsVim opens files with and without a byte order mark,
// changes 'bomb' and writes them, in kjx and (when installed) in Vim, and
// compares the bytes written: the BOM is kept out of the text, written
// back while 'bomb' is set and dropped by :set nobomb.
func TestBOMWrittenAsVim(t *testing.T) {
	cases := []struct {
		name, text, want string
		cmds             []string
	}{
		{"keep", fileio.BOM + "abc\n  def\n", fileio.BOM + "bc\n  def\n", []string{"normal! ggx", "w"}},
		{"drop", fileio.BOM + "abc\n", "abc\n", []string{"set nobomb", "w"}},
		{"add", "abc\r\ndef\r\n", fileio.BOM + "abc\r\ndef\r\n", []string{"set bomb", "w"}},
		{"noeol", fileio.BOM + "abc", fileio.BOM + "abc", []string{"w"}},
	}
	_, vimErr := exec.LookPath("vim")
	for _, c := range cases {
		dir := t.TempDir()
		kjxFile := filepath.Join(dir, "kjx.txt")
		if err := os.WriteFile(kjxFile, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		e := New(Config{Clock: clock.NewVirtual(testEpoch), Clean: true})
		if err := e.Open(kjxFile); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range c.cmds {
			if !e.execExLine(cmd, true) {
				t.Fatalf("%s: :%s failed: %v", c.name, cmd, e.TakeMessages())
			}
		}
		got, _ := os.ReadFile(kjxFile)
		if string(got) != c.want {
			t.Errorf("%s: kjx wrote %q, want %q", c.name, got, c.want)
		}
		if vimErr != nil || testing.Short() {
			continue // checked against the recorded bytes only
		}
		vimFile := filepath.Join(dir, "vim.txt")
		if err := os.WriteFile(vimFile, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"--cmd", "set encoding=utf-8", "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es", "-c", "set nofixeol"}
		for _, cmd := range c.cmds {
			args = append(args, "-c", cmd)
		}
		args = append(args, "-c", "qa!", vimFile)
		cmd := exec.Command("vim", args...)
		cmd.Env = append(os.Environ(), "HOME="+dir)
		if err := runVimBounded(cmd); err != nil {
			t.Fatal(err)
		}
		want, _ := os.ReadFile(vimFile)
		if string(want) != c.want {
			t.Errorf("%s: Vim wrote %q, the test expects %q", c.name, want, c.want)
		}
	}
}
