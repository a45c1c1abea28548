package editor

import (
	"reflect"
	"testing"
)

func TestParseKeys(t *testing.T) {
	tests := []struct {
		in   string
		want []Key
	}{
		{"x", []Key{R('x')}},
		{"ihi<Esc>", []Key{R('i'), R('h'), R('i'), K(KeyEsc)}},
		{"<C-r>", []Key{Ctrl('r')}},
		{"<c-R>", []Key{Ctrl('r')}},
		{"<CR><cr><Enter>", []Key{K(KeyEnter), K(KeyEnter), K(KeyEnter)}},
		{"<lt>", []Key{R('<')}},
		{"<", []Key{R('<')}},
		{"<foo>", []Key{R('<'), R('f'), R('o'), R('o'), R('>')}},
		{"<Space><Tab><BS><Del>", []Key{R(' '), K(KeyTab), K(KeyBackspace), K(KeyDelete)}},
		{"<F1><f12>", []Key{K(KeyF1), K(KeyF12)}},
		{"<S-a>", []Key{R('A')}},
		{"<S-Up>", []Key{{Code: KeyUp, Mod: ModShift}}},
		{"<M-x><A-x>", []Key{{Code: KeyRune, Rune: 'x', Mod: ModAlt}, {Code: KeyRune, Rune: 'x', Mod: ModAlt}}},
		{"<C-[>", []Key{K(KeyEsc)}},
		{"<C-i>", []Key{K(KeyTab)}},
		{"\u65e5", []Key{R('\u65e5')}},
		{"<Up><Down><Left><Right><Home><End>", []Key{K(KeyUp), K(KeyDown), K(KeyLeft), K(KeyRight), K(KeyHome), K(KeyEnd)}},
	}
	for _, tt := range tests {
		got, err := ParseKeys(tt.in)
		if err != nil {
			t.Errorf("ParseKeys(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseKeys(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if _, err := ParseKeys("a\xffb"); err == nil {
		t.Error("ParseKeys accepted invalid UTF-8")
	}
}

func TestFormatKeyRoundTrip(t *testing.T) {
	keys := []Key{R('x'), R('<'), R(' '), Ctrl('r'), K(KeyEsc), K(KeyEnter), K(KeyF5),
		{Code: KeyUp, Mod: ModShift | ModCtrl}, {Code: KeyRune, Rune: 'q', Mod: ModAlt}, R('\u00e9')}
	for _, k := range keys {
		s := FormatKey(k)
		got, err := ParseKeys(s)
		if err != nil || len(got) != 1 || got[0] != k {
			t.Errorf("ParseKeys(FormatKey(%v) = %q) = %v, %v", k, s, got, err)
		}
	}
}

func FuzzParseKeys(f *testing.F) {
	for _, s := range []string{"ihello<Esc>", "<C-r><lt><CR>", "<S-Left>", "<", "<<>>", "<C-", "\u65e5<F13>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		keys, err := ParseKeys(s)
		if err != nil {
			return
		}
		// Formatting and parsing again gives the same keys.
		again, err := ParseKeys(FormatKeys(keys))
		if err != nil {
			t.Fatalf("ParseKeys(FormatKeys(%v)): %v", keys, err)
		}
		if !reflect.DeepEqual(keys, again) {
			t.Fatalf("round trip of %q: %v then %v", s, keys, again)
		}
	})
}
