package exparse

import "strings"

// ParseSet splits the argument of :set (and :setlocal, :setglobal) into
// items, following Vim's do_set: "name", "noname", "invname", "name!",
// "name&", "name&vi", "name&vim", "name<", "name?", "name=value",
// "name:value", "name+=value", "name-=value", "name^=value", "all",
// "all&". Blanks between a name and its operator are allowed (":set ai ?");
// a value ends at an unescaped blank and backslashes escape the next
// character. Names are returned as typed: the caller resolves
// abbreviations and checks types (e.g. "E474: Invalid argument" for a
// string option given as "noname", or for "nots=3", whose Op is "no="),
// and may report "E518: Unknown option".
//
// On an error ParseSet returns the items before the bad one together with
// the error, because Vim applies those before it stops.
func ParseSet(arg string) ([]SetItem, error) {
	var items []SetItem
	i := skipWhite(arg, 0)
	for i < len(arg) {
		it, j, err := setItem(arg, i)
		if err != nil {
			return items, err
		}
		items = append(items, it)
		i = skipWhite(arg, j)
	}
	return items, nil
}

// setItem parses one :set item at s[i:] and returns it with the index after
// it.
func setItem(s string, i int) (SetItem, int, error) {
	start := i
	var it SetItem
	switch {
	case strings.HasPrefix(s[i:], "no") && !strings.HasPrefix(s[i:], "novice"):
		it.Op = "no"
		i += 2
	case strings.HasPrefix(s[i:], "inv"):
		it.Op = "inv"
		i += 3
	}
	n := optionNameLen(s[i:])
	it.Name = s[i : i+n]
	i += n
	j := skipWhite(s, i)
	op := ""
	switch {
	case j+1 < len(s) && s[j+1] == '=' && strings.IndexByte("+-^", s[j]) >= 0:
		op = s[j : j+2]
	case j < len(s) && strings.IndexByte("?=:!&<", s[j]) >= 0:
		op = s[j : j+1]
	}
	if it.Name == "" {
		return SetItem{}, 0, errorf(errUnknownOption, "%s", s[start:itemEnd(s, start)])
	}
	if op == "" {
		it.Raw = s[start:i]
		return it, i, nil
	}
	i = j + len(op)
	if op == ":" {
		op = "="
	}
	// A prefix with an operator ("nots=3") is kept whole: Vim looks the
	// option up first (E518 when unknown) and then rejects it (E474).
	it.Op += op
	switch op {
	case "?", "!", "&", "<":
		if op == "&" && strings.HasPrefix(s[i:], "vim") {
			it.Value, i = "vim", i+3
		} else if op == "&" && strings.HasPrefix(s[i:], "vi") {
			it.Value, i = "vi", i+2
		}
		if i < len(s) && !isWhite(s[i]) {
			return SetItem{}, 0, trailing(s[start:itemEnd(s, start)])
		}
		it.Raw = s[start:i]
		return it, i, nil
	}
	it.Value, i = setValue(s, i)
	it.Raw = s[start:i]
	return it, i, nil
}

// optionNameLen is the length of the option name at t: "t_xx" (four
// bytes), "<t_xx>"/"<key>", or letters, digits and '_'.
func optionNameLen(t string) int {
	if strings.HasPrefix(t, "t_") && len(t) >= 4 {
		return 4
	}
	if strings.HasPrefix(t, "<") {
		if k := strings.IndexByte(t, '>'); k > 0 {
			return k + 1
		}
	}
	n := 0
	for n < len(t) && (isAlpha(t[n]) || isDigit(t[n]) || t[n] == '_') {
		n++
	}
	return n
}

// setValue reads a value up to an unescaped blank, removing backslashes.
func setValue(s string, i int) (string, int) {
	var b strings.Builder
	for i < len(s) && !isWhite(s[i]) {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String(), i
}

// itemEnd is the end of the item starting at s[i] for error messages: up
// to an unescaped blank.
func itemEnd(s string, i int) int {
	for i < len(s) && !isWhite(s[i]) {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		i++
	}
	return i
}
