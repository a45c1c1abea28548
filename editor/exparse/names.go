package exparse

import "strings"

// cmdFlag describes how a command's argument is parsed (Vim's EX_ flags).
type cmdFlag uint32

const (
	fRange    cmdFlag = 1 << iota // a range is allowed
	fBang                         // ! is allowed
	fExtra                        // an argument is allowed
	fNoSpc                        // the argument is one word (informational)
	fDflAll                       // no range means every line
	fNeedArg                      // an argument is required
	fTrlBar                       // '|' ends the command, '"' starts a comment
	fRegStr                       // a register name may follow
	fCount                        // a count may follow
	fNoTrlCom                     // '"' does not start a comment
	fZeroR                        // line 0 and count 0 are allowed
	fCtrlV                        // keep CTRL-V in the argument
	fFlags                        // print flags (l # p) may follow the count
	fBufName                      // the argument may be a buffer name
	fArgOpt                       // ++opt arguments are allowed
	fCmdArg                       // a +cmd argument is allowed
	fSubst                        // :s, :&, :~ — the argument ends itself
	fBarArg                       // '|' belongs to the argument (:g, :normal)
	fXFile                        // the argument is a file name (CTRL-V kept)
	fOther                        // the range numbers files or buffers, not lines (Vim's ADDR_OTHER, ADDR_ARGUMENTS, ADDR_BUFFERS)
)

const (
	fFile1 = fExtra | fNoSpc | fXFile
	fWord1 = fExtra | fNoSpc
	fWrite = fRange | fBang | fFile1 | fArgOpt | fDflAll | fTrlBar
	fPrint = fRange | fCount | fFlags | fTrlBar
	fBufNr = fBang | fRange | fOther | fCount | fCmdArg | fTrlBar
	fUndo  = fTrlBar
)

// spec is what kjx knows about a command it implements.
type spec struct {
	name  string
	flags cmdFlag
}

// nonAlphaNames are Vim's commands whose name is one punctuation byte.
const nonAlphaNames = "!#&*<=>@~"

