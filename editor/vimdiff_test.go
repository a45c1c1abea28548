package editor

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rerun Vim and rewrite testdata/vimdiff_golden.json")

const goldenPath = "testdata/vimdiff_golden.json"

// diffCase is one differential scenario: a text, typed steps, and Vim's
// state after each step.
type diffCase struct {
	Name  string    `json:"name"`
	Text  string    `json:"text"`
	Steps []string  `json:"steps"`
	Want  []vimStep `json:"want"`
}

type golden struct {
	Comment string     `json:"comment"`
	Vim     string     `json:"vim"`
	Cases   []diffCase `json:"cases"`
}

// randomCases is how many generated scenarios the golden file holds.
const randomCases = 600

// randomJumpCount is how many generated jumplist scenarios it holds.
const randomJumpCount = 80

// TestVimDiff replays every recorded scenario through kjx and compares
// lines, cursor and undo sequence numbers with what Vim did.
func TestVimDiff(t *testing.T) {
	if *update {
		updateGolden(t)
	}
	data, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("read golden (run go test -run TestVimDiff -update with vim installed): %v", err)
	}
	var g golden
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, c := range g.Cases {
		got := kjxSteps(t, c.Text, c.Steps)
		if d := diffSteps(c.Steps, c.Want, got); d != "" {
			failed++
			// VIMDIFF_ALL=1 shows the known differences too.
			if knownVimDiff[c.Name] && os.Getenv("VIMDIFF_ALL") == "" {
				continue
			}
			t.Errorf("%s (text %q, steps %q):\n%s", c.Name, c.Text, c.Steps, d)
		} else if knownVimDiff[c.Name] {
			t.Errorf("%s passes now: remove it from knownVimDiff", c.Name)
		}
	}
	t.Logf("vimdiff: %d/%d scenarios match Vim", len(g.Cases)-failed, len(g.Cases))
}

// knownVimDiff lists scenarios where kjx knowingly differs (each with a
// reason in the comment); the test fails if one starts passing.
var knownVimDiff = map[string]bool{}

