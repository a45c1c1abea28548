package editor

import (
	"os"
	"path/filepath"
	"testing"
)

// cmdlineAfter types keys (ending on the command line) and returns the
// command line text.
func cmdlineAfter(t *testing.T, e *Editor, keys string) string {
	t.Helper()
	e.Feed(MustParseKeys(keys), true)
	if e.cmdline == nil {
		t.Fatalf("%q: not on the command line (mode %v)", keys, e.mode)
	}
	return e.cmdline.text
}

// TestCmdlineCompletion checks what <Tab> and <S-Tab> complete on the :
// line, and the 'wildmode' "full" cycle: the matches in order, then the
// word as typed, then the first match again.
func TestCmdlineCompletion(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"te1.txt", "te2.txt", ".tehidden"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "tdir"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	tests := []struct{ keys, want string }{
		{":e te<Tab>", "e te1.txt"},
		{":e te<Tab><Tab>", "e te2.txt"},
		{":e te<Tab><Tab><Tab>", "e te"},
		{":e te<Tab><Tab><Tab><Tab>", "e te1.txt"},
		{":e te<S-Tab>", "e te2.txt"},
		{":e t<Tab>", "e tdir/"},
		{":e .te<Tab>", "e .tehidden"},
		{":w! te2<Tab>", "w! te2.txt"},
		{":set tabs<Tab>", "set tabstop"},
		{":set noexpa<Tab>", "set noexpandtab"},
		{":set ts=<Tab>", "set ts=8"},
		{":set sw=4<CR>:set sw=<Tab>", "set sw=4"},
		{":set et=<Tab>", "set et="},
		{":undol<Tab>", "undolist"},
		{":%subs<Tab>", "%substitute"},
		{":h jump<Tab>", "h jumplist"},
		{":h check<Tab>", "h checkpoint"},
		{":zzz<Tab>", "zzz"},
		{":e te<Tab>x", "e te1.txtx"},
	}
	for _, tc := range tests {
		e := newTestEditor("text\n")
		if got := cmdlineAfter(t, e, tc.keys); got != tc.want {
			t.Errorf("%q: command line %q, want %q", tc.keys, got, tc.want)
		}
	}
}

// TestCmdlineCompletionCheckpoint completes :undo with checkpoint names.
func TestCmdlineCompletionCheckpoint(t *testing.T) {
	e := newTestEditor("ab\n")
	e.Feed(MustParseKeys("x"), true)
	e.ExecEx("checkpoint before-refactor")
	e.Feed(MustParseKeys("x"), true)
	e.ExecEx("checkpoint beta")
	if got := cmdlineAfter(t, e, ":undo be<Tab>"); got != "undo before-refactor" {
		t.Errorf("command line %q, want %q", got, "undo before-refactor")
	}
}
