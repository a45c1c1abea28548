package editor

import (
	"fmt"
	"math/rand"
	"strings"
)

// The generated part of the Ex corpus: random editing sessions on
// indented files that mix Ex line commands with Normal-mode motions,
// operators, Visual yanks and searches that wrap. Vim's behaviour is
// recorded into testdata/vimex_golden.json by go test -run TestVimEx
// -update; changing anything here changes the scenarios, so re-record.

// exGenSeed and exGenCount choose the generated scenarios.
const (
	exGenSeed  = 14
	exGenCount = 3000
)

// genTexts are the files the generated scenarios start from: indented
// with spaces and tabs, with blank lines, and with words that repeat so
// that searches find them again after wrapping.
var genTexts = []string{
	"func main() {\n\tx := foo(a, b)\n\tif x > 0 {\n\t\treturn \"yes\"\n\t}\n\n\tfor i := range xs {\n\t\tfoo(i)\n\t}\n}\n",
	"    first line\n\tsecond a\n  third\n\n  fifth a\n        sixth\nseventh a\n  eighth\n\tninth a\n  tenth\n",
	"  alpha beta\n    gamma alpha\n  delta\n\n  epsilon beta\n      zeta\n  eta alpha\n",
	"def f(x):\n    if x:\n        return x + 1\n    else:\n        pass\n\n\ndef g():\n    return f(2)\n",
	"  One. Two three!  Four?\n  Five six. Seven\n\n    Eight nine.\n  ten eleven\n\t\ttwelve\n",
	"\t- item one\n\t- item two\n\t  continued\n\n\t- item three\n  - item four\n",
	"    x\n\n    y\n        z\n    x y z\n",
	"a\n  b\n    c\n      d\n    c\n  b\na\n",
}

// genPatterns are the search and :s patterns of the scenarios, by text:
// words that occur in it (some more than once) and one that does not.
func genPatterns(text string) []string {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	pats := []string{"nomatch", `^\s`, `^$`, `a`, `x`}
	seen := map[string]bool{}
	for _, w := range words {
		if !seen[w] && len(pats) < 14 {
			seen[w] = true
			pats = append(pats, w)
		}
	}
	return pats
}

var (
	genMotions = []string{"h", "j", "k", "l", "w", "b", "e", "W", "B", "E", "0", "^", "$", "gg", "G", "}", "{", ")", "(", "%", "+", "-", "_", "<CR>", "fa", "tx", "Fe", ";", ",", "|", "2j", "3k", "3G", "5G", "2w", "g_", "ge"}
	// Not "=": Vim's C-indenting on text that is not C follows heuristics
	// kjx does not model (cindent.go says which part it does).
	genOps     = []string{"d", "c", "y", ">", "<", "g~", "gu", "gU"}
	genObjects = []string{"iw", "aw", "ip", "ap", "i(", "a{", "is", "i\""}
	genSimple  = []string{"x", "X", "D", "J", "3J", "gJ", "p", "P", "dd", "2dd", "yy", "yyp", ">>", "<<", "3>>", "3<<", "u", "u", "<C-r>", ".", ".", "~", "rx", "Y", "cc<Esc>", "S<Esc>", "ox<Esc>", "Oy<Esc>", "A z<Esc>", "I- <Esc>", "ab<CR>c<Esc>"}
	// No range here can be backwards: Vim asks "Backwards range given,
	// OK to swap (y/n)?", kjx swaps (docs/vim.md).
	genExRanges = []string{"", "%", ".", "$", ".,+1", ".,$", "1,3", "2,4", "2", "3", "5", "1,$", "'a", "'a,$", ".-1,.+1"}
)

// generateExCases makes n random scenarios from a seed.
func generateExCases(seed int64, n int) []exCase {
	rng := rand.New(rand.NewSource(seed))
	var cases []exCase
	for i := range n {
		text := genTexts[rng.Intn(len(genTexts))]
		g := &gen{rng: rng, pats: genPatterns(text), lines: strings.Count(text, "\n")}
		var steps []string
		for range 6 + rng.Intn(9) {
			steps = append(steps, g.step())
		}
		cases = append(cases, exCase{Name: fmt.Sprintf("gen%04d", i), Text: text, Steps: steps})
	}
	return cases
}

// gen makes the steps of one scenario.
type gen struct {
	rng   *rand.Rand
	pats  []string
	lines int
}

func (g *gen) pick(l []string) string { return l[g.rng.Intn(len(l))] }

func (g *gen) line() int { return 1 + g.rng.Intn(g.lines+1) }

