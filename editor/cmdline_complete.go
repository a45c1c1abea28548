package editor

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/options"
)

// Command-line completion, as Vim's 'wildchar' <Tab> with the default
// 'wildmode' "full": the first <Tab> puts the first match in place of the
// word before the cursor, each further <Tab> the next one, and after the
// last the word as typed; <S-Tab> goes backwards. Any other key keeps
// what is shown. What is completed depends on the command: Ex command names, option names after :set, file names
// after :e, :w, :r, :saveas, :wq, :x, :wundo, :rundo, buffer names after
// :b, help topics after :help, checkpoint names after :undo; and
// ":set name=" gets the option's current value.

// completion is a <Tab> completion in progress.
type completion struct {
	start   int      // where the word being completed starts in the text
	typed   string   // the word as typed
	rest    string   // the text after the cursor
	matches []string // sorted
	idx     int      // the match shown, -1 for the word as typed
	shown   string   // the command line after the last <Tab>
}

// completeCmdline handles <Tab> (forward) and <S-Tab> on the : line.
func (e *Editor) completeCmdline(forward bool) {
	cl := e.cmdline
	c := cl.comp
	if c == nil || cl.text != c.shown {
		start, kind := completionContext(cl.text[:cl.pos])
		word := cl.text[start:cl.pos]
		m := e.completions(kind, word)
		if len(m) == 0 {
			e.beep()
			cl.comp = nil
			return
		}
		c = &completion{start: start, typed: word, rest: cl.text[cl.pos:], matches: m, idx: -1}
		cl.comp = c
	}
	switch {
	case len(c.matches) == 1:
		c.idx = 0
	case forward:
		if c.idx++; c.idx == len(c.matches) {
			c.idx = -1
		}
	default:
		if c.idx--; c.idx < -1 {
			c.idx = len(c.matches) - 1
		}
	}
	word := c.typed
	if c.idx >= 0 {
		word = c.matches[c.idx]
	}
	cl.text = cl.text[:c.start] + word + c.rest
	cl.pos = c.start + len(word)
	cl.hist = -1
	c.shown = cl.text
}

// completionContext returns where the word before the cursor starts in t
// (the command line up to the cursor) and what kind of word it is:
// "command", "option", "file", "buffer", "help", "checkpoint" or "" for
// nothing to complete.
func completionContext(t string) (int, string) {
	i := skipRangeChars(t, 0)
	j := i
	for j < len(t) && (t[j] >= 'a' && t[j] <= 'z' || t[j] >= 'A' && t[j] <= 'Z') {
		j++
	}
	if j == len(t) {
		return i, "command"
	}
	name := t[i:j]
	k := j
	if k < len(t) && t[k] == '!' {
		k++
	}
	if k == len(t) || (t[k] != ' ' && t[k] != '\t') {
		return len(t), ""
	}
	start := strings.LastIndexAny(t, " \t") + 1
	kind := ""
	if c, ok := resolveCommand(name); ok {
		kind = argKinds[c]
	}
	if kind == "option" {
		if eq := strings.IndexAny(t[start:], "=:"); eq >= 0 {
			if start+eq+1 == len(t) {
				return start, "value" // name= : the current value
			}
			return len(t), ""
		}
		for _, p := range []string{"no", "inv"} {
			if strings.HasPrefix(t[start:], p) {
				start += len(p)
				break
			}
		}
	}
	return start, kind
}

// argKinds says what the arguments of these commands complete to.
var argKinds = map[string]string{
	"edit": "file", "write": "file", "read": "file", "saveas": "file", "wq": "file",
	"xit": "file", "exit": "file", "wundo": "file", "rundo": "file", "update": "file",
	"set": "option", "setlocal": "option", "setglobal": "option",
	"buffer": "buffer", "help": "help", "undo": "checkpoint",
	"colorscheme": "colorscheme", "syntax": "syntax",
}

