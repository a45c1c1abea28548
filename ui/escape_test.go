package ui

import "testing"

func TestEscapeString(t *testing.T) {
	for in, want := range map[string]string{
		"plain name.txt":     "plain name.txt",
		"\x1b]0;PWNED\a":     "^[]0;PWNED^G",
		"tab\there":          "tab^Ihere",
		"bad \xff\xfe utf-8": "bad <ff><fe> utf-8",
		"evil\u202etxt.exe":  "evil<202e>txt.exe",
		"zero\u200bwidth":    "zero<200b>width",
		"c1 \u009b31m":       "c1 <9b>31m",
		"日本語 and é, 👍🏽 kept": "日本語 and é, 👍🏽 kept",
		"del\x7f":            "del^?",
	} {
		if got := EscapeString(in); got != want {
			t.Errorf("EscapeString(%q) = %q, want %q", in, got, want)
		}
	}
}
