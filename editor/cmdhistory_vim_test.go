package editor

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// historyCase is a run of raw keys (as a -s script holds them) and the
// file a :source in them reads; mapped says the keys use the mapping Q,
// which kjx's -s keys do not offer to the maps (so that variant is not
// run for it).
type historyCase struct {
	name, keys, source string
	mapped             bool
}

// historyCases cover every way a command line can run: typed, read from
// -s, a line left with <Esc>, sourced lines (with :normal running : and
// / inside), typed searches around sourced ones, a mapping, a macro and
// :source! (read as -s is).
var historyCases = []historyCase{
	{name: "typed", keys: ":set sw=2\r:set ts=5\r:set sw=2\r"},
	{name: "escaped", keys: ":set sw=5\x1b/ba\x1bj"},
	{name: "sourced", keys: ":source SRC\r", source: "set sw=3\nnormal! :set sw=4\rj\nnormal! /bar\rj\nnormal! /ob\n"},
	{name: "mapping", keys: "Q:set ts=3\r", mapped: true},
	{name: "macro", keys: "\"qyy@q:2\r"},
	{name: "searches", keys: "/bar\r/foo\r:source SRC\r/oo\r", source: "normal! /bar\rj\nnormal! /ob\n"},
	{name: "source-bang", keys: ":source! SRC\r", source: ":set sw=6\r/foo\r"},
}

// TestCmdHistoryVim checks which command lines enter the ':' and '/'
// histories against Vim 9.0: a ':' line only when one of its keys was
// typed (or read from -s), a search line always.
func TestCmdHistoryVim(t *testing.T) {
	needVim(t)
	const text = ":set sw=7\nbar\nfoo\n"
	for _, c := range historyCases {
		t.Run(c.name, func(t *testing.T) {
			dir, keys := withSourceFile(t, c.source, c.keys)
			want := vimHistory(t, dir, text, keys)
			got := kjxHistory(t, text, keys, true)
			if !slices.Equal(got, want) {
				t.Errorf("typed keys %q: kjx history %q, Vim %q", keys, got, want)
			}
			if c.mapped {
				return
			}
			if got := kjxHistory(t, text, keys, false); !slices.Equal(got, want) {
				t.Errorf("-s keys %q: kjx history %q, Vim %q", keys, got, want)
			}
		})
	}
}

// kjxHistory runs keys in kjx, typed or as a -s script, and returns the
// ':' history, "--", and the '/' history.
func kjxHistory(t *testing.T, text, keys string, typed bool) []string {
	t.Helper()
	e := newTestEditor(text)
	if err := e.SetMappings(map[string]string{"Q": ":set sw=8<CR>"}, nil); err != nil {
		t.Fatal(err)
	}
	if typed {
		e.Feed(rawKeys(keys), true)
	} else {
		e.FeedScript(keys)
	}
	e.EndStep()
	return append(append(slices.Clone(e.cmdHist), "--"), e.srchHist...)
}

// vimHistory runs keys in Vim as a -s script and returns its histories
// as kjxHistory does (the closing :qa! left out, and the holes that
// Vim's numbering keeps where a repeated line moved to the end).
func vimHistory(t *testing.T, dir, text, keys string) []string {
	t.Helper()
	out := filepath.Join(dir, "hist.txt")
	vimrc := "set nocp\nnnoremap Q :set sw=8<CR>\n" +
		`autocmd VimLeave * call writefile(filter(map(range(1, histnr(':')), 'histget(":", v:val)') + ['--'] + map(range(1, histnr('/')), 'histget("/", v:val)'), 'v:val != ""'), '` + out + "')\n"
	data := runVimScriptin(t, dir, vimrc, text, keys+"\x1b\x1b:qa!\r", out)
	h := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if i := slices.Index(h, "qa!"); i >= 0 {
		h = slices.Delete(h, i, i+1)
	}
	return h
}

// runVimScriptin runs Vim on text (as buf.txt in dir) with vimrc, reading
// keys as a -s script, and returns the file out that the keys or vimrc
// make Vim write.
func runVimScriptin(t *testing.T, dir, vimrc, text, keys, out string) []byte {
	t.Helper()
	files := map[string]string{"vimrc": vimrc, "buf.txt": text, "keys": keys}
	if err := writeFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("vim", "-u", "vimrc", "-i", "NONE", "-n", "--not-a-term", "-s", "keys", "buf.txt")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	if err := runVimBounded(cmd); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("vim wrote nothing: %v", err)
	}
	return data
}

// withSourceFile writes source as src.vim in a new directory and returns
// the directory and keys with SRC replaced by that file's path.
func withSourceFile(t *testing.T, source, keys string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "src.vim")
	if err := os.WriteFile(src, []byte(source), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, strings.ReplaceAll(keys, "SRC", src)
}
