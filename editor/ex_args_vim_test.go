package editor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// argState is what the argument-list differential compares after each
// command: the current file, the list and its index, the text, 'modified'
// and the error the command gave ("" for none).
type argState struct {
	Buf      string   `json:"buf"`
	Args     []string `json:"args"`
	Idx      int      `json:"idx"`
	Lines    []string `json:"lines"`
	Modified bool     `json:"modified"`
	Err      string   `json:"err"`
	Ls       []string `json:"ls"`
}

// argListCommands are the commands the random scenarios are made of, with
// the buffer-list commands that see the numbers Vim gives every file of
// the list at start-up (buffers_list.go); :q is
// TestQuitAfterE173's (in a Vim script it ends the scenario); :rewind is
// kjx's workspace rewind (docs/workspace.md), not Vim's :first.
var argListCommands = []string{
	"next", "Next", "previous", "first", "last", "next!", "Next!",
	"normal x", "normal x", "set hidden", "set nohidden", "argument 2", "argument 3",
	"argadd d.txt", "args c.txt a.txt", "e b.txt", "e! c.txt", "w", "hide next",
	"argdo s/1/X/e", "args",
	"bnext", "bNext", "bfirst", "blast", "buffer 2", "buffer c.txt", "bdelete", "bdelete!",
	"bdelete 3", "bufdo s/1/Y/e", "hide bnext", "bnext!",
	"2next", "2Next", "3argument", "2bnext", "3buffer", "1,2bdelete", "bdelete 2", "2bprevious",
	"argedit d.txt", "argedit b.txt", "1argedit e.txt", "argdelete b.txt", "argdelete *", "argdelete",
	"%argdelete", "2argdelete", "2,3argdelete", "argdelete x*",
}

var vimErrRE = regexp.MustCompile(`^Vim(\([^)]*\))?:`)

// runVimArgs runs each scenario in a real Vim on a.txt b.txt c.txt.
func runVimArgs(t *testing.T, files map[string]string, cmds []string) []argState {
	t.Helper()
	res := runVimCommands[argState](t, files, "", cmds, "{'buf': bufname('%'), 'args': argv(), 'idx': argidx(), "+
		"'lines': getline(1, '$'), 'modified': &modified ? v:true : v:false, 'err': g:err, 'ls': split(execute('ls'), \"\\n\")}",
		"a.txt", "b.txt", "c.txt")
	for i := range res {
		res[i].Err = vimErrRE.ReplaceAllString(res[i].Err, "")
	}
	return res
}

// runVimCommands runs Ex commands in a real Vim (not Ex mode, -e, which
// starts a file on its last line) on args, in a directory holding files,
// each command in a try block that leaves its error in g:err, with prep
// (Vim script lines) before the record of each: record is a Vim
// dictionary expression, decoded into T.
func runVimCommands[T any](t *testing.T, files map[string]string, prep string, cmds []string, record string, args ...string) []T {
	t.Helper()
	dir := t.TempDir()
	if err := writeFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.json")
	var b strings.Builder
	b.WriteString("set nocp ruler\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "let g:err = ''\ntry\n%s\ncatch\n  let g:err = v:exception\nendtry\n%s", c, prep)
		fmt.Fprintf(&b, "call writefile([json_encode(%s)], '%s', 'a')\n", record, out)
	}
	b.WriteString("qa!\n")
	driver := filepath.Join(dir, "driver.vim")
	if err := os.WriteFile(driver, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("vim", append([]string{"--not-a-term", "--cmd", "set encoding=utf-8", "-u", "NONE", "-i", "NONE", "-N", "-n", "-S", driver}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := runVimBounded(cmd); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("vim wrote no output: %v (%s)", err, stderr.String())
	}
	var res []T
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var s T
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatal(err)
		}
		res = append(res, s)
	}
	return res
}

// runKjxArgs runs the same scenario in kjx.
func runKjxArgs(t *testing.T, files map[string]string, cmds []string) []argState {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	e := New(Config{Clean: true})
	if err := e.SetArgs([]string{"a.txt", "b.txt", "c.txt"}); err != nil {
		t.Fatal(err)
	}
	var res []argState
	for _, c := range cmds {
		e.TakeMessages()
		e.ExecEx(c)
		st := argState{Buf: e.Buffer().Name(), Idx: e.args.idx, Args: e.args.files, Modified: e.Buffer().Modified(),
			Lines: strings.Split(textOf(e), "\n")}
		if st.Args == nil {
			st.Args = []string{}
		}
		st.Ls = []string{}
		for _, r := range e.bufferList(false) {
			st.Ls = append(st.Ls, e.bufferListLine(r))
		}
		for _, m := range e.TakeMessages() {
			if m.Error && st.Err == "" {
				st.Err = m.Text
			}
		}
		res = append(res, st)
	}
	return res
}

// TestArgListDifferential replays random scenarios of argument-list
// commands in Vim and in kjx and compares the state after every command.
func TestArgListDifferential(t *testing.T) {
	needVim(t)
	files := map[string]string{"a.txt": "a1\n", "b.txt": "b1\n  b2\n", "c.txt": "c1\n"}
	rng := rand.New(rand.NewPCG(14, 13))
	n := 80
	if testing.Short() {
		n = 10
	}
	for i := 0; i < n; i++ {
		cmds := make([]string, 6)
		for j := range cmds {
			cmds[j] = argListCommands[rng.IntN(len(argListCommands))]
		}
		vim := runVimArgs(t, files, cmds)
		kjx := runKjxArgs(t, files, cmds)
		for j := range cmds {
			if j >= len(vim) || j >= len(kjx) {
				t.Fatalf("scenario %q: vim %d states, kjx %d", cmds, len(vim), len(kjx))
			}
			v, k := vim[j], kjx[j]
			// A sourced script's error ends in ": {command}", as Vim's
			// append_command adds it when not typed.
			v.Err = strings.TrimSuffix(v.Err, ": "+cmds[j])
			if v.Buf != k.Buf || v.Idx != k.Idx || !slices.Equal(v.Args, k.Args) || !slices.Equal(v.Lines, k.Lines) || v.Modified != k.Modified || v.Err != k.Err || !slices.Equal(v.Ls, k.Ls) {
				t.Fatalf("scenario %q, after %q:\nvim %+v\nkjx %+v", cmds, cmds[j], v, k)
			}
		}
	}
}
