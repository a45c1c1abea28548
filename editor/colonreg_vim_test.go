package editor

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestColonRegisterVim checks the ": register against Vim 9.0: it holds
// the last line run from the command line (typed, or keys of :normal and
// &, which Vim stuffs as ":s\r"), set after the line ran (":put :" puts
// the line before it, even one that failed), and not the lines of
// :source or commands run as g& runs its :s. The keys are typed into kjx
// and read by Vim from -s; the text and the register are compared.
func TestColonRegisterVim(t *testing.T) {
	needVim(t)
	const text = "abc\nzzz\n"
	for _, c := range []struct{ name, keys, source string }{
		{name: "put after s", keys: ":s/b/B/\r:put :\r"},
		{name: "failed line", keys: ":s/q/Q/\r:put :\r"},
		{name: "ampersand", keys: ":s/b/B/\rj&:put :\r"},
		{name: "g-ampersand", keys: ":s/b/B/\rjg&:put :\r"},
		{name: "repeat", keys: ":put :\r:s/b/x/\r:put :\r@:"},
		{name: "sourced", keys: ":source SRC\r:put :\r", source: "s/c/C/\n2s/z/Z/\n"},
		{name: "normal", keys: ":normal! :s/a/A/\\r\r:put :\r"},
		{name: "two on a line", keys: ":s/a/1/|s/b/2/\r:put :\r"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, keys := withSourceFile(t, c.source, c.keys)
			keys = strings.ReplaceAll(keys, `\r`, "\x16\r") // a <CR> inside :normal's argument
			want := vimColonRegister(t, dir, text, keys)
			e := newTestEditor(text)
			e.Feed(rawKeys(keys), true)
			e.EndStep()
			got := append([]string{e.lastExCmd}, strings.Split(strings.TrimSuffix(textOf(e), "\n"), "\n")...)
			if !slices.Equal(got, want) {
				t.Errorf("keys %q: kjx %q, Vim %q (the register, then the lines)", keys, got, want)
			}
		})
	}
}

// vimColonRegister runs keys in Vim as a -s script and returns the ":
// register and the buffer's lines at the end.
func vimColonRegister(t *testing.T, dir, text, keys string) []string {
	t.Helper()
	out := filepath.Join(dir, "reg.txt")
	// The register is read by a command line that runs before it sets
	// the register itself.
	data := runVimScriptin(t, dir, "set nocp\n", text,
		keys+"\x1b\x1b:call writefile([@:] + getline(1, '$'), '"+out+"')\r:qa!\r", out)
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}
