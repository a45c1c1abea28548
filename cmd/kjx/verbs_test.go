package main

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undofile"
)

// verbHome makes a fresh HOME and XDG data directory for the verbs and
// the headless runs that make histories, and works in a temporary
// directory. It returns the undo directory.
func verbHome(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("HOME", filepath.Join(dir, "home"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(dir, "config"))
	work := filepath.Join(dir, "work")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	return filepath.Join(dir, "data", "kjx", "undo")
}

// edit runs a headless kjx with persistent undo (no --clean) on file.
func edit(t *testing.T, clock int64, file string, steps ...string) {
	t.Helper()
	args := append([]string{"--headless", "--clock", strconv.FormatInt(clock, 10)}, steps...)
	code, _, errs := runKJX(t, append(args, file)...)
	if code != 0 {
		t.Fatalf("kjx %q: exit %d: %s", args, code, errs)
	}
}

// historyScenarios are files edited into histories with branches,
// labels, writes, CRLF and missing final newlines, and states whose text
// is empty.
var historyScenarios = []struct {
	name, initial string
	steps         [][]string // one headless session each
}{
	{"lf", "one\ntwo\nthree\n", [][]string{
		{"--keys", "ddjp", "-c", "w", "--keys", "Ohello<Esc>", "-c", "undo 1", "-c", "checkpoint mine", "--keys", "Gox<Esc>", "-c", "w"},
		{"--keys", "ggdG", "-c", "w", "--keys", "u", "--keys", "3ia b<CR><Esc>"},
	}},
	{"crlf", "a\r\nb\r\n", [][]string{
		{"--keys", "yyp", "-c", "w", "--keys", "ggJ", "-c", "s/a/A/"},
	}},
	{"noeol", "x\ny", [][]string{
		{"--keys", "Az<Esc>", "-c", "w", "--keys", "ggdd"},
		{"-c", "undo 0", "--keys", "iroot<Esc>"},
	}},
	{"empty", "", [][]string{
		{"--keys", "ifirst<Esc>", "-c", "w", "--keys", "dd", "-c", "w", "--keys", "u"},
	}},
	{"newline only", "\n", [][]string{
		{"--keys", "ddiq<Esc>", "-c", "w"},
	}},
}

func writeScenario(t *testing.T, name, initial string, steps [][]string) string {
	t.Helper()
	file := strings.ReplaceAll(name, " ", "_") + ".txt"
	if err := os.WriteFile(file, []byte(initial), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, s := range steps {
		edit(t, 1_700_000_000+int64(i)*3600, file, s...)
	}
	return file
}

// states returns the seqs the history of file lists.
func states(t *testing.T, file string) []int {
	t.Helper()
	code, out, errs := runKJX(t, "history", file)
	if code != 0 {
		t.Fatalf("history %s: exit %d: %s", file, code, errs)
	}
	var seqs []int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		n, err := strconv.Atoi(strings.Fields(line)[0])
		if err != nil {
			t.Fatalf("history line %q", line)
		}
		seqs = append(seqs, n)
	}
	return seqs
}

// TestShowMatchesEditor: kjx show FILE@N gives, byte for byte, what the
// editor writes after :undo N (kjx --headless -c 'undo N' -c 'w! out'),
// for every state of every scenario.
func TestShowMatchesEditor(t *testing.T) {
	for _, sc := range historyScenarios {
		t.Run(sc.name, func(t *testing.T) {
			verbHome(t)
			file := writeScenario(t, sc.name, sc.initial, sc.steps)
			seqs := states(t, file)
			if len(seqs) < 3 {
				t.Fatalf("only %d states", len(seqs))
			}
			shown := map[int]string{}
			for _, n := range seqs {
				code, out, errs := runKJX(t, "show", fmt.Sprintf("%s@%d", file, n))
				if code != 0 || errs != "" {
					t.Fatalf("show @%d: exit %d: %s", n, code, errs)
				}
				shown[n] = out
			}
			for _, n := range seqs {
				out := filepath.Join(t.TempDir(), "out")
				edit(t, 1_800_000_000, file, "-c", fmt.Sprintf("undo %d", n), "-c", "w! "+out)
				want, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if shown[n] != string(want) {
					t.Errorf("state %d: show %q, editor wrote %q", n, shown[n], want)
				}
			}
		})
	}
}

// TestHistoryLines checks every column of kjx history against what the
// editor recorded, and the line counts against a full line diff of the
// texts show prints.
func TestHistoryLines(t *testing.T) {
	verbHome(t)
	sc := historyScenarios[0]
	file := writeScenario(t, sc.name, sc.initial, sc.steps)
	code, out, _ := runKJX(t, "history", file)
	if code != 0 {
		t.Fatal(out)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], "seq  time") || !strings.Contains(lines[1], "oldest state") {
		t.Errorf("header and root: %q", lines[:2])
	}
	parent := map[int]int{1: 0, 2: 1, 3: 2, 4: 1, 5: 4, 6: 4}
	text := func(n int) []string {
		_, o, _ := runKJX(t, "show", fmt.Sprintf("%s@%d", file, n))
		return splitLines(o)
	}
	for _, line := range lines[2:] {
		f := strings.Fields(line)
		seq, _ := strconv.Atoi(f[0])
		if f[5] != "typed" {
			t.Errorf("state %d: source %q", seq, f[5])
		}
		p, ok := parent[seq]
		if !ok {
			t.Fatalf("unexpected state %d in %q", seq, out)
		}
		res, err := linediff.Lines(context.Background(), text(p), text(seq), linediff.Options{Context: -1})
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("+%d −%d", res.Added, res.Deleted); f[3]+" "+f[4] != want {
			t.Errorf("state %d: lines %s %s, a full diff says %s", seq, f[3], f[4], want)
		}
		wantTime := time.Unix(1_700_000_000, 0).Format("2006-01-02")
		if seq >= 5 {
			wantTime = time.Unix(1_700_003_600, 0).Format("2006-01-02")
		}
		if f[1] != wantTime {
			t.Errorf("state %d: date %s, want %s", seq, f[1], wantTime)
		}
	}
	if len(lines) != 2+len(parent) {
		t.Errorf("%d lines, want %d:\n%s", len(lines), 2+len(parent), out)
	}
	for seq, want := range map[int]string{1: "«mine»", 2: "written (1)", 4: "written (2)", 5: "written (3), on disk", 6: "unsaved, last state"} {
		if !strings.HasSuffix(lines[seq+1], want) {
			t.Errorf("state %d: %q, want it to end with %q", seq, lines[seq+1], want)
		}
	}
}

