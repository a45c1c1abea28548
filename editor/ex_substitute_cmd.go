package editor

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/vimre"
)

// subState is the last :s, for :s without pattern, :&, & and ~ in patterns.
type subState struct {
	pattern     string
	replacement string
	flags       string
	set         bool
}

// subFlags are the flags of one :s.
type subFlags struct {
	global, countOnly, noErr, confirm bool
	ignoreCase                        int // 1: [i], 2: [I], 0: 'ignorecase'
}

// parseSubFlags reads the flags of :s ('gdefault' inverts g).
func parseSubFlags(flags string, gdefault bool) subFlags {
	f := subFlags{global: gdefault}
	for _, c := range flags {
		switch c {
		case 'g':
			f.global = !f.global
		case 'n':
			f.countOnly = true
		case 'e':
			f.noErr = true
		case 'i':
			f.ignoreCase = 1
		case 'I':
			f.ignoreCase = 2
		case 'c':
			f.confirm = true
		}
	}
	return f
}

// exSubstitute is :s/pat/rep/flags [count], :& and :~.
func exSubstitute(e *Editor, c *exparse.Cmd, rg exRange) error {
	sub := c.Sub
	if sub == nil {
		s, err := exparse.ParseSubstitute(c.Arg)
		if err != nil {
			return err
		}
		sub = &s
	}
	pat, rep, flags, err := e.substituteArgs(c.Name, sub)
	if err != nil {
		return err
	}
	f := parseSubFlags(flags, e.opt.Gdefault)
	if sub.Count > 0 {
		rg.l1 = rg.l2
		rg.l2 = min(rg.l1+sub.Count-1, lineCount(e.text())-1)
	}
	re, icEff, err := e.compileSubPattern(pat, f.ignoreCase)
	if err != nil {
		return err
	}
	magic := c.Name != "snomagic"
	before := e.win.cur // Vim sets the ' mark here, at the first match
	if isJoinSubstitute(pat, rep, flags, sub.Count) {
		e.joinSubstitute(rg.l1, rg.l2)
		return nil
	}
	sp := &subSpec{re: re, pat: pat, rep: rep, l1: rg.l1, l2: rg.l2, global: f.global, countOnly: f.countOnly, magic: magic}
	if f.confirm && !f.countOnly {
		return e.startConfirm(sp, f.noErr)
	}
	var res subResult
	if re.re.MultiLine() || !isLiteralSub(pat, magic, icEff) {
		res, err = e.substituteScan(sp)
	} else {
		res, err = e.substituteLines(re, pat, rep, rg.l1, rg.l2, f.global, f.countOnly, magic, icEff)
	}
	if err != nil {
		return err
	}
	return e.substituteDone(res, f, before, pat)
}

// substituteArgs resolves the pattern, replacement and flags of a :s (an
// empty or missing pattern, ~ in the replacement, & in the flags) and
// remembers them for the next :s, :& and &.
func (e *Editor) substituteArgs(name string, sub *exparse.Sub) (pat, rep, flags string, err error) {
	pat, rep, flags = sub.Pattern, sub.Replacement, sub.Flags
	switch {
	case !sub.HasPattern:
		if !e.lastSub.set {
			return "", "", "", errors.New("E35: No previous regular expression")
		}
		pat, rep = e.lastSub.pattern, e.lastSub.replacement
		if name == "~" {
			pat = e.search.pattern
		}
	case pat == "":
		if sub.Prev == '&' {
			pat = e.lastSub.pattern
		} else {
			pat = e.search.pattern
		}
		if pat == "" {
			return "", "", "", errors.New("E35: No previous regular expression")
		}
	}
	if strings.HasPrefix(flags, "&") {
		flags = e.lastSub.flags + flags[1:]
	}
	if sub.HasPattern {
		rep = vimre.ExpandTilde(rep, e.lastSub.replacement, name != "snomagic")
	}
	e.lastSub = subState{pattern: pat, replacement: rep, flags: strings.TrimPrefix(sub.Flags, "&"), set: true}
	e.search.pattern = pat
	e.search.hl = true
	return pat, rep, flags, nil
}

// compileSubPattern compiles a :s pattern with the [i]/[I] flag
// (ignoreCase) in force; icEff is whether case is ignored after all.
func (e *Editor) compileSubPattern(pat string, ignoreCase int) (*pattern, bool, error) {
	saveIC := e.opt.IgnoreCase
	switch ignoreCase {
	case 1:
		e.opt.IgnoreCase = true
	case 2:
		e.opt.IgnoreCase = false
	}
	re, err := e.compilePattern(pat)
	e.opt.IgnoreCase = saveIC
	icEff := e.opt.IgnoreCase && !(e.opt.SmartCase && hasUpperASCII(pat))
	switch ignoreCase {
	case 1:
		icEff = true
	case 2:
		icEff = false
	}
	return re, icEff, err
}

// substituteDone places the cursor and reports after a :s that made res
// (before: the cursor before it).
func (e *Editor) substituteDone(res subResult, f subFlags, before Pos, pat string) error {
	nsubs, nlines := res.nsubs, res.nlines
	if nsubs == 0 {
		if f.noErr || e.globalBusy {
			return nil
		}
		return fmt.Errorf("E486: Pattern not found: %s", pat)
	}
	if f.countOnly {
		// ":s/pat//n" does not move the cursor, but Vim's do_sub then puts
		// it on the line's first non-blank all the same.
		e.win.cur = before
		if e.globalBusy {
			e.globalSubs += nsubs
			e.globalSubLines += nlines
			return nil
		}
		e.toFirstNonBlank(before.Line)
		e.msgKeep("%d match%s on %d line%s", nsubs, map[bool]string{true: "", false: "es"}[nsubs == 1], nlines, plural(nlines))
		return nil
	}
	e.markModified() // a match replaced with itself is a change in Vim
	if !e.globalBusy {
		e.win.cur = before
		e.setPCMark()
		e.toFirstNonBlank(res.lastLine)
		e.subMessage(nsubs, nlines)
	} else {
		e.globalSubs += nsubs
		e.globalSubLines += nlines
		e.toFirstNonBlank(res.lastLine)
	}
	return nil
}

// subMessage is Vim's "4 substitutions on 1 line" (above 'report'); it
// reports whether it said so.
func (e *Editor) subMessage(nsubs, nlines int) bool {
	if nsubs <= e.opt.Report {
		return false
	}
	s := "substitutions"
	if nsubs == 1 {
		s = "substitution"
	}
	e.msgKeep("%d %s on %d line%s", nsubs, s, nlines, plural(nlines))
	return true
}
