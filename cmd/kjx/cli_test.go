package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/editor/session"
)

// headlessStates runs kjx --headless --json (with --clean unless the
// arguments name -u) on stdin and returns the exit status, the JSON
// states and stderr.
func headlessStates(t *testing.T, stdin string, args ...string) (int, []session.StepState, string) {
	t.Helper()
	var out, errb bytes.Buffer
	full := append([]string{"--headless", "--json"}, args...)
	if !strings.Contains(strings.Join(args, " "), "-u ") {
		full = append([]string{"--clean"}, full...)
	}
	code := run(full, strings.NewReader(stdin), &out, &errb)
	var states []session.StepState
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if line == "" {
			continue
		}
		var st session.StepState
		if err := json.Unmarshal([]byte(line), &st); err != nil {
			t.Fatalf("bad JSON %q: %v", line, err)
		}
		states = append(states, st)
	}
	return code, states, errb.String()
}

// cliDir makes the files of the command-line tests in a new working
// directory.
func cliDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	for name, text := range map[string]string{"a.txt": "a1\n", "b.txt": "  b1\nb2\n  b3 x\n", "-weird": "w\n"} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCommandLineAsVim: each form of Vim's command line, with the cursor
// and messages Vim 9.0 gives (checked with vim --clean -n in tmux).
func TestCommandLineAsVim(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		cursor [2]int
		line1  string // the first line of the buffer
		msg    string // the first message of the (only) step, "" for none
	}{
		{"first non-blank", []string{"--keys", "", "b.txt"}, [2]int{1, 3}, "  b1", ""},
		{"+N", []string{"+2", "--keys", "", "b.txt"}, [2]int{2, 1}, "  b1", ""},
		{"+N past the end", []string{"+99", "--keys", "", "b.txt"}, [2]int{3, 3}, "  b1", ""},
		{"+ last line", []string{"+", "--keys", "", "b.txt"}, [2]int{3, 3}, "  b1", ""},
		{"+/pattern", []string{"+/x", "--keys", "", "b.txt"}, [2]int{3, 3}, "  b1", ""},
		{"several files", []string{"-c", "args", "a.txt", "b.txt"}, [2]int{1, 1}, "a1", "[a.txt] b.txt"},
		{"several files :n", []string{"-c", "n", "a.txt", "b.txt"}, [2]int{1, 3}, "  b1", `"b.txt" 3L, 15B`},
		{"-- weird name", []string{"--keys", "", "--", "-weird"}, [2]int{1, 1}, "w", ""},
		{"-R :w", []string{"-R", "-c", "w", "a.txt"}, [2]int{1, 1}, "a1", "E45: 'readonly' option is set (add ! to override)"},
		{"-R :w!", []string{"-R", "-c", "w!", "a.txt"}, [2]int{1, 1}, "a1", `"a.txt" 1L, 3B written`},
		{":q with more files", []string{"-c", "q", "a.txt", "b.txt"}, [2]int{1, 1}, "a1", "E173: 1 more file to edit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cliDir(t)
			_, states, errs := headlessStates(t, "", tc.args...)
			if len(states) != 1 {
				t.Fatalf("%d states, stderr %q", len(states), errs)
			}
			st := states[0]
			if st.Cursor != tc.cursor || st.Lines[0] != tc.line1 {
				t.Errorf("cursor %v line 1 %q, want %v %q", st.Cursor, st.Lines[0], tc.cursor, tc.line1)
			}
			msg := ""
			if len(st.Messages) > 0 {
				msg = st.Messages[0]
			}
			if msg != tc.msg {
				t.Errorf("message %q, want %q", msg, tc.msg)
			}
		})
	}
}

// TestStdin is kjx -: the text of standard input in an unnamed, modified
// buffer, as vim - (so :q says E37).
func TestStdin(t *testing.T) {
	cliDir(t)
	_, states, _ := headlessStates(t, "one\n  two\n", "-", "-c", "q")
	if len(states) != 1 {
		t.Fatal(states)
	}
	st := states[0]
	if strings.Join(st.Lines, "|") != "one|  two" || !st.Modified || len(st.Messages) == 0 || !strings.HasPrefix(st.Messages[0], "E37") {
		t.Fatalf("stdin buffer: %+v", st)
	}
}

// TestHeadlessReadsConfig: without --clean the headless mode reads the
// configuration as the UI does: its options, its undo.dir, and its errors
// in the first step's messages and on stderr (escaped), exit status 1.
func TestHeadlessReadsConfig(t *testing.T) {
	dir := cliDir(t)
	undoDir := filepath.Join(dir, "undos")
	cfg := "[editor]\ntabstop = 4\n[undo]\ndir = \"" + undoDir + "\"\n"
	if err := os.WriteFile("kjx.toml", []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	code, states, errs := headlessStates(t, "", "-u", "kjx.toml", "-c", "set ts?", "--keys", "x", "-c", "w", "a.txt")
	if code != 0 || len(states) != 3 || errs != "" {
		t.Fatalf("exit %d, %d states, stderr %q", code, len(states), errs)
	}
	if m := append(states[0].Messages, states[0].Output...); len(m) != 1 || strings.TrimSpace(m[0]) != "tabstop=4" {
		t.Errorf(":set ts? says %q, want tabstop=4 from the configuration", m)
	}
	if ents, err := os.ReadDir(undoDir); err != nil || len(ents) == 0 {
		t.Errorf("no undo file in the configured undo.dir: %v %v", ents, err)
	}

	if err := os.WriteFile("bad.toml", []byte("[editor]\n\"no_such_key\\u001b[2J\" = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, states, errs = headlessStates(t, "", "-u", "bad.toml", "--keys", "", "--keys", "", "a.txt")
	if code != 1 || len(states) != 2 {
		t.Fatalf("exit %d, %d states", code, len(states))
	}
	if m := states[0].Messages; len(m) != 1 || !strings.Contains(m[0], "no_such_key") {
		t.Errorf("first step's messages %q, want the configuration error", m)
	}
	if len(states[1].Messages) != 0 {
		t.Errorf("the error is repeated in the second step: %q", states[1].Messages)
	}
	if !strings.Contains(errs, "no_such_key") || strings.Contains(errs, "\x1b") || strings.Count(errs, "\n") != 1 {
		t.Errorf("stderr %q: want one escaped line naming the key", errs)
	}
	_, states, _ = headlessStates(t, "", "-u", "nothere.toml", "--keys", "", "a.txt")
	if m := states[0].Messages; len(m) != 1 || m[0] != `E282: Cannot read from "nothere.toml"` {
		t.Errorf("-u naming a missing file: %q", m)
	}
}

// TestHelpListsCommandLine: --help names every form of the command line
// and every verb.
func TestHelpListsCommandLine(t *testing.T) {
	_, out, _ := runKJX(t, "--help")
	for _, want := range []string{"+N", "+/PATTERN", "-R", "  -  ", "--", "FILE...", "kjx history", "kjx show", "kjx diff"} {
		if !strings.Contains(out, want) {
			t.Errorf("--help does not mention %q", want)
		}
	}
}