// TestLineStatMatchesFullDiff: the counts from the lines the changes
// touch equal a full diff of the two texts, on random texts and changes.
func TestLineStatMatchesFullDiff(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "b", "\n", "\n\n", "ab\n", "x", ""}
	randText := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for i := range 3000 {
		before := buffer.FromString(randText(rng.IntN(12)))
		text := before
		var cs []buffer.Change
		for range 1 + rng.IntN(3) {
			off := rng.IntN(text.Len() + 1)
			end := off + rng.IntN(text.Len()-off+1)
			c := buffer.Change{Off: off, Old: text.SliceString(off, end), New: randText(rng.IntN(3))}
			var err error
			if text, err = text.Apply(c); err != nil {
				t.Fatal(err)
			}
			cs = append(cs, c)
		}
		added, deleted, err := lineStat(before, cs)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		res, _ := linediff.Lines(context.Background(), ropeLines(before.String()), ropeLines(text.String()), linediff.Options{Context: -1})
		if q, d, ok := lineStatQuick(cs, before.Len(), text.Len()); ok && (q != res.Added || d != res.Deleted) {
			t.Fatalf("case %d: %q with %+v: quick +%d −%d, full diff +%d −%d", i, before.String(), cs, q, d, res.Added, res.Deleted)
		}
		if added != res.Added || deleted != res.Deleted {
			t.Fatalf("case %d: %q with %+v: +%d −%d, full diff +%d −%d", i, before.String(), cs, added, deleted, res.Added, res.Deleted)
		}
	}
}

