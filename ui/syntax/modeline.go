package syntax

import "strings"

// ModelineFileType returns the file type a Vim modeline in line sets, or
// "". Both of Vim's forms are understood:
//
//	[text]{white}{vi:|vim:|ex:}[white]{options}
//	[text]{white}{vi:|vim:|Vim:|ex:}[white]se[t] {options}:[text]
//
// (vim600:, vim<600: and vim>600: count as vim:), where options are
// name=value pairs separated by white space, and in the first form also by
// ':'. The value of ft or filetype (else of syntax or syn) is the answer;
// only a plain name (letters, digits, '_', '-', '.') is accepted, and no
// other option of the modeline is applied.
func ModelineFileType(line string) string {
	rest, ok := modelineOptions(line)
	if !ok {
		return ""
	}
	setForm := false
	for _, kw := range []string{"set ", "set\t", "se ", "se\t"} {
		if strings.HasPrefix(rest, kw) {
			rest, setForm = rest[len(kw):], true
			break
		}
	}
	var opts []string
	if setForm {
		end := unescapedColon(rest)
		if end < 0 {
			return "" // the set form must end in ':'
		}
		opts = strings.Fields(rest[:end])
	} else {
		opts = strings.FieldsFunc(rest, func(r rune) bool { return r == ':' || r == ' ' || r == '\t' })
	}
	ft, syn := "", ""
	for _, o := range opts {
		name, val, ok := strings.Cut(o, "=")
		if !ok || !plainName(val) {
			continue
		}
		switch name {
		case "ft", "filetype":
			ft = val
		case "syn", "syntax":
			syn = val
		}
	}
	if ft == "" {
		return syn
	}
	return ft
}

// modelineOptions finds the modeline marker in line and returns what
// follows its ':' with leading white space removed.
func modelineOptions(line string) (string, bool) {
	for i := 0; i < len(line); i++ {
		if i > 0 && line[i-1] != ' ' && line[i-1] != '\t' {
			continue
		}
		s := line[i:]
		if strings.HasPrefix(s, "vi:") || i > 0 && strings.HasPrefix(s, "ex:") {
			return strings.TrimLeft(s[3:], " \t"), true
		}
		if len(s) < 4 || (s[0] != 'v' && s[0] != 'V') || s[1] != 'i' || s[2] != 'm' {
			continue
		}
		j := 3
		if s[j] == '<' || s[j] == '=' || s[j] == '>' {
			j++
		}
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j >= len(s) || s[j] != ':' {
			continue
		}
		rest := strings.TrimLeft(s[j+1:], " \t")
		if s[0] == 'V' && !strings.HasPrefix(rest, "se") {
			continue // "Vim:" only in the set form
		}
		return rest, true
	}
	return "", false
}

// unescapedColon returns the index of the first ':' not preceded by '\'.
func unescapedColon(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' && (i == 0 || s[i-1] != '\\') {
			return i
		}
	}
	return -1
}

// plainName reports whether v is a non-empty file type name.
func plainName(v string) bool {
	if v == "" || len(v) > 64 {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}
