package editor

import (
	"reflect"
	"testing"
)

// The table of Vim key notation is editor/keys's TestParse; these tests
// cover the editor's wrapper.

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

// TestParseKeysDropsNop: <Nop> stands for no key, in mappings, --keys
// and macros alike.
func TestParseKeysDropsNop(t *testing.T) {
	got, err := ParseKeys("x<Nop>y<nop>")
	if err != nil || !reflect.DeepEqual(got, []Key{R('x'), R('y')}) {
		t.Errorf("ParseKeys = %v, %v", got, err)
	}
	e := newTestEditor("abc\n")
	e.Feed(MustParseKeys("<Nop>x<Nop>"), true)
	if got := e.text().String(); got != "bc" {
		t.Errorf("text after <Nop>x<Nop>: %q", got)
	}
}

// TestParseKeysControlCharacters: a control character in notation is the
// key it is typed as, as in Vim ("\x1b" is <Esc>, not a character to
// insert).
func TestParseKeysControlCharacters(t *testing.T) {
	e := newTestEditor("")
	e.Feed(MustParseKeys("ihi\x1bx"), true)
	if got := e.text().String(); got != "h" || e.mode != ModeNormal {
		t.Errorf("text %q, mode %v", got, e.mode)
	}
}