// specs lists the commands kjx implements, with Vim's argument rules. Names
// are canonical; abbreviations come from vimNames (and kjxNames for kjx's
// own commands).
var specs = []spec{
	{"write", fWrite}, {"wq", fWrite}, {"xit", fWrite}, {"exit", fWrite}, {"update", fWrite},
	{"quit", fBang | fRange | fCount | fTrlBar}, {"close", fBang | fRange | fCount | fTrlBar},
	{"qall", fBang | fTrlBar}, {"quitall", fBang | fTrlBar},
	{"wall", fBang | fTrlBar}, {"xall", fBang | fTrlBar},
	{"wqall", fBang | fFile1 | fArgOpt | fTrlBar},
	{"edit", fBang | fFile1 | fCmdArg | fArgOpt | fTrlBar},
	{"enew", fBang | fTrlBar},
	{"saveas", fBang | fFile1 | fArgOpt | fTrlBar},
	{"file", fRange | fZeroR | fBang | fFile1 | fTrlBar},
	{"read", fBang | fRange | fFile1 | fArgOpt | fTrlBar | fZeroR},
	{"substitute", fRange | fExtra | fSubst},
	{"smagic", fRange | fExtra | fSubst},
	{"snomagic", fRange | fExtra | fSubst},
	{"&", fRange | fExtra | fSubst},
	{"~", fRange | fExtra | fSubst},
	{"global", fRange | fBang | fExtra | fDflAll | fBarArg},
	{"vglobal", fRange | fExtra | fDflAll | fBarArg},
	{"normal", fRange | fBang | fExtra | fNeedArg | fNoTrlCom | fCtrlV | fBarArg},
	{"delete", fRange | fRegStr | fCount | fTrlBar},
	{"yank", fRange | fRegStr | fCount | fTrlBar},
	{"put", fRange | fBang | fRegStr | fTrlBar | fZeroR},
	{"move", fRange | fExtra | fTrlBar},
	{"copy", fRange | fExtra | fTrlBar},
	{"t", fRange | fExtra | fTrlBar},
	{"join", fBang | fRange | fCount | fFlags | fTrlBar},
	{">", fPrint}, {"<", fPrint},
	{"print", fPrint}, {"list", fPrint}, {"number", fPrint}, {"#", fPrint}, {"Print", fPrint},
	{"z", fRange | fExtra | fFlags | fTrlBar},
	{"=", fRange | fTrlBar | fDflAll | fFlags},
	{"goto", fRange | fCount | fTrlBar},
	{"undo", fRange | fCount | fZeroR | fTrlBar},
	{"redo", fUndo}, {"undojoin", fUndo}, {"undolist", fUndo},
	{"earlier", fTrlBar | fExtra | fNoSpc}, {"later", fTrlBar | fExtra | fNoSpc},
	{"wundo", fBang | fNeedArg | fFile1}, {"rundo", fNeedArg | fFile1},
	{"sleep", fBang | fRange | fCount | fExtra | fTrlBar},
	{"messages", fExtra | fTrlBar | fRange},
	{"registers", fExtra | fNoTrlCom | fTrlBar}, {"display", fExtra | fNoTrlCom | fTrlBar},
	{"marks", fExtra | fTrlBar},
	{"jumps", fTrlBar}, {"clearjumps", fTrlBar},
	{"delmarks", fBang | fExtra | fTrlBar},
	{"buffers", fBang | fExtra | fTrlBar}, {"files", fBang | fExtra | fTrlBar}, {"ls", fBang | fExtra | fTrlBar},
	{"buffer", fBufNr | fBufName | fExtra},
	{"bnext", fBufNr}, {"bprevious", fBufNr}, {"bNext", fBufNr},
	{"bfirst", fBang | fRange | fCmdArg | fTrlBar}, {"brewind", fBang | fRange | fCmdArg | fTrlBar},
	{"blast", fBang | fRange | fCmdArg | fTrlBar},
	{"bdelete", fBang | fRange | fOther | fBufName | fCount | fExtra | fTrlBar},
	{"bwipeout", fBang | fRange | fOther | fBufName | fCount | fExtra | fTrlBar},
	{"bunload", fBang | fRange | fOther | fBufName | fCount | fExtra | fTrlBar},
	{"help", fBang | fExtra | fNoTrlCom},
	{"set", fBang | fTrlBar | fExtra}, {"setlocal", fBang | fTrlBar | fExtra}, {"setglobal", fBang | fTrlBar | fExtra},
	{"nohlsearch", fTrlBar},
	{"syntax", fExtra | fTrlBar}, {"colorscheme", fWord1 | fTrlBar},
	{"k", fRange | fWord1 | fTrlBar}, {"mark", fRange | fWord1 | fTrlBar},
	{"redraw", fBang | fTrlBar},
	{"pwd", fTrlBar},
	{"cd", fBang | fFile1 | fTrlBar},
	{"version", fExtra | fTrlBar},
	{"args", fExtra | fTrlBar | fXFile},
	{"next", fBang | fRange | fOther | fExtra | fCmdArg | fArgOpt | fTrlBar | fXFile},
	{"Next", fBang | fRange | fOther | fCount | fCmdArg | fArgOpt | fTrlBar},
	{"previous", fBang | fRange | fOther | fCount | fCmdArg | fArgOpt | fTrlBar},
	{"first", fBang | fCmdArg | fArgOpt | fTrlBar},
	{"last", fBang | fCmdArg | fArgOpt | fTrlBar},
	{"argument", fBang | fRange | fOther | fCount | fCmdArg | fArgOpt | fTrlBar},
	{"argadd", fExtra | fTrlBar | fXFile},
	{"argedit", fBang | fRange | fOther | fNeedArg | fExtra | fCmdArg | fArgOpt | fTrlBar | fXFile},
	{"argdelete", fBang | fRange | fOther | fExtra | fTrlBar | fXFile},
	{"hide", fBang | fRange | fCount | fTrlBar},
	{"argdo", fBang | fNeedArg | fExtra | fNoTrlCom | fBarArg},
	{"bufdo", fBang | fNeedArg | fExtra | fNoTrlCom | fBarArg},
	{"sort", fRange | fDflAll | fBang | fExtra | fNoTrlCom},
	{"retab", fTrlBar | fRange | fDflAll | fBang | fWord1},
	{"echo", fExtra | fNoTrlCom | fBarArg},
	{"source", fRange | fDflAll | fBang | fFile1 | fTrlBar},
	{"!", fRange | fBang | fExtra | fNoTrlCom | fBarArg},
	// kjx's own commands.
	{"checkpoint", fExtra | fTrlBar},
	{"checkpoints", fTrlBar},
	{"rewind", fBang | fExtra | fNoTrlCom}, // the target is the rest of the line, quotes included
	{"fork", fExtra | fTrlBar},
	{"undotree", fTrlBar},
	{"UndotreeToggle", fTrlBar},
	{"UndotreeShow", fTrlBar},
	{"UndotreeHide", fTrlBar},
	{"UndotreeFocus", fTrlBar},
	{"undostats", fExtra | fTrlBar},
	{"undopurge", fExtra | fTrlBar},
	{"diffdisk", fTrlBar},
	{"checktime", fRange | fBufName | fCount | fExtra | fTrlBar},
	{"undodiff", fExtra | fTrlBar},
	{"undograb", fBang | fExtra},
}

