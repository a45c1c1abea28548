package editor

import (
	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/vimre"
)

// pattern is a compiled search pattern.
type pattern struct {
	re *vimre.Regexp
}

// compilePattern compiles a Vim pattern with 'ignorecase', 'smartcase'
// and the previous substitute string for ~.
func (e *Editor) compilePattern(pat string) (*pattern, error) {
	re, err := vimre.Compile(pat, vimre.Options{
		IgnoreCase: e.opt.IgnoreCase, SmartCase: e.opt.SmartCase,
		PrevSub: e.lastSub.replacement, HasPrevSub: e.lastSub.set,
	})
	if err != nil {
		return nil, err
	}
	return &pattern{re: re}, nil
}

// matchLine reports whether the line contains a match.
func (p *pattern) matchLine(line string) bool {
	_, _, ok := p.re.FindInLine([]byte(line), 0)
	return ok
}

// findAll returns the matches :s///g replaces in line, with submatches.
func (p *pattern) findAll(line string) [][]int { return p.re.FindAllSubmatchInLine([]byte(line)) }

// search finds the next match from off, Vim's / and ? rules.
func (p *pattern) search(r buffer.Rope, off int, backward, wrapscan bool) (start, end int, wrapped, ok bool) {
	return vimre.Search(r, p.re, off, backward, wrapscan)
}