func updateGolden(t *testing.T) {
	if _, err := exec.LookPath("vim"); err != nil {
		t.Fatal("-update needs vim on PATH")
	}
	cases := append([]diffCase(nil), handCases...)
	cases = append(append(cases, jumpCases...), visualCases...)
	cases = append(cases, generateCases(1, randomCases)...)
	cases = append(cases, randomJumpCases(7, randomJumpCount)...)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	errs := make([]error, len(cases))
	for i := range cases {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			want, err := runVim(t, cases[i].Text, cases[i].Steps)
			cases[i].Want, errs[i] = want, err
		}(i)
	}
	wg.Wait()
	var kept []diffCase
	for i, c := range cases {
		if errs[i] != nil {
			t.Logf("dropping %s: %v", c.Name, errs[i])
			continue
		}
		kept = append(kept, c)
	}
	out, _ := exec.Command("vim", "--version").Output()
	ver := strings.SplitN(string(out), "\n", 2)[0]
	g := golden{
		Comment: "Recorded from the real Vim by go test -run TestVimDiff -update (see vimdiff_test.go); never edit by hand.",
		Vim:     ver,
		Cases:   kept,
	}
	data, err := json.MarshalIndent(g, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(goldenPath), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goldenPath, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestVimLive runs a few scenarios through the installed Vim right now,
// so a change in Vim (or in the driver) shows up; it skips without vim.
func TestVimLive(t *testing.T) {
	needVim(t)
	if testing.Short() {
		t.Skip("starts vim; skipped with -short")
	}
	for _, c := range handCases[:min(5, len(handCases))] {
		want, err := runVim(t, c.Text, c.Steps)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		got := kjxSteps(t, c.Text, c.Steps)
		if d := diffSteps(c.Steps, want, got); d != "" {
			t.Errorf("%s: %s", c.Name, d)
		}
	}
}

// Texts for generated scenarios.
var diffTexts = []string{
	"one two three\nfour five six\nseven eight nine\n",
	"func main() {\n\tx := foo(a, b)\n\tif x > 0 {\n\t\treturn \"yes\"\n\t}\n}\n",
	"Hello, world. This is a test!  And more.\n\nSecond para here.\nline (with [nested {brackets}]) end\n",
	"  indented line\n\tTabbed\tline\n\n  a-b_c d.e\nlast 42 0x1f -7\n",
	"alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\n",
	"x\n\n\ny\n",
	"caf\u00e9 na\u00efve \u65e5\u672c\u8a9e text\nemoji \U0001F600 end\n",
	"word\n",
	"a 'quoted' and \"double\" `tick` x\n<tag>inner</tag> (p)\n",
}

var (
	diffMotions    = []string{"h", "j", "k", "l", "w", "b", "e", "W", "B", "E", "ge", "gE", "0", "^", "$", "gg", "G", "fe", "ta", "Fo", "Ti", ";", ",", "%", "}", "{", ")", "(", "+", "-", "<CR>", "_", "g_", "|", "<BS>", "<Space>", "2j", "3w", "2e"}
	diffObjects    = []string{"iw", "aw", "iW", "aW", "i(", "a(", "i{", "a[", "i\"", "a'", "ip", "ap", "is", "as", "i<", "it", "i`"}
	diffOps        = []string{"d", "y", "c", ">", "<", "g~", "gu", "gU", "gJ"}
	diffInserts    = []string{"foo", "x y", "a<CR>b", "ab<BS>c", "<CR>", "tt<C-w>z", "q<Tab>r", "", "<BS><BS>", "  z", "<C-u>k"}
	diffSimple     = []string{"x", "X", "D", "J", "gJ", "p", "P", "~", ".", "u", "<C-r>", "yy", "dd", "yyp", "ddp", "<C-a>", "<C-x>", "5<C-a>", "Y", "xp", "3x", "2dd", "3J", "r_", "2rz", "u", "u", "g-", "g+", "gp", "gP", "\"ayy", "\"ap", "\"Ayw", "\"bdw", "\"bP", "ma", "`a", "'a", "d'a", "y`a", "3.", "2u", "==", ">>", "<<", "g~~", "gUU", "guu", "cc<Esc>", "S<Esc>", "s<Esc>"}
	diffInsertCmds = []string{"i", "a", "A", "I", "o", "O", "C", "s", "S", "cw", "cc", "3i", "2o", "gi", "R"}
)

// generateCases makes n random scenarios from a safe command set.
func generateCases(seed int64, n int) []diffCase {
	rng := rand.New(rand.NewSource(seed))
	pick := func(l []string) string { return l[rng.Intn(len(l))] }
	count := func() string {
		if rng.Intn(4) == 0 {
			return fmt.Sprint(2 + rng.Intn(3))
		}
		return ""
	}
	var cases []diffCase
	for i := 0; i < n; i++ {
		var steps []string
		for j := 0; j < 4+rng.Intn(6); j++ {
			var s string
			switch rng.Intn(9) {
			case 0, 1:
				s = count() + pick(diffMotions)
			case 2:
				op := pick(diffOps)
				if op == "gJ" {
					s = count() + "gJ"
					break
				}
				target := pick(diffMotions)
				if rng.Intn(3) == 0 {
					target = pick(diffObjects)
				}
				if rng.Intn(6) == 0 {
					target = op[len(op)-1:]
				}
				s = count() + op + target
				if op == "c" {
					s += pick(diffInserts) + "<Esc>"
				}
			case 3, 4:
				s = pick(diffSimple)
			case 5:
				s = pick(diffInsertCmds) + pick(diffInserts) + "<Esc>"
			case 6:
				v := []string{"v", "V", "<C-v>"}[rng.Intn(3)]
				ops := []string{"d", "y", "x", "~", "U", "u", ">", "J", "rx", "c" + pick(diffInserts) + "<Esc>", "<Esc>", "o<Esc>", "p", "I" + pick(diffInserts) + "<Esc>", "A" + pick(diffInserts) + "<Esc>", "D", "X", "Y", "C", "S", "R"}
				op := pick(ops)
				if op == "C" || op == "S" || op == "R" {
					op += "new<Esc>"
				}
				obj := pick(diffMotions)
				if rng.Intn(3) == 0 && v == "v" {
					obj = pick(diffObjects)
				}
				s = v + count() + obj + op
			case 7:
				s = "u"
				if rng.Intn(2) == 0 {
					s = "<C-r>"
				}
			case 8:
				s = count() + "."
			}
			steps = append(steps, s)
		}
		cases = append(cases, diffCase{Name: fmt.Sprintf("random%03d", i), Text: diffTexts[rng.Intn(len(diffTexts))], Steps: steps})
	}
	return cases
}