// step is one typed command: an Ex line command in about a third of the
// steps, a search in one of six, the rest Normal and Visual mode.
func (g *gen) step() string {
	switch g.rng.Intn(12) {
	case 0, 1, 2, 3:
		return ":" + g.exCommand() + "<CR>"
	case 4, 5:
		return g.search()
	case 6, 7:
		s := g.pick(genMotions)
		if g.rng.Intn(5) == 0 {
			s = fmt.Sprint(2+g.rng.Intn(3)) + s
		}
		return s
	case 8:
		return g.operator()
	case 9:
		return g.visual()
	case 10:
		return "ma"
	default:
		return g.pick(genSimple)
	}
}

// exCommand is an Ex line command without the ':'.
func (g *gen) exCommand() string {
	rg := g.pick(genExRanges)
	switch g.rng.Intn(16) {
	case 0, 1:
		n := g.line()
		if g.rng.Intn(5) == 0 {
			n = 9999
		}
		return fmt.Sprint(n)
	case 2, 3:
		if g.rng.Intn(2) == 0 {
			a := g.line()
			return fmt.Sprintf("%d,%dd", a, a+g.rng.Intn(3))
		}
		return rg + "d"
	case 4:
		return rg + "m" + g.pick([]string{"0", "$", "+1", "-2", fmt.Sprint(g.line())})
	case 5:
		return rg + g.pick([]string{"t", "co"}) + g.pick([]string{"0", "$", ".", "-1", fmt.Sprint(g.line())})
	case 6:
		return rg + g.pick([]string{">", "<", ">>", "<<"})
	case 7:
		return rg + g.pick([]string{"j", "j!", "j 3"})
	case 8, 9:
		return rg + "s/" + g.pick(g.pats) + "/" + g.pick([]string{"X", "", "&&", "(&)"}) + "/" + g.pick([]string{"", "g", "e", "ge", "gn"})
	case 10, 11:
		cmd := g.pick([]string{"d", "s/a/A/", "s/^/# /", "m0", "t$", ">", "<", "j", "normal Ax", "normal dw", "s/x/y/g"})
		return g.pick([]string{"g", "v", "g!"}) + "/" + g.pick(g.pats) + "/" + cmd
	case 12:
		if g.rng.Intn(4) == 0 {
			return "0pu"
		}
		return rg + g.pick([]string{"y", "pu", "pu!"})
	case 13:
		return g.pick([]string{"undo", "redo", "undo 0", "undo 1", "earlier 2", "later 1"})
	case 14:
		return g.pick([]string{"$", "0", "+2", "-1", "/a/", "?a?", "'a", ".+1"})
	default:
		return rg + "norm! " + g.pick([]string{"x", "dd", "A!", ">>", "J", "$x"})
	}
}

// search is a / or ? search (most find a match after wrapping), n, N, *
// or #.
func (g *gen) search() string {
	switch g.rng.Intn(6) {
	case 0, 1:
		return "/" + g.pick(g.pats) + "<CR>"
	case 2:
		return "?" + g.pick(g.pats) + "<CR>"
	case 3:
		return g.pick([]string{"n", "N", "2n"})
	case 4:
		return g.pick([]string{"*", "#"})
	default:
		return g.pick([]string{"d", "y", "c"}) + "/" + g.pick(g.pats) + "<CR>" + map[bool]string{true: "z<Esc>"}[g.rng.Intn(3) == 0]
	}
}

// operator is an operator with a motion or text object, or doubled.
func (g *gen) operator() string {
	op := g.pick(genOps)
	target := g.pick(genMotions)
	switch g.rng.Intn(4) {
	case 0:
		target = g.pick(genObjects)
	case 1:
		target = op[len(op)-1:]
	}
	s := op + target
	if g.rng.Intn(4) == 0 {
		s = fmt.Sprint(2+g.rng.Intn(3)) + s
	}
	if op == "c" {
		s += g.pick([]string{"new", "", "a<CR>b"}) + "<Esc>"
	}
	return s
}

// visual is a Visual selection that is mostly yanked.
func (g *gen) visual() string {
	v := g.pick([]string{"v", "V", "<C-v>"})
	m := g.pick(genMotions)
	if g.rng.Intn(3) == 0 {
		m += g.pick(genMotions)
	}
	if v == "v" && g.rng.Intn(3) == 0 {
		m = g.pick(genObjects)
	}
	return v + m + g.pick([]string{"y", "y", "y", "d", ">", "J", "<Esc>", "o<Esc>"})
}
