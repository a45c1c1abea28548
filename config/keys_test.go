package config

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/editor/keys"
)

// The table of what ParseKeys accepts and how it is written back is
// editor/keys's TestParseStrictCanonical: config only adds suggestions.

func TestParseKeysErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "empty key sequence"},
		{"\xff", "not valid UTF-8"},
		{"<Ecs>", `<Ecs> is not a key name (did you mean <Esc>?); write <lt> for a literal "<"`},
		{"x<F13>", `<F13> is not a key name (did you mean <F1>?); write <lt> for a literal "<"`},
		{"<div>", `<div> is not a key name; write <lt> for a literal "<"`},
		{"<a>", `<a> is not a key name; write <lt> for a literal "<"`},
		{"<Pageup><Spce>", `<Spce> is not a key name (did you mean <Space>?); write <lt> for a literal "<"`},
		{"<X-a>", `<X-a>: unknown modifier "X" (want C, S, M or A)`},
		{"<C-Fi>", `<C-Fi> is not a key name (did you mean <F1>?); write <lt> for a literal "<"`},
		{"<C-Foo>", `<C-Foo> is not a key name; write <lt> for a literal "<"`},
	}
	for _, tc := range cases {
		_, err := ParseKeys(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseKeys(%q) error = %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzParseKeys: never panics, and whatever parses has a canonical form
// that parses back to itself.
func FuzzParseKeys(f *testing.F) {
	for _, s := range []string{"<C-s>", ":w<CR>", `\<x\>`, "<C-->", "<S-a>", "<lt>", "<M-é>", "<C-S-Left>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks, err := ParseKeys(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if !utf8.ValidString(s) || len(toks) == 0 {
			t.Fatalf("ParseKeys(%q) accepted invalid input", s)
		}
		canon := keys.Format(toks)
		back, err := ParseKeys(canon)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", canon, s, err)
		}
		if again := keys.Format(back); again != canon {
			t.Fatalf("canonical form not stable: %q → %q → %q", s, canon, again)
		}
	})
}
