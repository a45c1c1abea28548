package keys

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestParse pins Parse's keys: Vim's reading of notation, unknown names
// literal.
func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want []Key
	}{
		{"x", []Key{Char('x')}},
		{"ihi<Esc>", []Key{Char('i'), Char('h'), Char('i'), Special(Esc)}},
		{"<C-r>", []Key{Ctrl('r')}},
		{"<c-R>", []Key{Ctrl('r')}},
		{"<CR><cr><Enter>", []Key{Special(Enter), Special(Enter), Special(Enter)}},
		{"<lt>", []Key{Char('<')}},
		{"<", []Key{Char('<')}},
		{"<foo>", []Key{Char('<'), Char('f'), Char('o'), Char('o'), Char('>')}},
		{"<Space><Tab><BS><Del>", []Key{Char(' '), Special(Tab), Special(Backspace), Special(Delete)}},
		{"<F1><f12>", []Key{Special(F1), Special(F12)}},
		{"<F13>", []Key{Char('<'), Char('F'), Char('1'), Char('3'), Char('>')}},
		{"<S-a>", []Key{Char('A')}},
		{"<S-Up>", []Key{{Code: Up, Mod: ModShift}}},
		{"<M-x><A-x>", []Key{{Code: Rune, Rune: 'x', Mod: ModAlt}, {Code: Rune, Rune: 'x', Mod: ModAlt}}},
		{"<C-[>", []Key{Special(Esc)}},
		{"<C-i>", []Key{Special(Tab)}},
		{"<C-m>", []Key{Special(Enter)}},
		{"<C-S-a>", []Key{Ctrl('a')}},
		{"<C->>", []Key{{Code: Rune, Rune: '>', Mod: ModCtrl}}},
		{"<X-a>", []Key{Char('<'), Char('X'), Char('-'), Char('a'), Char('>')}},
		{"<NL><C-j><Nul>", []Key{Ctrl('j'), Ctrl('j'), Ctrl('@')}},
		{"<Nop>", []Key{Special(Nop)}},
		{"\x1b\r\n\t\x13\x00\x1c", []Key{Special(Esc), Special(Enter), Ctrl('j'), Special(Tab), Ctrl('s'), Ctrl('@'), Ctrl('\\')}},
		{"\u65e5", []Key{Char('\u65e5')}},
		{"<Up><Down><Left><Right><Home><End>", []Key{Special(Up), Special(Down), Special(Left), Special(Right), Special(Home), Special(End)}},
		{"", nil},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if _, err := Parse("a\xffb"); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("Parse of invalid UTF-8: %v", err)
	}
}

// TestParseStrictCanonical: what ParseStrict accepts, written back in the
// canonical notation (tokens joined by spaces), which parses back to the
// same keys.
func TestParseStrictCanonical(t *testing.T) {
	cases := []struct {
		in   string
		want string
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
		{"<Nop>", "<Nop>"},
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
		ks, err := ParseStrict(tc.in)
		if err != nil {
			t.Errorf("ParseStrict(%q): %v", tc.in, err)
			continue
		}
		parts := make([]string, len(ks))
		for i, k := range ks {
			parts[i] = k.String()
		}
		if got := strings.Join(parts, " "); got != tc.want {
			t.Errorf("ParseStrict(%q) = %s, want %s", tc.in, got, tc.want)
		}
		back, err := ParseStrict(Format(ks))
		if err != nil || !reflect.DeepEqual(back, ks) {
			t.Errorf("ParseStrict(%q): canonical %q does not round-trip: %v %v", tc.in, Format(ks), back, err)
		}
	}
}

// TestParseStrictErrors pins the messages of ParseStrict.
func TestParseStrictErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "empty key sequence"},
		{"\xff", "not valid UTF-8"},
		{"<Ecs>", `<Ecs> is not a key name; write <lt> for a literal "<"`},
		{"<div>", `<div> is not a key name; write <lt> for a literal "<"`},
		{"<a>", `<a> is not a key name; write <lt> for a literal "<"`},
		{"<X-a>", `<X-a>: unknown modifier "X" (want C, S, M or A)`},
		{"<C-Foo>", `<C-Foo> is not a key name; write <lt> for a literal "<"`},
	}
	for _, tc := range cases {
		_, err := ParseStrict(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseStrict(%q) error = %v, want %q", tc.in, err, tc.want)
		}
	}
	var ne *NameError
	if _, err := ParseStrict("x<C-Fi>"); !errors.As(err, &ne) || ne.Name != "fi" || ne.Notation != "C-Fi" {
		t.Errorf("ParseStrict(<C-Fi>) = %#v", err)
	}
	ne.Suggestion = "F1"
	if want := `<C-Fi> is not a key name (did you mean <F1>?); write <lt> for a literal "<"`; ne.Error() != want {
		t.Errorf("with a suggestion: %q", ne.Error())
	}
}