// kjxNames are kjx's own lowercase commands with their shortest
// abbreviations, chosen not to take any prefix Vim resolves to another
// command.
var kjxNames = []struct {
	name string
	min  int
}{
	{"checkpoints", len("checkpoints")},
	{"checkpoint", len("checkpo")}, // "checkp" is Vim's :checkpath
	{"rewind", len("rew")},         // Vim's :rewind (= :first) is the workspace's here
	{"fork", len("fork")},
	{"undotree", len("undot")},
	{"undostats", len("undos")},
	{"undopurge", len("undop")},
	{"diffdisk", len("diffd")},
	{"undodiff", len("undod")},
	{"undograb", len("undog")},
}

// userNames are kjx commands that start with an uppercase letter; like Vim's
// user commands they match exactly or by a unique prefix.
var userNames = []string{"UndotreeToggle", "UndotreeShow", "UndotreeHide", "UndotreeFocus"}

var specIndex = func() map[string]spec {
	m := make(map[string]spec, len(specs))
	for _, s := range specs {
		m[s.name] = s
	}
	return m
}()

func lookupSpec(name string) (spec, bool) {
	s, ok := specIndex[name]
	return s, ok
}

// resolveName returns the canonical command for the typed name t (letters
// only, or one of the non-alphabetic commands). ok is false when no command
// has that name; ambiguous is true for an ambiguous uppercase prefix.
func resolveName(t string) (name string, ok, ambiguous bool) {
	if t == "" {
		return "", false, false
	}
	if c := t[0]; c >= 'A' && c <= 'Z' {
		return resolveUpper(t)
	} else if !isAlpha(c) {
		return t, len(t) == 1 && strings.IndexByte(nonAlphaNames, c) >= 0, false
	}
	if name, ok := lookupLower(t); ok {
		return name, true, false
	}
	return "", false, false
}

// lowerNames lists, per first letter, the lowercase commands of kjxNames
// then vimNames in table order, so that resolving a name scans only the
// commands that share its first letter and still finds the one a scan of
// the whole tables finds first. Built once; read-only afterwards.
var lowerNames = buildLowerNames()

// nameRule is a command name with the length of its shortest abbreviation.
type nameRule struct {
	name string
	min  int
}

func buildLowerNames() (byLetter [26][]nameRule) {
	add := func(name string, min int) {
		if c := name[0]; c >= 'a' && c <= 'z' {
			byLetter[c-'a'] = append(byLetter[c-'a'], nameRule{name, min})
		}
	}
	for _, k := range kjxNames {
		add(k.name, k.min)
	}
	for _, v := range vimNames {
		add(v.name, v.min)
	}
	return byLetter
}

