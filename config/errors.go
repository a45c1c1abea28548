package config

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Error is one problem found in a configuration file. Its text is a single
// line, "FILE:LINE: MESSAGE" (or "FILE: MESSAGE" when no line applies),
// where MESSAGE names the key and says which value is used instead.
type Error struct {
	File string // the path given to Load
	Line int    // 1-based line of the key; 0 when unknown or not applicable
	Key  string // dotted key, quoted where needed; "" for whole-file errors
	Msg  string // the message, starting with the key when there is one
}

// Error returns the one-line form described on the type.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// maxShown bounds how many characters of a value an error message quotes.
const maxShown = 40

// quote writes s as a TOML basic string. Control characters and invalid
// UTF-8 are escaped, so the result is always one line.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\uFFFD`)
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 || r == 0x85:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// keyPart writes one key segment as TOML does: bare when it can be,
// otherwise quoted.
func keyPart(s string) string {
	if s == "" {
		return `""`
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return quote(s)
		}
	}
	return s
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// keyString writes a dotted key path in TOML syntax.
func keyString(path []string) string {
	parts := make([]string, len(path))
	for i, p := range path {
		parts[i] = keyPart(p)
	}
	return strings.Join(parts, ".")
}

// tomlType names the TOML type of a decoded value.
func tomlType(v any) string {
	switch v.(type) {
	case bool:
		return "boolean"
	case int64:
		return "integer"
	case float64:
		return "float"
	case string:
		return "string"
	case time.Time:
		return "datetime"
	case []map[string]any:
		return "array of tables"
	case []any:
		return "array"
	case map[string]any:
		return "table"
	}
	return fmt.Sprintf("%T", v)
}

// render writes a decoded value in TOML syntax, shortened to about maxShown
// characters, on one line. Tables are not rendered.
func render(v any) string {
	var s string
	switch v := v.(type) {
	case bool:
		s = strconv.FormatBool(v)
	case int64:
		s = strconv.FormatInt(v, 10)
	case float64:
		s = renderFloat(v)
	case string:
		s = quote(v)
	case time.Time:
		s = v.Format(time.RFC3339Nano)
	case []any:
		parts := make([]string, 0, len(v))
		n := 0
		for _, e := range v {
			p := render(e)
			parts = append(parts, p)
			if n += len(p) + 2; n > maxShown {
				break
			}
		}
		s = "[" + strings.Join(parts, ", ") + "]"
	case map[string]any, []map[string]any:
		return ""
	default:
		s = quote(fmt.Sprint(v))
	}
	return shorten(s)
}

func renderFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// shorten cuts s after maxShown runes, marking the cut with "…".
func shorten(s string) string {
	if utf8.RuneCountInString(s) <= maxShown {
		return s
	}
	n := 0
	for i := range s {
		if n == maxShown {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// describe says what a value is for a type error: `string "yes"`,
// `integer 3`, `table`.
func describe(v any) string {
	if r := render(v); r != "" {
		return tomlType(v) + " " + r
	}
	return tomlType(v)
}
