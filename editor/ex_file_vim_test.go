package editor

import (
	"encoding/json"
	"os"
	"testing"
)

// fileInfoState is what TestFileInfoDifferential compares after each
// command: CTRL-G's message, the error the command gave and whether each
// file of the directory exists with which text.
type fileInfoState struct {
	Info  string            `json:"info"`
	Err   string            `json:"err"`
	Files map[string]string `json:"files"`
}

// fileInfoScenarios start on a.txt (which exists) or n.txt (which does
// not) and rename the buffer with :file, write it, change it.
var fileInfoScenarios = []struct {
	start string
	cmds  []string
}{
	{"a.txt", []string{"file", "normal x", "w", "file b.txt", "w", "normal x", "w!", "file"}},
	{"a.txt", []string{"file z.txt", "w", "normal x", "w", "file a.txt", "w!"}},
	{"a.txt", []string{"file a.txt", "w", "w!", "normal x", "w"}},
	{"n.txt", []string{"file", "normal ihi", "file z.txt", "file b.txt", "w", "w!"}},
	{"n.txt", []string{"normal ihi", "w", "file", "file n.txt", "normal x", "w", "w!"}},
	{"a.txt", []string{"file b.txt", "e!", "normal x", "w"}},
	{"n.txt", []string{"file a.txt", "w b.txt", "w! b.txt", "w"}},
}

// TestFileInfoDifferential compares :file NAME, CTRL-G's flags
// ([Modified][Not edited][New]) and the E13 that protects an existing
// file from a buffer renamed onto it, with Vim, after every command.
func TestFileInfoDifferential(t *testing.T) {
	needVim(t)
	files := map[string]string{"a.txt": "one\ntwo\n", "b.txt": "bee\n"}
	for _, sc := range fileInfoScenarios {
		want := runVimFileInfo(t, files, sc.start, sc.cmds)
		got := runKjxFileInfo(t, files, sc.start, sc.cmds)
		for i := range sc.cmds {
			if i >= len(want) || i >= len(got) {
				t.Fatalf("%s %q: vim %d states, kjx %d", sc.start, sc.cmds, len(want), len(got))
			}
			w, _ := json.Marshal(want[i])
			g, _ := json.Marshal(got[i])
			if string(w) != string(g) {
				t.Errorf("%s %q after %q:\n vim %s\n kjx %s", sc.start, sc.cmds[:i+1], sc.cmds[i], w, g)
				break
			}
		}
	}
}

func runVimFileInfo(t *testing.T, files map[string]string, start string, cmds []string) []fileInfoState {
	t.Helper()
	prep := "let g:files = {}\nfor f in ['a.txt', 'b.txt', 'n.txt', 'z.txt']\n  if filereadable(f)\n" +
		"    let g:files[f] = join(readfile(f, 'b'), \"\\n\")\n  endif\nendfor\n"
	res := runVimCommands[fileInfoState](t, files, prep, cmds,
		"{'info': split(execute('file'), \"\\n\")[-1], 'err': g:err, 'files': g:files}", start)
	for i := range res {
		res[i].Err = vimErrRE.ReplaceAllString(res[i].Err, "")
	}
	return res
}

func runKjxFileInfo(t *testing.T, files map[string]string, start string, cmds []string) []fileInfoState {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	if err := writeFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	e := New(Config{Clean: true})
	if err := e.Open(start); err != nil {
		t.Fatal(err)
	}
	var res []fileInfoState
	for _, c := range cmds {
		e.TakeMessages()
		e.ExecEx(c)
		st := fileInfoState{Files: map[string]string{}}
		for _, m := range e.TakeMessages() {
			if m.Error && st.Err == "" {
				st.Err = m.Text
			}
		}
		e.fileInfo()
		if ms := e.TakeMessages(); len(ms) > 0 {
			st.Info = ms[len(ms)-1].Text
		}
		for _, f := range []string{"a.txt", "b.txt", "n.txt", "z.txt"} {
			if data, err := os.ReadFile(f); err == nil {
				st.Files[f] = string(data)
			}
		}
		res = append(res, st)
	}
	return res
}
