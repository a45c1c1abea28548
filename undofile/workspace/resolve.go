package workspace

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/undo"
)

// maxName bounds a user's checkpoint name.
const maxName = 200

// ParseName turns the argument of ":checkpoint NAME" into a name: blanks
// around it are dropped, and one pair of quotes around it ("before
// rewind" or 'x') is optional. A name may contain spaces; it must not be
// empty, all digits (a checkpoint number), or a duration such as 10m or
// 1h30m (a rewind target), nor hold control characters or invalid UTF-8,
// and it is at most 200 bytes.
func ParseName(arg string) (string, error) {
	name := unquote(arg)
	return name, validName(name)
}

func validName(name string) error {
	bad := func(why string) error {
		return &Error{Kind: KindInvalid, Detail: fmt.Sprintf("checkpoint name %s %s", strconv.Quote(name), why)}
	}
	switch {
	case name == "":
		return &Error{Kind: KindInvalid, Detail: "empty checkpoint name"}
	case len(name) > maxName:
		return bad(fmt.Sprintf("is longer than %d bytes", maxName))
	case !utf8.ValidString(name) || !validLabel(name):
		return bad("holds a control character or invalid UTF-8")
	case name != strings.TrimSpace(name):
		return bad("starts or ends with a blank")
	case isNumber(name):
		return bad("is a checkpoint number")
	}
	if _, ok := parseDuration(name); ok {
		return bad("is a duration (a time to rewind to)")
	}
	return nil
}

func unquote(arg string) string {
	s := strings.TrimSpace(arg)
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

func isNumber(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
}

// parseDuration parses a time such as 10m, 90s, 1h30m or 2d with undo's
// parser (the one of :earlier); a plain count is not a duration.
func parseDuration(s string) (time.Duration, bool) {
	n, sec, _, err := undo.ParseTimeArg(s)
	if err != nil || !sec {
		return 0, false
	}
	return time.Duration(n) * time.Second, true
}

// Resolve finds the checkpoint a target names (the argument of :rewind):
//
//   - a label: the newest checkpoint with that label (a user's name, or
//     opened, write, before rewind); quotes around it are optional;
//   - a number: the checkpoint with that number (as :checkpoints lists);
//   - a duration (10m, 1h30m, 2d): the newest checkpoint taken at or
//     before now minus that time.
//
// A name wins over a number or a duration (names cannot be either, but
// an automatic label is checked first all the same). The error is one
// line saying what was not found.
func (l *Log) Resolve(target string, now time.Time) (Checkpoint, error) {
	t := unquote(target)
	l.mu.Lock()
	defer l.mu.Unlock()
	m := l.m
	if t == "" {
		return Checkpoint{}, &Error{Kind: KindInvalid, Detail: "no checkpoint given"}
	}
	for i := len(m.cps) - 1; i >= 0; i-- {
		if c := &m.cps[i]; c.label == t && !c.moved {
			return m.checkpoint(i), nil
		}
	}
	if isNumber(t) {
		n, err := strconv.Atoi(t)
		if i, ok := m.find(n); err == nil && ok {
			return m.checkpoint(i), nil
		}
		return Checkpoint{}, &Error{Kind: KindInvalid, Detail: fmt.Sprintf("no checkpoint number %s", t)}
	}
	if d, ok := parseDuration(t); ok {
		at := now.Add(-d).Unix()
		// Checkpoint times are in append order, but clocks can step back:
		// take the newest by time, then by number.
		best := -1
		for i := range m.cps {
			if c := &m.cps[i]; c.time <= at && (best < 0 || c.time >= m.cps[best].time) {
				best = i
			}
		}
		if best < 0 {
			return Checkpoint{}, &Error{Kind: KindInvalid, Detail: fmt.Sprintf("no checkpoint %s ago or earlier%s", t, m.oldestNote())}
		}
		return m.checkpoint(best), nil
	}
	return Checkpoint{}, &Error{Kind: KindInvalid, Detail: fmt.Sprintf("no checkpoint named %s", strconv.Quote(t))}
}

// oldestNote says when the oldest checkpoint was taken, for messages.
func (m *model) oldestNote() string {
	if len(m.cps) == 0 {
		return " (there are no checkpoints)"
	}
	return " (the oldest is from " + time.Unix(m.cps[0].time, 0).Format("2006-01-02 15:04:05") + ")"
}

// sortEntries sorts entries by path.
func sortEntries(es []Entry) {
	slices.SortFunc(es, func(a, b Entry) int { return cmp.Compare(a.Path, b.Path) })
}
