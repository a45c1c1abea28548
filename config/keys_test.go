package config

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseKeys(t *testing.T) {
	cases := []struct {
		in   string
		want string // canonical tokens joined by spaces
	}{
		{"a", "a"},
		{"jk", "j k"},
		{"<Esc>", "<Esc>"},
		{"<esc><ESC><Esc>", "<Esc> <Esc> <Esc>"},
		{":w<CR>", ": w <CR>"},
		{"<Return><Enter><cr>", "<CR> <CR> <CR>"},
		{"<BS><Tab><Space><lt><Bar><Bslash>", "<BS> <Tab> <Space> <lt> | \\"},
		{"<Up><Down><Left><Right><Home><End><PageUp><PageDown><Del><Insert>", "<Up> <Down> <Left> <Right> <Home> <End> <PageUp> <PageDown> <Del> <Insert>"},
		{"<F1><f12>", "<F1> <F12>"},
		{"<C-s>", "<C-s>"},
		{"<C-S>", "<C-s>"},
		{"<c-s>", "<C-s>"},
		{"<M-x><A-x>", "<M-x> <M-x>"},
		{"<S-a>", "A"},
		{"<S-Tab>", "<S-Tab>"},
		{"<C-S-Left>", "<C-S-Left>"},
		{"<s-c-left>", "<C-S-Left>"},
		{"<C-->", "<C-->"},
		{"<M->>", "<M->>"},
		{"<C-]>", "<C-]>"},
		{"<M-é>", "<M-é>"},
		{"<C-Space>", "<C-Space>"},
		{"\x1b\r\n\t\x13", "<Esc> <CR> <NL> <Tab> <C-s>"},
		{" ", "<Space>"},
		// A "<" not shaped like key notation is literal, as in Vim.
		{`\<word\>`, `\ <lt> w o r d \ >`},
		{"a < b", "a <Space> <lt> <Space> b"},
		{"<", "<lt>"},
		{"<>", "<lt> >"},
		{"<C-s", "<lt> C - s"},
		{"<lt>div>", "<lt> d i v >"},
		{"é", "é"},
	}
	for _, tc := range cases {
		toks, err := ParseKeys(tc.in)
		if err != nil {
			t.Errorf("ParseKeys(%q): %v", tc.in, err)
			continue
		}
		parts := make([]string, len(toks))
		for i, tok := range toks {
			parts[i] = tok.String()
		}
		if got := strings.Join(parts, " "); got != tc.want {
			t.Errorf("ParseKeys(%q) = %s, want %s", tc.in, got, tc.want)
		}
		// The canonical form parses back to the same tokens.
		back, err := ParseKeys(keysString(toks))
		if err != nil || keysString(back) != keysString(toks) {
			t.Errorf("ParseKeys(%q): canonical %q does not round-trip: %v", tc.in, keysString(toks), err)
		}
	}
}

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
		canon := keysString(toks)
		back, err := ParseKeys(canon)
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", canon, s, err)
		}
		if again := keysString(back); again != canon {
			t.Fatalf("canonical form not stable: %q → %q → %q", s, canon, again)
		}
	})
}
