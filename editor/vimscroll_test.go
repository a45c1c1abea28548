package editor

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Scrolling differs from the other corpora: Vim only scrolls with a
// screen, which vim -Es has not. The scroll corpus is recorded from a
// Vim running in a tmux window of 80 × 24 (a window of 23 text lines, as
// kjx's default), and compares the cursor and the window's first line
// (line('w0')) after every step.

const scrollGoldenPath = "testdata/vimscroll_golden.json"

// scrollStep is the state after one step: cursor line, column, top line.
type scrollStep [3]int

// scrollCase is a scroll scenario.
type scrollCase struct {
	Name  string       `json:"name"`
	Lines int          `json:"lines"` // the text is "line 1" … "line N"
	Steps []string     `json:"steps"`
	Want  []scrollStep `json:"want"`
}

// scrollCases jump far and near, page and half-page, up and down.
var scrollCases = []scrollCase{
	{Name: "far_jumps", Lines: 500, Steps: []string{"250G", "<C-b>", "<C-b>", "<C-f>", "30G", "G", "gg", "100G", "110G", "95G", "85G", "250G", "262G", "263G", "238G", "235G", "226G"}},
	{Name: "pages", Lines: 500, Steps: []string{"<C-f>", "<C-f>", "<C-b>", "<C-b>", "<C-b>", "G", "<C-b>", "<C-f>", "<C-f>", "gg", "3<C-f>", "2<C-b>", "<C-d>", "<C-d>", "<C-u>", "<C-u>", "<C-u>"}},
	{Name: "near_moves", Lines: 500, Steps: []string{"17j", "18j", "j", "5j", "10j", "20k", "k", "40j", "9k", "12k", "/line 200<CR>", "n", "?line 150<CR>", "N", "*", "#"}},
	{Name: "other_scrolls", Lines: 200, Steps: []string{"100G", "zt", "zb", "zz", "z<CR>", "z.", "z-", "<C-e>", "5<C-e>", "<C-y>", "10<C-y>", "H", "L", "M", "3<C-d>", "<C-d>", "<C-u>", "0<C-d>", "50%", "k", ":set so=0<CR>", "H", "k", "L", "j", ":set so=999<CR>", "j", "30G", "G", "gg"}},
	{Name: "short_text", Lines: 30, Steps: []string{"G", "<C-b>", "<C-f>", "15G", "gg", "<C-f>", "<C-f>", "<C-b>", "<C-d>", "<C-u>"}},
}

// TestVimScroll replays the scroll corpus in kjx.
func TestVimScroll(t *testing.T) {
	if *update {
		updateScrollGolden(t)
	}
	data, err := os.ReadFile(scrollGoldenPath)
	if err != nil {
		t.Fatalf("read golden (run go test -run TestVimScroll -update with vim and tmux installed): %v", err)
	}
	var cases []scrollCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) != len(scrollCases) {
		t.Errorf("golden has %d cases, the corpus %d: run -update", len(cases), len(scrollCases))
	}
	for _, c := range cases {
		e := newTestEditor(numberedLines(c.Lines))
		e.cursorToStart()
		for i, s := range c.Steps {
			feedSteps(t, e, s)
			got := scrollStep{e.win.cur.Line + 1, e.win.cur.Col + 1, e.win.top + 1}
			if got != c.Want[i] {
				t.Errorf("%s: step %d %q: [line col top] want %v got %v", c.Name, i+1, s, c.Want[i], got)
				break
			}
		}
	}
}

// numberedLines is "line 1\n" … "line n\n".
func numberedLines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

// updateScrollGolden records the scroll corpus from Vim in tmux.
func updateScrollGolden(t *testing.T) {
	for _, prog := range []string{"vim", "tmux"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Fatalf("-update of the scroll corpus needs %s on PATH", prog)
		}
	}
	cases := append([]scrollCase(nil), scrollCases...)
	for i := range cases {
		want, err := runVimScroll(t, cases[i])
		if err != nil {
			t.Fatalf("%s: %v", cases[i].Name, err)
		}
		cases[i].Want = want
	}
	data, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(scrollGoldenPath, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runVimScroll runs a scroll case in a Vim in a tmux window of 80 × 24.
func runVimScroll(t *testing.T, c scrollCase) ([]scrollStep, error) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "buf.txt"), []byte(numberedLines(c.Lines)), 0o644); err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "out.json")
	var b strings.Builder
	b.WriteString(vimSettings + "\n")
	for _, s := range c.Steps {
		fmt.Fprintf(&b, "call feedkeys(\"%s\", 'xt')\n", vimString(s))
		fmt.Fprintf(&b, "call writefile([json_encode([line('.'), col('.'), line('w0')])], '%s', 'a')\n", out)
	}
	b.WriteString("qa!\n")
	driver := filepath.Join(dir, "driver.vim")
	if err := os.WriteFile(driver, []byte(b.String()), 0o644); err != nil {
		return nil, err
	}
	sock := filepath.Join(dir, "tmux.sock")
	cmd := exec.Command("tmux", "-S", sock, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24",
		fmt.Sprintf("HOME=%s vim -u NONE -i NONE -N -n -S %s %s", dir, driver, filepath.Join(dir, "buf.txt")))
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("tmux: %v: %s", err, msg)
	}
	defer exec.Command("tmux", "-S", sock, "kill-server").Run()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		data, _ := os.ReadFile(out)
		if lines := strings.Split(strings.TrimSpace(string(data)), "\n"); len(lines) == len(c.Steps) && lines[0] != "" {
			var res []scrollStep
			for _, l := range lines {
				var s scrollStep
				if err := json.Unmarshal([]byte(l), &s); err != nil {
					return nil, err
				}
				res = append(res, s)
			}
			return res, nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil, fmt.Errorf("vim in tmux wrote no complete output")
}

// BenchmarkFarJumpScroll is gg and G in turn in a 10 MB buffer: each
// jump puts the window around the cursor as Vim's update_topline does
// (the far-jump rule centres the line), once per typed key.
func BenchmarkFarJumpScroll(b *testing.B) {
	e := benchEditor(b, 10<<20)
	keys := [][]Key{MustParseKeys("gg"), MustParseKeys("G"), MustParseKeys("50%")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Feed(keys[i%len(keys)], true)
	}
}