func TestDiffVerb(t *testing.T) {
	verbHome(t)
	if err := os.WriteFile("f.txt", []byte("keep\nold\nend"), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(t, 1_700_000_000, "f.txt", "--keys", "jccnew<Esc>", "-c", "w", "--keys", "Go<Esc>", "-c", "w")
	code, out, errs := runKJX(t, "diff", "f.txt@0")
	// The noeol file got an empty last line: on disk that is a final
	// newline.
	want := "--- f.txt@0\n+++ f.txt\n@@ -1,3 +1,3 @@\n keep\n-old\n-end\n\\ No newline at end of file\n+new\n+end\n"
	if code != 0 || out != want {
		t.Errorf("diff @0 to disk: exit %d %s\n%s\nwant\n%s", code, errs, out, want)
	}
	code, out, _ = runKJX(t, "diff", "f.txt@1", "f.txt@0")
	want = "--- f.txt@1\n+++ f.txt@0\n@@ -1,3 +1,3 @@\n keep\n-new\n+old\n end\n\\ No newline at end of file\n"
	if code != 0 || out != want {
		t.Errorf("diff @1 @0: %d\n%s", code, out)
	}
	if code, out, errs := runKJX(t, "diff", "f.txt@2", "f.txt"); code != 0 || out != "" || errs != "" {
		t.Errorf("the state on disk against the disk: %d %q %q", code, out, errs)
	}
}

// TestVerbErrors: one line on stderr, exit 2 for usage, 1 for the rest,
// names escaped, nothing on stdout.
func TestVerbErrors(t *testing.T) {
	verbHome(t)
	if err := os.WriteFile("f.txt", []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(t, 1_700_000_000, "f.txt", "--keys", "xib<Esc>", "-c", "w")
	evil := "e\x1b]0;PWNED\a\u202e.txt"
	if err := os.WriteFile(evil, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"history"}, 2, "usage: kjx history"},
		{[]string{"history", "a", "b"}, 2, "usage: kjx history"},
		{[]string{"show", "f.txt"}, 2, "no @REF"},
		{[]string{"diff"}, 2, "usage: kjx diff"},
		{[]string{"history", "--bogus", "f.txt"}, 2, "unknown option --bogus"},
		{[]string{"history", "-u"}, 2, "-u needs an argument"},
		{[]string{"history", "missing.txt"}, 1, "missing.txt: no history"},
		{[]string{"history", evil}, 1, "e^[]0;PWNED^G<202e>.txt: no history"},
		{[]string{"show", evil + "@1"}, 1, "e^[]0;PWNED^G<202e>.txt: no history"},
		{[]string{"show", "f.txt@9"}, 1, "f.txt: no state #9"},
		{[]string{"show", "f.txt@nolabel"}, 1, `no state labelled "nolabel"`},
		{[]string{"show", "f.txt@-10x"}, 1, "not a time ago"},
		{[]string{"show", "f.txt@"}, 1, "no state given"},
		{[]string{"diff", "f.txt@1", "missing.txt"}, 1, "missing.txt"},
		{[]string{"show", ".@1"}, 1, ". is a directory"},
		{[]string{"history", "/dev/zero"}, 1, "/dev/zero is not a regular file"},
		{[]string{"diff", "f.txt@1", "/dev/zero"}, 1, "/dev/zero is not a regular file"},
	} {
		code, out, errs := runKJX(t, c.args...)
		if code != c.code || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "kjx: ") || !strings.Contains(errs, c.want) {
			t.Errorf("kjx %q: exit %d, stdout %q, stderr %q; want exit %d and one line with %q", c.args, code, out, errs, c.code, c.want)
		}
		if strings.ContainsAny(errs, "\x1b\a\u202e") {
			t.Errorf("kjx %q: raw control bytes on stderr: %q", c.args, errs)
		}
	}
	if code, out, _ := runKJX(t, "show", "--help"); code != 0 || !strings.Contains(out, "usage: kjx show") {
		t.Errorf("show --help: %d %q", code, out)
	}
}

