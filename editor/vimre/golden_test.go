package vimre

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

var update = flag.Bool("update", false, "regenerate testdata/golden.json by running vim")

// golden is testdata/golden.json: what Vim 9.0 does with the cases of
// testdata/cases.json (see testdata/golden.vim).
type golden struct {
	Match []struct {
		Pat, Line, Err string
		IC             int
		Start, End     int
	}
	Subs []struct {
		Pat, Rep, Line, Result, Err string
	}
	Search []struct {
		Lines              []string
		Pat, Flags, Err    string
		Lnum, Col          int
		Found, Flnum, Fcol int
	}
}

func loadGolden(t *testing.T) golden {
	t.Helper()
	if *update {
		cmd := exec.Command("vim", "--cmd", "set encoding=utf-8", "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es", "-S", "golden.vim")
		cmd.Dir = "testdata"
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("running vim: %v\n%s", err, out)
		}
	}
	data, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var g golden
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Match) < 100 || len(g.Subs) < 20 || len(g.Search) < 30 {
		t.Fatalf("golden file too small: %d/%d/%d cases", len(g.Match), len(g.Subs), len(g.Search))
	}
	return g
}

// errCode is the "E123" of a message.
func errCode(msg string) string {
	code, _, _ := strings.Cut(msg, ":")
	return code
}

// TestAgainstVim compares matches, :s///g results and searches with Vim.
// Where Vim can do what RE2 cannot (lookbehind, back-references, \%V, \&),
// kjx must give its E383 error instead.
func TestAgainstVim(t *testing.T) {
	g := loadGolden(t)
	t.Run("match", func(t *testing.T) {
		for _, c := range g.Match {
			re, err := Compile(c.Pat, Options{IgnoreCase: c.IC != 0})
			switch {
			case c.Err != "" && err != nil:
				if errCode(err.Error()) != errCode(c.Err) {
					t.Errorf("Compile(%q) error %q; Vim: %q", c.Pat, err, c.Err)
				}
				continue
			case err != nil:
				if strings.HasPrefix(err.Error(), "E383: kjx cannot") {
					continue // documented: beyond RE2
				}
				t.Errorf("Compile(%q): %v; Vim matched %d-%d in %q", c.Pat, err, c.Start, c.End, c.Line)
				continue
			case c.Err != "":
				t.Errorf("Compile(%q) succeeded; Vim: %s", c.Pat, c.Err)
				continue
			}
			s, e, ok := re.FindInLine([]byte(c.Line), 0)
			if !ok {
				s, e = -1, -1
			}
			if s != c.Start || e != c.End {
				t.Errorf("%q in %q (ic=%d): got %d-%d, Vim %d-%d (RE2 %s)", c.Pat, c.Line, c.IC, s, e, c.Start, c.End, re.RE2())
			}
		}
	})
	t.Run("substitute", func(t *testing.T) {
		for _, c := range g.Subs {
			if c.Pat == "" {
				continue // Vim uses the last pattern
			}
			got, err := substituteAll(c.Pat, c.Rep, c.Line)
			if err != nil {
				t.Errorf("s/%s/%s/g: %v", c.Pat, c.Rep, err)
			} else if got != c.Result {
				t.Errorf("s/%s/%s/g on %q: got %q, Vim %q", c.Pat, c.Rep, c.Line, got, c.Result)
			}
		}
	})
	t.Run("search", func(t *testing.T) {
		for _, c := range g.Search {
			checkSearch(t, c.Lines, c.Pat, c.Flags, c.Err, c.Lnum, c.Col, c.Found, c.Flnum, c.Fcol)
		}
	})
}

// substituteAll applies :s/pat/rep/g to one line the way the editor will.
func substituteAll(pat, rep, line string) (string, error) {
	re, err := Compile(pat, Options{})
	if err != nil {
		return "", err
	}
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllSubmatchInLine([]byte(line)) {
		b.WriteString(line[last:m[0]])
		r, err := ExpandReplacement(rep, []byte(line), m, true)
		if err != nil {
			return "", err
		}
		b.WriteString(r)
		last = m[1]
	}
	b.WriteString(line[last:])
	return b.String(), nil
}

func checkSearch(t *testing.T, lines []string, pat, flags, vimErr string, lnum, col, found, flnum, fcol int) {
	t.Helper()
	name := fmt.Sprintf("/%s from %d:%d %s", pat, lnum, col, flags)
	if pat == "" {
		return // Vim uses the last pattern (E35 here)
	}
	re, err := Compile(pat, Options{IgnoreCase: strings.Contains(flags, "i"), SmartCase: strings.Contains(flags, "s")})
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	text := strings.Join(lines, "\n")
	r := buffer.FromString(text)
	from := r.LineStart(lnum-1) + col
	s, _, _, ok := Search(r, re, from, strings.Contains(flags, "b"), !strings.Contains(flags, "W"))
	if !ok {
		if found != 0 {
			t.Errorf("%s: not found; Vim found %d:%d", name, flnum, fcol)
		}
		return
	}
	if found == 0 {
		t.Errorf("%s: found at %d; Vim did not find it (%s)", name, s, vimErr)
		return
	}
	l := r.LineOf(s)
	c := s - r.LineStart(l)
	// Vim's cursor cannot rest on the end of a line.
	if n := r.LineEnd(l) - r.LineStart(l); c >= n && n > 0 {
		c = n - 1
	}
	if l+1 != flnum || c != fcol {
		t.Errorf("%s: got %d:%d, Vim %d:%d", name, l+1, c, flnum, fcol)
	}
}
