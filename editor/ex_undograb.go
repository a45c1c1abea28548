package editor

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/histsearch"
	"github.com/kjx-editor/kjx/undo"
)

// :undograb [x] /pattern/ (issue #15) recovers text from the undo history
// without travelling: it finds the most recent state whose text held a
// match of the pattern in lines the current text no longer has, and puts
// those lines (the removed lines of the diff hunk that holds the match)
// into register x, linewise, as a yank would (" when x is left out). The
// message says from which state. Without a pattern it lists the most
// recent deletions. The search is histsearch.Query.Grab, over a snapshot.

// grabListed is how many deletions :undograb without a pattern lists.
const grabListed = 10

// grabMaxStates bounds the states :undograb searches (the newest ones):
// it runs on the editor goroutine, and a pattern found nowhere in a
// 137 k-state history took 1.4 s. :undograb! searches them all.
const grabMaxStates = 20_000

func exUndograb(e *Editor, c *exparse.Cmd, rg exRange) error {
	arg := strings.TrimSpace(c.Arg)
	if arg == "" {
		e.listDeletions()
		return nil
	}
	reg, pat, err := grabArgs(arg)
	if err != nil {
		return err
	}
	if pat == "" {
		if pat = e.search.pattern; pat == "" {
			return errors.New("E35: No previous regular expression")
		}
	}
	q, err := histsearch.Compile(pat, e.searchOptions())
	if err != nil {
		return err
	}
	s := e.buf().tree.Snapshot()
	limit := e.grabStates
	switch {
	case c.Bang:
		limit = 0
	case limit == 0:
		limit = grabMaxStates
	}
	g, err := q.GrabNewest(context.Background(), s, limit)
	switch {
	case errors.Is(err, histsearch.ErrNotFound):
		return fmt.Errorf("E486: Pattern not found in the undo history: %s", pat)
	case errors.Is(err, histsearch.ErrLimit):
		return fmt.Errorf("E486: Pattern not found in the newest %d states of the undo history (:undograb! searches them all): %s", limit, pat)
	}
	if err != nil {
		return fmt.Errorf("undograb: %w", err)
	}
	e.setReg(reg, register{text: strings.Join(g.Lines, "\n"), kind: regLine}, false, false)
	into := ""
	if reg != 0 {
		into = " into \"" + string(reg)
	}
	now := e.clock.Now().Unix()
	from := "#" + strconv.Itoa(g.Seq)
	switch {
	case g.By != 0:
		from += ", taken out by #" + strconv.Itoa(g.By) + "  " + undo.AgeString(g.ByTime, now, e.loc)
	case g.Time != 0:
		from += "  " + undo.AgeString(g.Time, now, e.loc)
	}
	e.msg("%d line%s yanked%s from %s", len(g.Lines), plural(len(g.Lines)), into, from)
	return nil
}

// grabArgs splits :undograb's argument into an optional register name
// and a pattern between delimiters ("a /foo/", "/foo", "#a/b#"); the
// closing delimiter may be left out.
func grabArgs(arg string) (reg rune, pat string, err error) {
	if len(arg) == 1 && isGrabRegister(rune(arg[0])) {
		arg = ""
	}
	if len(arg) >= 2 && (arg[1] == ' ' || arg[1] == '\t') && isGrabRegister(rune(arg[0])) {
		reg = rune(arg[0])
		arg = strings.TrimSpace(arg[2:])
	}
	if arg == "" {
		return 0, "", errors.New("E471: Argument required: :undograb [x] /pattern/")
	}
	d := arg[0]
	if d >= 'a' && d <= 'z' || d >= 'A' && d <= 'Z' || d >= '0' && d <= '9' || d == '"' || d == '\\' || d == '|' {
		return 0, "", fmt.Errorf("E146: Regular expressions can't be delimited by letters: %s", arg)
	}
	pat = arg[1:]
	if i := closingDelim(pat, d); i >= 0 {
		if rest := strings.TrimSpace(pat[i+1:]); rest != "" {
			return 0, "", fmt.Errorf("E488: Trailing characters: %s", rest)
		}
		pat = pat[:i]
	}
	return reg, pat, nil
}

// isGrabRegister reports whether r is a register :undograb can write:
// a-z, A-Z (append), " and _.
func isGrabRegister(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '"' || r == '_'
}

// closingDelim returns the index of the first d in s not escaped by a
// backslash, or -1.
func closingDelim(s string, d byte) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case d:
			return i
		}
	}
	return -1
}

// listDeletions is :undograb without a pattern: the newest states that
// removed text, what they removed and when.
func (e *Editor) listDeletions() {
	ds := histsearch.Deletions(e.buf().tree.Snapshot(), grabListed)
	if len(ds) == 0 {
		e.msg("No deletions in the undo history")
		return
	}
	now := e.clock.Now().Unix()
	lines := []string{"state  removed      when      first line removed"}
	for _, d := range ds {
		size := strconv.Itoa(d.Lines) + " line" + plural(d.Lines)
		if d.Lines == 1 {
			size = strconv.Itoa(d.Bytes) + " byte" + plural(d.Bytes)
		}
		lines = append(lines, fmt.Sprintf("%5d  %-11s  %-8s  %s", d.Seq, size, undo.AgeString(d.Time, now, e.loc), d.First))
	}
	e.say(lines...)
}