// TestVerbsRefs resolves labels, numbers and times ago.
func TestVerbsRefs(t *testing.T) {
	verbHome(t)
	if err := os.WriteFile("f.txt", []byte("0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	now := time.Now().Unix()
	// States 1, 2, 3 made 3 h, 2 h and 1 h ago.
	for i, key := range []string{"1", "2", "3"} {
		edit(t, now-int64(3-i)*3600, "f.txt", "--keys", "cc"+key+"<Esc>", "-c", "w")
	}
	edit(t, now-3000, "f.txt", "-c", "undo 2", "-c", "checkpoint two")
	for ref, want := range map[string]string{
		"3": "3\n", "0": "0\n", "two": "2\n", "-10m": "3\n", "-1h30m": "2\n", "-2h": "2\n", "-150m": "1\n", "-5h": "0\n", "-3d": "0\n",
	} {
		code, out, errs := runKJX(t, "show", "f.txt@"+ref)
		if code != 0 || out != want {
			t.Errorf("@%s: exit %d, %q (%s), want %q", ref, code, out, errs, want)
		}
	}
}

// TestVerbsWriteNothing: the verbs leave the undo directory and the file
// exactly as they were.
func TestVerbsWriteNothing(t *testing.T) {
	undoDir := verbHome(t)
	sc := historyScenarios[0]
	file := writeScenario(t, sc.name, sc.initial, sc.steps)
	before := snapshotTree(t, filepath.Dir(undoDir), file)
	for _, args := range [][]string{{"history", file}, {"show", file + "@2"}, {"diff", file + "@1"}, {"diff", file + "@1", file + "@mine"}, {"show", file + "@77"}} {
		runKJX(t, args...)
	}
	if after := snapshotTree(t, filepath.Dir(undoDir), file); after != before {
		t.Errorf("the verbs changed files:\n%s\n---\n%s", before, after)
	}
}

// snapshotTree describes every file below dir, and extra, with its size,
// modification time and content hash.
func snapshotTree(t *testing.T, dir, extra string) string {
	t.Helper()
	var b strings.Builder
	add := func(p string) {
		fi, err := os.Stat(p)
		if err != nil {
			fmt.Fprintf(&b, "%s: %v\n", p, err)
			return
		}
		data, _ := os.ReadFile(p)
		fmt.Fprintf(&b, "%s %d %d %x\n", p, fi.Size(), fi.ModTime().UnixNano(), data)
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			add(p)
		}
		return nil
	})
	add(extra)
	return b.String()
}

