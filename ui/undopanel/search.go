package undopanel

import "github.com/kjx-editor/kjx/editor/keys"

// The panel's search (/ ? n N, issue #15). The panel only edits the
// pattern and keeps the result: which rows match. Running the search is
// the owner's job (it needs the states' changes and a goroutine): Enter
// returns ActSearch with the pattern and direction, and the owner reports
// each matching row with Found, nearest first, then Done. The first row
// found after an Enter is selected, as Vim's / moves the cursor.
//
// Directions follow the screen: / searches down the list (towards older
// states, decreasing rows), ? up (newer); n repeats the last direction, N
// the other, both wrapping around.

// Search is the state of the panel's search.
type Search struct {
	// Typing is set while the pattern is typed (after / or ?); Input
	// holds it and Up says ? started it.
	Typing bool
	Input  []rune
	Up     bool
	// Pattern is the last pattern searched for and LastUp its direction.
	Pattern string
	LastUp  bool
	// Running is set from an Enter until the owner's Done; Err is the
	// owner's error (an invalid pattern).
	Running bool
	Err     string

	matches bitset
	count   int
	jump    bool // select the next row found
	gen     int  // changes when the rows found no longer apply
}

// Count returns how many rows matched so far.
func (s *Search) Count() int { return s.count }

// Gen identifies the current search: it changes with every new search
// and whenever the layout is rebuilt, so that rows found for another one
// are dropped.
func (s *Search) Gen() int { return s.gen }

// IsMatch reports whether node row r matched the last search.
func (p *Panel) IsMatch(r int) bool { return p.Search.matches.get(r) }

// MatchIndex returns the 1-based index of row r among the matches in
// screen order (top first), 0 when r does not match.
func (p *Panel) MatchIndex(r int) int {
	if !p.IsMatch(r) {
		return 0
	}
	n := 0
	for i := p.Search.matches.nextSet(r); i >= 0; i = p.Search.matches.nextSet(i + 1) {
		n++
	}
	return n
}

// Found records that node row r matches the search of generation gen,
// and selects it when it is the first row found after an Enter.
func (p *Panel) Found(gen, r int) {
	s := &p.Search
	if gen != s.gen || r < 0 || r >= p.Layout.Len() || s.matches.get(r) {
		return
	}
	s.matches.set(r, true)
	s.count++
	if s.jump {
		s.jump = false
		p.selectRow(r)
	}
}

// Done ends the search of generation gen; err is why it failed ("" when
// it did not).
func (p *Panel) Done(gen int, err string) {
	if gen == p.Search.gen {
		p.Search.Running, p.Search.Err, p.Search.jump = false, err, false
	}
}

// clearMatches forgets the rows found and moves to a new generation.
func (s *Search) clearMatches() {
	s.matches = s.matches[:0]
	s.count = 0
	s.jump = false
	s.Running = false
	s.gen++
}

// startTyping is / (up false) or ?. ? is also the panel's help: the
// list of keys shows while its search line is empty, and goes when a
// character is typed, Esc cancels, or ? is typed again.
func (p *Panel) startTyping(up bool) Action {
	p.Search.Typing, p.Search.Input, p.Search.Up = true, p.Search.Input[:0], up
	p.Help = up
	return Action{Kind: ActRedraw}
}

// typingKey edits the pattern being typed: characters go in, BS takes
// one out (and leaves when there is none), CTRL-U empties it, Esc
// cancels, Enter searches (an empty pattern is the last one, as in Vim).
func (p *Panel) typingKey(k keys.Key) Action {
	s := &p.Search
	help := p.Help
	p.Help = false
	switch {
	case help && k.IsRune('?') && len(s.Input) == 0:
		s.Typing = false // ?? closes the help
	case k.Code == keys.Esc || isCtrl(k, 'c'):
		s.Typing = false
	case k.Code == keys.Enter:
		s.Typing = false
		pat := string(s.Input)
		if pat == "" {
			pat = s.Pattern
		}
		if pat == "" {
			if !help { // Enter on the help's empty line only closes it
				s.Err = "E35: No previous regular expression"
			}
			return Action{Kind: ActRedraw}
		}
		return p.search(pat, s.Up, true)
	case k.Code == keys.Backspace || isCtrl(k, 'h'):
		if len(s.Input) == 0 {
			s.Typing = false
		} else {
			s.Input = s.Input[:len(s.Input)-1]
		}
	case isCtrl(k, 'u'):
		s.Input = s.Input[:0]
	case k.Code == keys.Rune && k.Mod == 0:
		s.Input = append(s.Input, k.Rune)
	default:
		return Action{}
	}
	return Action{Kind: ActRedraw}
}

// search starts a search for pat; the owner runs it from the row next to
// the selection in the direction given.
func (p *Panel) search(pat string, up, jump bool) Action {
	s := &p.Search
	s.clearMatches()
	s.Pattern, s.LastUp, s.Err, s.Running, s.jump = pat, up, "", true, jump
	return Action{Kind: ActSearch, Seq: p.Sel, Pattern: pat, Up: up}
}

// searchNext is n (reverse false) and N: the next matching row in the
// last direction (or the other), wrapping around.
func (p *Panel) searchNext(reverse bool) Action {
	s := &p.Search
	if s.Pattern == "" {
		s.Err = "E35: No previous regular expression"
		return Action{Kind: ActRedraw}
	}
	up := s.LastUp != reverse
	r := p.Layout.Row(p.Sel)
	var next int
	if up {
		if next = s.matches.nextSet(r + 1); next < 0 {
			next = s.matches.nextSet(0)
		}
	} else {
		if next = s.matches.prevSet(r - 1); next < 0 {
			next = s.matches.prevSet(p.Layout.Len() - 1)
		}
	}
	if next < 0 {
		if !s.Running {
			s.Err = "E486: Pattern not found: " + s.Pattern
		}
		return Action{Kind: ActRedraw}
	}
	s.Err = ""
	return p.selectRow(next)
}