// lookupLower resolves t, which starts with a lowercase letter.
func lookupLower(t string) (string, bool) {
	name, ok := lowerAbbrevs[t]
	return name, ok
}

// lowerAbbrevs maps every abbreviation of a lowercase command that is at
// least its shortest one to the command a scan of lowerNames finds first
// (the tests compare it with a scan): one map lookup per line of a
// script, not a scan of the names that share its first letter. Built
// once; read-only afterwards.
var lowerAbbrevs = func() map[string]string {
	m := map[string]string{}
	for _, rules := range lowerNames {
		for _, r := range rules {
			for n := r.min; n <= len(r.name); n++ {
				if _, taken := m[r.name[:n]]; !taken {
					m[r.name[:n]] = r.name
				}
			}
		}
	}
	return m
}()

// resolveUpper resolves a name starting with an uppercase letter: Vim's
// built-in Next, Print and X first (":Print" may be overridden), then kjx's
// user-style commands by exact name or unique prefix.
func resolveUpper(t string) (string, bool, bool) {
	builtin := ""
	for _, v := range vimNames {
		if len(t) >= v.min && strings.HasPrefix(v.name, t) {
			builtin = v.name
			break
		}
	}
	if builtin != "" && builtin != "Print" {
		return builtin, true, false
	}
	match := ""
	for _, u := range userNames {
		if u == t {
			return u, true, false
		}
		if strings.HasPrefix(u, t) {
			if match != "" {
				return "", false, true
			}
			match = u
		}
	}
	if match != "" {
		return match, true, false
	}
	if builtin != "" {
		return builtin, true, false
	}
	return "", false, false
}

// modifier is a command modifier's name and its shortest abbreviation.
type modifier struct {
	name string
	min  int
}

// modifiers are Vim's command modifiers with their shortest abbreviations.
// "filter" (which takes a pattern) and the counted forms (":3verbose",
// ":tab 2") are not supported.
var modifiers = []modifier{
	{"aboveleft", 3}, {"belowright", 3}, {"botright", 2}, {"browse", 3},
	{"confirm", 4}, {"hide", 3}, {"keepmarks", 3}, {"keepalt", 5},
	{"keeppatterns", 5}, {"keepjumps", 5}, {"leftabove", 5}, {"legacy", 3},
	{"lockmarks", 3}, {"noautocmd", 3}, {"noswapfile", 3},
	{"rightbelow", 6}, {"sandbox", 3}, {"silent", 3}, {"tab", 3},
	{"topleft", 2}, {"unsilent", 3}, {"verbose", 4}, {"vertical", 4},
	{"vim9cmd", 4},
}

// modifiersByLetter are the modifiers by their first letter: a script's
// every line is tried against them.
var modifiersByLetter = func() (by [26][]modifier) {
	for _, m := range modifiers {
		by[m.name[0]-'a'] = append(by[m.name[0]-'a'], m)
	}
	return by
}()

// parseModifier recognises a modifier at s[i:] (Vim's checkforcmd: the
// common prefix of the text and the modifier's name must be at least the
// minimal abbreviation and not be followed by a letter). It returns the
// canonical name ("silent!" for ":silent!") and the index after it and the
// blanks that follow.
func parseModifier(s string, i int) (string, int, bool) {
	if i >= len(s) || s[i] < 'a' || s[i] > 'z' {
		return "", i, false
	}
	for _, m := range modifiersByLetter[s[i]-'a'] {
		n := commonPrefix(s[i:], m.name)
		j := i + n
		if n < m.min || (j < len(s) && isAlpha(s[j])) {
			continue
		}
		name := m.name
		if name == "hide" && !followedByCommand(s, j) {
			return "", i, false // ":hide" alone is a command
		}
		if name == "silent" && j < len(s) && s[j] == '!' {
			name = "silent!"
			j++
		}
		return name, skipWhite(s, j), true
	}
	return "", i, false
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// followedByCommand reports whether something other than the end of the
// line, '|' or '"' follows the blanks at s[j:].
func followedByCommand(s string, j int) bool {
	j = skipWhite(s, j)
	return j < len(s) && s[j] != '|' && s[j] != '"'
}