// TestVerbsChangedOnDisk: after an outside change the history is read as
// saved (the editor would graft it): show rebuilds states from the undo
// file's copy of the saved text, and history marks the state that was on
// disk.
func TestVerbsChangedOnDisk(t *testing.T) {
	verbHome(t)
	if err := os.WriteFile("f.txt", []byte("a\nb\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(t, 1_700_000_000, "f.txt", "--keys", "ddp", "-c", "w", "--keys", "ggx", "-c", "w")
	if err := os.WriteFile("f.txt", []byte("changed outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runKJX(t, "history", "f.txt")
	if code != 0 || !strings.Contains(out, "was on disk") || errs != "" {
		t.Errorf("history: %d %q %q", code, out, errs)
	}
	for ref, want := range map[string]string{"0": "a\nb\n", "1": "b\n", "2": "b\na\n", "3": "\na\n"} {
		if code, out, errs := runKJX(t, "show", "f.txt@"+ref); code != 0 || out != want {
			t.Errorf("@%s: %d %q %s", ref, code, out, errs)
		}
	}
	// A deleted file: its states still show, with the saved bytes' line
	// ending.
	if err := os.Remove("f.txt"); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runKJX(t, "show", "f.txt@2"); code != 0 || out != "b\na\n" {
		t.Errorf("deleted file @1: %d %q %s", code, out, errs)
	}
}

// TestVerbsHonourUndoDir: with -u CONFIG, the configuration's undo.dir is
// where the history is looked for, as in the editor.
func TestVerbsHonourUndoDir(t *testing.T) {
	verbHome(t)
	dir := filepath.Join(t.TempDir(), "my undo")
	cfg := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf("[undo]\ndir = %q\n", dir)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("f.txt", []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(t, 1_700_000_000, "f.txt", "-c", "set undodir="+strings.ReplaceAll(dir, " ", `\ `), "--keys", "x", "-c", "w")
	if code, out, errs := runKJX(t, "show", "-u", cfg, "f.txt@0"); code != 0 || out != "a\n" {
		t.Errorf("with -u: %d %q %s", code, out, errs)
	}
	if code, _, errs := runKJX(t, "show", "f.txt@0"); code != 1 || !strings.Contains(errs, "no history") {
		t.Errorf("without -u: %d %s", code, errs)
	}
	if !bytes.Contains([]byte(dir), []byte("my undo")) {
		t.Fatal("test set-up")
	}
}

// splitLines is the lines of a text without its final newline; an empty
// text has none.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// ropeLines is the lines of a rope's text (joined by "\n", no final
// newline); an empty text has none.
func ropeLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// TestHistoryWithoutSavedText: a file changed outside kjx whose undo file
// keeps no copy of the saved text: history still lists the states (line
// counts unknown, said once on stderr), show says why it cannot.
func TestHistoryWithoutSavedText(t *testing.T) {
	undoDir := verbHome(t)
	if err := os.WriteFile("f.txt", []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(t, 1_700_000_000, "f.txt", "--keys", "xib<Esc>", "-c", "w")
	path, err := undofile.Canonical("f.txt")
	if err != nil {
		t.Fatal(err)
	}
	name, err := undofile.Locate(undoDir, path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := undofile.ReadFile(name, undofile.FileState{}, undofile.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	l.File.Text = nil
	data, err := undofile.Encode(l.File, undofile.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("f.txt", []byte("outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runKJX(t, "history", "f.txt")
	if code != 0 || strings.Count(out, "?") != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "line counts unknown") {
		t.Errorf("history: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runKJX(t, "show", "f.txt@1")
	if code != 1 || out != "" || !strings.Contains(errs, "keeps no copy of the saved text") {
		t.Errorf("show: exit %d %q %q", code, out, errs)
	}
}

// TestVerbsCorruptUndoFile: a damaged undo file is one line naming it,
// exit 1, and it is left as it was.
func TestVerbsCorruptUndoFile(t *testing.T) {
	undoDir := verbHome(t)
	if err := os.WriteFile("f.txt", []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(t, 1_700_000_000, "f.txt", "--keys", "xib<Esc>", "-c", "w")
	path, err := undofile.Canonical("f.txt")
	if err != nil {
		t.Fatal(err)
	}
	name, err := undofile.Locate(undoDir, path)
	if err != nil {
		t.Fatalf("undo file of f.txt: %v", err)
	}
	data, _ := os.ReadFile(name)
	damaged := append([]byte(nil), data...)
	damaged[len(damaged)/2] ^= 0x55
	if err := os.WriteFile(name, damaged, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"history", "f.txt"}, {"show", "f.txt@1"}, {"diff", "f.txt@0"}} {
		code, out, errs := runKJX(t, args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "corrupt") {
			t.Errorf("kjx %q: exit %d %q %q", args, code, out, errs)
		}
	}
	if after, _ := os.ReadFile(name); !bytes.Equal(after, damaged) {
		t.Error("the damaged undo file was changed")
	}
}