// TestFormatRoundTrip: String gives notation that parses back to the key.
func TestFormatRoundTrip(t *testing.T) {
	keys := []Key{Char('x'), Char('<'), Char(' '), Char('|'), Char('\\'), Ctrl('r'), Ctrl('j'), Ctrl('@'),
		Special(Esc), Special(Enter), Special(F5), Special(Nop),
		{Code: Up, Mod: ModShift | ModCtrl}, {Code: Rune, Rune: 'q', Mod: ModAlt}, {Code: Rune, Rune: '>', Mod: ModCtrl},
		{Code: Rune, Rune: ' ', Mod: ModCtrl}, {Code: Rune, Rune: '-', Mod: ModAlt}, Char('\u00e9'), Char(0x7f)}
	for _, k := range keys {
		s := k.String()
		got, err := Parse(s)
		if err != nil || len(got) != 1 || got[0] != k {
			t.Errorf("Parse(%v.String() = %q) = %v, %v", k, s, got, err)
		}
	}
}

// TestNormalForm: WithMods folds modifiers the way Vim does.
func TestNormalForm(t *testing.T) {
	cases := []struct {
		k    Key
		mod  Mod
		want Key
	}{
		{Char('a'), ModShift, Char('A')},
		{Char('A'), ModCtrl, Ctrl('a')},
		{Char('a'), ModCtrl | ModShift, Ctrl('a')},
		{Char('['), ModCtrl, Special(Esc)},
		{Char('M'), ModCtrl | ModAlt, Key{Code: Enter, Mod: ModAlt}},
		{Char('1'), ModShift, Key{Code: Rune, Rune: '1', Mod: ModShift}},
		{Special(Tab), ModShift, Key{Code: Tab, Mod: ModShift}},
		{Ctrl('j'), ModAlt, Key{Code: Rune, Rune: 'j', Mod: ModCtrl | ModAlt}},
	}
	for _, c := range cases {
		if got := WithMods(c.k, c.mod); got != c.want {
			t.Errorf("WithMods(%v, %d) = %v, want %v", c.k, c.mod, got, c.want)
		}
	}
	for b := byte(0); b < ' '; b++ {
		k := FromControl(b)
		if got, _ := Parse(string(rune(b))); len(got) != 1 || got[0] != k {
			t.Errorf("control %#x: Parse %v, FromControl %v", b, got, k)
		}
	}
}

// TestNames: every name has a canonical spelling that parses to the same
// key.
func TestNames(t *testing.T) {
	for low, canon := range Names() {
		a, errA := Parse("<" + low + ">")
		b, errB := Parse("<" + canon + ">")
		if errA != nil || errB != nil || len(a) != 1 || !reflect.DeepEqual(a, b) {
			t.Errorf("<%s> = %v, canonical <%s> = %v", low, a, canon, b)
		}
	}
}

// FuzzParse: Parse and ParseStrict never panic, errors are one line,
// ParseStrict accepts nothing Parse would read differently, and the
// formatted keys parse back to themselves in both.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"ihello<Esc>", "<C-r><lt><CR>", "<S-Left>", "<", "<<>>", "<C-", "\u65e5<F13>",
		"<C-s>", ":w<CR>", `\<x\>`, "<C-->", "<S-a>", "<M-é>", "<C-S-Left>", "\x1b\n<Nop>", "<C- >"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		loose, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidUTF8) {
				t.Fatalf("Parse(%q): unexpected error %v", s, err)
			}
			return
		}
		if again, err := Parse(Format(loose)); err != nil || !reflect.DeepEqual(again, loose) {
			t.Fatalf("Parse round trip of %q: %v then %v (%v)", s, loose, again, err)
		}
		strict, err := ParseStrict(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if !reflect.DeepEqual(strict, loose) {
			t.Fatalf("ParseStrict(%q) = %v, Parse %v", s, strict, loose)
		}
		if again, err := ParseStrict(Format(strict)); err != nil || !reflect.DeepEqual(again, strict) {
			t.Fatalf("ParseStrict round trip of %q: %v then %v (%v)", s, strict, again, err)
		}
	})
}

// TestText: Text and FormatText differ from String and Format only in
// writing a plain space as itself.
func TestText(t *testing.T) {
	ks := []Key{Char('i'), Char(' '), Char('<'), {Code: Rune, Rune: ' ', Mod: ModCtrl}, Special(Esc), Ctrl('j')}
	if got, want := FormatText(ks), "i <lt><C-Space><Esc><NL>"; got != want {
		t.Errorf("FormatText = %q, want %q", got, want)
	}
	if got, want := Format(ks), "i<Space><lt><C-Space><Esc><NL>"; got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
	for _, k := range ks {
		if got, err := Parse(k.Text()); err != nil || len(got) != 1 || got[0] != k {
			t.Errorf("Parse(%q) = %v, %v", k.Text(), got, err)
		}
	}
}