// skipRangeChars skips leading colons and blanks and a range made of
// numbers, . $ % , ; + - and 'x marks.
func skipRangeChars(t string, i int) int {
	for i < len(t) {
		switch c := t[i]; {
		case c == '\'' && i+1 < len(t):
			i += 2
		case strings.IndexByte(": \t0123456789.$%,;+-", c) >= 0:
			i++
		default:
			return i
		}
	}
	return i
}

// resolveCommand returns the full name of an Ex command name as typed.
func resolveCommand(name string) (string, bool) {
	c, err := exparse.Parse(name)
	if err != nil || c.Name == "" {
		return "", false
	}
	return c.Name, true
}

// completions returns the sorted candidates of kind that start with word.
func (e *Editor) completions(kind, word string) []string {
	var all []string
	switch kind {
	case "command":
		for name := range exCommands {
			if name != "" && isLetters(name) {
				all = append(all, name)
			}
		}
	case "option":
		for _, d := range options.Table() {
			all = append(all, d.Name)
		}
	case "buffer":
		for _, r := range e.bufferList(false) {
			if r.name() != "" {
				all = append(all, relName(r.name()))
			}
		}
	case "help":
		all = helpTopics()
	case "checkpoint":
		all = e.buf().tree.Labels()
	case "colorscheme":
		all = e.colorSchemes()
	case "syntax":
		all = []string{"clear", "enable", "off", "on"}
	case "file":
		return fileCompletions(word, e.cfg.Home)
	case "value":
		return e.valueCompletion(word)
	}
	var out []string
	for _, s := range all {
		if strings.HasPrefix(s, word) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// valueCompletion completes "name=" with the option's current value, as
// Vim does.
func (e *Editor) valueCompletion(word string) []string {
	d := findOption(strings.TrimRight(word, "=:"))
	if d == nil || d.Kind == options.Bool {
		return nil
	}
	_, v, _ := strings.Cut(strings.TrimSpace(e.optionString(d)), "=")
	return []string{word + v}
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// relName is a file name relative to the working directory when it is
// below it.
func relName(name string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return name
}

// fileCompletions lists the files whose path starts with word: the
// entries of word's directory (the working directory when it has none)
// whose names start with its last part, directories with a trailing /,
// dot files only when that part starts with a dot. A leading ~/ is the
// home directory home (when known).
func fileCompletions(word, home string) []string {
	dir, base := filepath.Split(word)
	read := dir
	if strings.HasPrefix(read, "~/") && home != "" {
		read = filepath.Join(home, read[2:])
	}
	if read == "" {
		read = "."
	}
	ents, err := os.ReadDir(read)
	if err != nil {
		return nil
	}
	var out []string
	for _, d := range ents {
		n := d.Name()
		if !strings.HasPrefix(n, base) || (strings.HasPrefix(n, ".") && !strings.HasPrefix(base, ".")) {
			continue
		}
		if isDirEntry(read, d) {
			n += "/"
		}
		out = append(out, dir+n)
	}
	slices.Sort(out)
	return out
}

// isDirEntry reports whether d (in dir) is a directory or a link to one.
func isDirEntry(dir string, d fs.DirEntry) bool {
	if d.IsDir() {
		return true
	}
	if d.Type()&fs.ModeSymlink != 0 {
		if st, err := os.Stat(filepath.Join(dir, d.Name())); err == nil {
			return st.IsDir()
		}
	}
	return false
}

// helpTagPattern finds the *tags* of the help files.
var helpTagPattern = regexp.MustCompile(`\*([^*\s]+)\*`)

// helpTopics are the tags of the help files shipped in the binary.
func helpTopics() []string {
	var tags []string
	ents, _ := helpFiles.ReadDir("help")
	for _, d := range ents {
		data, err := helpFiles.ReadFile("help/" + d.Name())
		if err != nil {
			continue
		}
		for _, m := range helpTagPattern.FindAllStringSubmatch(string(data), -1) {
			tags = append(tags, m[1])
		}
	}
	return tags
}
