package editor

// INTERIM: Vim patterns translated to Go regexp until package
// editor/vimre lands; this file is the only user of package regexp.

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// pattern is a compiled search pattern.
type pattern struct {
	re *regexp.Regexp
}

// compilePattern compiles a Vim "magic" pattern with 'ignorecase' and
// 'smartcase'.
func (e *Editor) compilePattern(pat string) (*pattern, error) {
	ic := e.opt.IgnoreCase
	if ic && e.opt.SmartCase && hasUpper(pat) {
		ic = false
	}
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		if c == '\\' && i+1 < len(pat) {
			i++
			d := pat[i]
			switch d {
			case '<', '>':
				b.WriteString(`\b`)
			case '(', ')', '|', '+', '?', '=', '{', '}':
				if d == '=' {
					d = '?'
				}
				b.WriteByte(d)
			case 'c':
				ic = true
			case 'C':
				ic = false
			case 's', 'S', 'd', 'D', 'w', 'W', 'n', 't', '.', '*', '[', ']', '\\', '/', '^', '$':
				if d == 'n' {
					b.WriteString(`\n`)
				} else {
					b.WriteByte('\\')
					b.WriteByte(d)
				}
			case 'a':
				b.WriteString(`[A-Za-z]`)
			case 'e':
				b.WriteString(`\x1b`)
			default:
				b.WriteString(regexp.QuoteMeta(string(d)))
			}
			continue
		}
		switch c {
		case '(', ')', '|', '+', '?', '{', '}':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '~':
			b.WriteString(regexp.QuoteMeta(e.lastSub.replacement))
		case '[':
			j := strings.IndexByte(pat[i+1:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			if j == 0 && i+2 < len(pat) {
				if k := strings.IndexByte(pat[i+2:], ']'); k >= 0 {
					j = k + 1
				}
			}
			b.WriteString(pat[i : i+j+2])
			i += j + 1
		default:
			b.WriteByte(c)
		}
	}
	src := "(?m)" + b.String()
	if ic {
		src = "(?i)" + src
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, fmt.Errorf("E486: Pattern not found: %s", pat)
	}
	return &pattern{re: re}, nil
}

func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if unicode.IsUpper(rune(s[i])) {
			return true
		}
	}
	return false
}

// findInLine returns the matches in one line as byte ranges.
func (p *pattern) findAllInLine(line string) [][2]int {
	var out [][2]int
	for _, m := range p.re.FindAllStringIndex(line, -1) {
		out = append(out, [2]int{m[0], m[1]})
	}
	return out
}

// matchLine reports whether the line contains a match.
func (p *pattern) matchLine(line string) bool { return p.re.MatchString(line) }

// search finds the next match from off (exclusive of a match at off when
// skipping) forward or backward; wrap says whether it went around.
func (p *pattern) search(text string, off int, backward, wrapscan bool) (start, end int, wrapped, ok bool) {
	if !backward {
		from := off + 1
		if from > len(text) {
			from = len(text)
		}
		if m := p.re.FindStringIndex(text[from:]); m != nil {
			if from+m[0] < len(text) || m[0] != m[1] || true {
				return from + m[0], from + m[1], false, true
			}
		}
		if !wrapscan {
			return 0, 0, false, false
		}
		if m := p.re.FindStringIndex(text); m != nil && m[0] <= off {
			return m[0], m[1], true, true
		}
		return 0, 0, false, false
	}
	all := p.re.FindAllStringIndex(text, -1)
	for i := len(all) - 1; i >= 0; i-- {
		if all[i][0] < off {
			return all[i][0], all[i][1], false, true
		}
	}
	if wrapscan && len(all) > 0 && all[len(all)-1][0] >= off {
		m := all[len(all)-1]
		return m[0], m[1], true, true
	}
	return 0, 0, false, false
}

// expandReplacement expands a :s replacement (& \0-\9 \n \r \t \u \l \U \L \E ~).
func expandReplacement(repl string, line string, m []int, magic bool) string {
	var b strings.Builder
	caseOne, caseAll := 0, 0 // 1 upper, 2 lower
	write := func(s string) {
		for _, r := range s {
			switch {
			case caseOne == 1:
				r = unicode.ToUpper(r)
				caseOne = 0
			case caseOne == 2:
				r = unicode.ToLower(r)
				caseOne = 0
			case caseAll == 1:
				r = unicode.ToUpper(r)
			case caseAll == 2:
				r = unicode.ToLower(r)
			}
			b.WriteRune(r)
		}
	}
	group := func(n int) string {
		if 2*n+1 < len(m) && m[2*n] >= 0 {
			return line[m[2*n]:m[2*n+1]]
		}
		return ""
	}
	for i := 0; i < len(repl); i++ {
		c := repl[i]
		switch {
		case c == '&' && magic:
			write(group(0))
		case c == '\\' && i+1 < len(repl):
			i++
			d := repl[i]
			switch {
			case d >= '0' && d <= '9':
				write(group(int(d - '0')))
			case d == 'n':
				b.WriteByte(0)
			case d == 'r':
				b.WriteByte('\r')
			case d == 't':
				b.WriteByte('\t')
			case d == 'u':
				caseOne = 1
			case d == 'l':
				caseOne = 2
			case d == 'U':
				caseAll = 1
			case d == 'L':
				caseAll = 2
			case d == 'E' || d == 'e':
				caseAll = 0
			case d == '&' && !magic:
				write(group(0))
			default:
				b.WriteByte(d)
			}
		case c == '\r':
			b.WriteByte('\r')
		default:
			write(string(c))
		}
	}
	return b.String()
}
