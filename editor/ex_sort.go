package editor

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// :[range]sort[!] [b][f][i][l][n][o][r][u][x] [/pattern/], as Vim's
// ex_sort: a stable sort of the lines (equal keys keep their order, ! puts
// the result in reverse order), on the text after the pattern's match
// (or the match itself with r), or on the first number in that text.
// 'l' (the locale's collation) compares bytes, like the other string
// sorts. The whole sort is one undo step, saved even when the order does
// not change.

// sortSpec is a parsed :sort argument.
type sortSpec struct {
	ic, rx, unique, float bool
	base                  int // 0: sort on text; 10, 16, 8 or 2: on numbers
	pat                   *pattern
	next                  string // the command after a '|'
}

// sortKey is what a line sorts on.
type sortKey struct {
	line   int // index in the range
	text   string
	isNum  bool
	num    int64
	fvalue float64
}

// exSort is :sort.
func exSort(e *Editor, c *exparse.Cmd, rg exRange) error {
	l1, l2 := max(rg.l1, 0), rg.l2
	if l2 <= l1 {
		return nil // sorting one line is quick
	}
	e.saveUndo() // Vim saves before it reads the arguments
	sp, err := e.parseSort(c.Arg)
	if err != nil {
		return err
	}
	r := e.text()
	lines := make([]string, l2-l1+1)
	keys := make([]sortKey, len(lines))
	for i := range lines {
		lines[i] = lineText(r, l1+i)
		keys[i] = sp.key(i, lines[i])
	}
	slices.SortStableFunc(keys, sp.compare)
	if c.Bang {
		slices.Reverse(keys)
	}
	out := make([]string, 0, len(lines))
	for i, k := range keys {
		s := lines[k.line]
		if sp.unique && i > 0 && sp.compareText(s, out[len(out)-1]) == 0 {
			continue
		}
		out = append(out, s)
	}
	a, b := lineStart(r, l1), lineEnd(r, l2)
	e.replaceRange(a, b, strings.Join(out, "\n"))
	e.toFirstNonBlank(l1)
	e.linesMessage(len(out) - len(lines))
	if sp.next != "" && !e.execExLine(sp.next, false) {
		return errAbort
	}
	return nil
}

// parseSort reads :sort's flags and pattern.
func (e *Editor) parseSort(arg string) (sortSpec, error) {
	var sp sortSpec
	formats := 0
	for i := 0; i < len(arg); i++ {
		switch ch := arg[i]; {
		case ch == ' ' || ch == '\t':
		case ch == 'i':
			sp.ic = true
		case ch == 'l':
		case ch == 'r':
			sp.rx = true
		case ch == 'u':
			sp.unique = true
		case ch == 'n', ch == 'x', ch == 'o', ch == 'b':
			sp.base = map[byte]int{'n': 10, 'x': 16, 'o': 8, 'b': 2}[ch]
			formats++
		case ch == 'f':
			sp.float = true
			formats++
		case ch == '"':
			i = len(arg) // a comment
		case ch == '|' || ch == '\n':
			sp.next = arg[i+1:] // the next command, run after the sort
			i = len(arg)
		case !isASCIILetter(ch) && sp.pat == nil:
			pat, n := exparse.ReadPattern(arg[i+1:], ch)
			if pat == "" {
				pat = e.search.pattern
				if pat == "" {
					return sp, errors.New("E35: No previous regular expression")
				}
			}
			re, err := e.compileSortPattern(pat)
			if err != nil {
				return sp, err
			}
			sp.pat = re
			i += n
		default:
			return sp, fmt.Errorf("E475: Invalid argument: %s", arg[i:])
		}
	}
	if formats > 1 {
		return sp, errors.New("E474: Invalid argument")
	}
	return sp, nil
}

// compileSortPattern compiles :sort's pattern with 'ignorecase' but not
// 'smartcase', as Vim's ex_sort does.
func (e *Editor) compileSortPattern(pat string) (*pattern, error) {
	saved := e.opt.SmartCase
	e.opt.SmartCase = false
	defer func() { e.opt.SmartCase = saved }()
	return e.compilePattern(pat)
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// key finds what line i (text s) sorts on.
func (sp *sortSpec) key(i int, s string) sortKey {
	start, end := 0, len(s)
	if sp.pat != nil {
		if ms, me, ok := sp.pat.re.FindInLine([]byte(s), 0); ok {
			if sp.rx {
				start, end = ms, me
			} else {
				start = me
			}
		} else {
			end = 0
		}
	}
	k := sortKey{line: i, text: s[start:end]}
	switch {
	case sp.float:
		k.fvalue = parseSortFloat(k.text)
	case sp.base != 0:
		k.num, k.isNum = parseSortNumber(k.text, sp.base)
	}
	return k
}

// compare orders two keys; equal keys keep their order (the sort is
// stable).
func (sp *sortSpec) compare(a, b sortKey) int {
	switch {
	case sp.base != 0:
		if a.isNum != b.isNum {
			if a.isNum {
				return 1 // a line without a number sorts first
			}
			return -1
		}
		return cmpOrdered(a.num, b.num)
	case sp.float:
		return cmpOrdered(a.fvalue, b.fvalue)
	}
	return sp.compareText(a.text, b.text)
}

func cmpOrdered[T int64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// compareText compares bytes, ignoring ASCII case with i.
func (sp *sortSpec) compareText(a, b string) int {
	if sp.ic {
		return strings.Compare(asciiLower(a), asciiLower(b))
	}
	return strings.Compare(a, b)
}

func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// parseSortNumber finds the first number in s, as Vim's ex_sort: the
// first digit of the base (a '-' just before it makes it negative), with
// an optional 0x or 0b prefix for x and b (Vim 9.0 reads "0o17" as 0).
func parseSortNumber(s string, base int) (int64, bool) {
	isDigit := func(c byte) bool {
		switch base {
		case 16:
			return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
		case 2:
			return c == '0' || c == '1'
		}
		return c >= '0' && c <= '9'
	}
	i := 0
	for i < len(s) && !isDigit(s[i]) {
		i++
	}
	if i == len(s) {
		return 0, false
	}
	neg := i > 0 && s[i-1] == '-'
	t := s[i:]
	switch {
	case base == 16 && len(t) > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') && isDigit(t[2]):
		t = t[2:]
	case base == 2 && len(t) > 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B') && isDigit(t[2]):
		t = t[2:]
	}
	n := 0
	for n < len(t) && isDigit(t[n]) && (base != 8 || t[n] <= '7') {
		n++
	}
	v, err := strconv.ParseUint(t[:n], base, 64)
	if err != nil {
		v = math.MaxInt64 // Vim's vim_str2nr saturates
	}
	x := int64(min(v, math.MaxInt64))
	if neg {
		x = -x
	}
	return x, true
}

// parseSortFloat is strtod on s after blanks and a '+'; an empty key sorts
// first.
func parseSortFloat(s string) float64 {
	s = strings.TrimLeft(s, " \t")
	if strings.HasPrefix(s, "+") {
		s = strings.TrimLeft(s[1:], " \t")
	}
	if s == "" {
		return -math.MaxFloat64
	}
	n := len(s)
	for n > 0 {
		if v, err := strconv.ParseFloat(s[:n], 64); err == nil {
			return v
		}
		n--
	}
	return 0
}
