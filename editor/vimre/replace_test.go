package vimre

import (
	"errors"
	"testing"
)

func TestExpandReplacement(t *testing.T) {
	line := []byte("foo Bar")
	m := []int{0, 7, 0, 3, 4, 7} // whole, \1 = foo, \2 = Bar
	tests := []struct {
		rep   string
		magic bool
		want  string
	}{
		{`&`, true, "foo Bar"},
		{`\0`, true, "foo Bar"},
		{`\&`, true, "&"},
		{`&`, false, "&"},
		{`\&`, false, "foo Bar"},
		{`\2 \1`, true, "Bar foo"},
		{`[\3]`, true, "[]"},
		{`\u\1`, true, "Foo"},
		{`\U\1\E!\2`, true, "FOO!Bar"},
		{`\L\2x\ey`, true, "barxy"},
		{`\l\U\2`, true, "bAR"},
		{`a\rb`, true, "a\nb"},
		{"a\rb", true, "a\nb"},
		{"a\\\rb", true, "a\rb"},
		{`a\nb`, true, "a\x00b"},
		{`a\tb\\c\/d`, true, "a\tb\\c/d"},
		{`\~`, true, "~"},
		{`~`, false, "~"},
		{`é\u&`, true, "éFoo Bar"},
		{"\xff&", true, "\xfffoo Bar"},
		{`\`, true, "\\"},
	}
	for _, tc := range tests {
		got, err := ExpandReplacement(tc.rep, line, m, tc.magic)
		if err != nil || got != tc.want {
			t.Errorf("ExpandReplacement(%q, magic=%v) = %q, %v; want %q", tc.rep, tc.magic, got, err, tc.want)
		}
	}
	if _, err := ExpandReplacement(`\=1+1`, line, m, true); !errors.Is(err, ErrExpression) {
		t.Errorf(`\= gave %v, want ErrExpression`, err)
	}
}

func TestExpandTilde(t *testing.T) {
	tests := []struct {
		rep, prev string
		magic     bool
		want      string
	}{
		{"a~b", "XY", true, "aXYb"},
		{`a\~b`, "XY", true, `a\~b`},
		{"a~b", "XY", false, "a~b"},
		{`a\~b`, "XY", false, "aXYb"},
		{"~~", "~", true, "~~"}, // inserted text is not expanded again
		{"~", "", true, ""},
	}
	for _, tc := range tests {
		if got := ExpandTilde(tc.rep, tc.prev, tc.magic); got != tc.want {
			t.Errorf("ExpandTilde(%q, %q, %v) = %q, want %q", tc.rep, tc.prev, tc.magic, got, tc.want)
		}
	}
}

func TestPrevSubInPattern(t *testing.T) {
	if _, err := Compile("a~", Options{}); err == nil || errCode(err.Error()) != "E33" {
		t.Fatalf("~ without a previous substitute: %v, want E33", err)
	}
	re := MustCompile("a~*", Options{PrevSub: "b.", HasPrevSub: true})
	if s, e, ok := re.FindInLine([]byte("xab.b.b"), 0); !ok || s != 1 || e != 6 {
		t.Fatalf("a~* with ~ = b.: %d-%d %v, want 1-6 (the string repeats as a whole)", s, e, ok)
	}
}

func TestSmartCase(t *testing.T) {
	tests := []struct {
		pat  string
		want bool // ignore case
	}{
		{"foo", true}, {"Foo", false}, {`\Sfoo`, true}, {`\%Vx`, true}, {`\vFoo`, false},
		{`\v%Vx`, true}, {"é", true}, {"É", false}, {`foo\C`, false}, {`Foo\c`, true},
	}
	for _, tc := range tests {
		re, err := Compile(tc.pat, Options{IgnoreCase: true, SmartCase: true})
		if err != nil {
			if errCode(err.Error()) == "E383" {
				if got := hasUppercase(tc.pat); got == tc.want {
					t.Errorf("hasUppercase(%q) = %v", tc.pat, got)
				}
				continue
			}
			t.Fatal(err)
		}
		if re.IgnoreCase() != tc.want {
			t.Errorf("%q with ignorecase+smartcase: IgnoreCase() = %v, want %v", tc.pat, re.IgnoreCase(), tc.want)
		}
	}
}

// TestExpandReplacementLineBreak: a line break in a multi-line match is
// copied as it is and does not take \u, \l or \U (Vim's vim_regsub_multi).
func TestExpandReplacementLineBreak(t *testing.T) {
	text := []byte("b\nax\n")
	for _, tc := range []struct{ rep, want string }{
		{`\u&`, "B\nax"}, {`\u\1`, "\nAx"}, {`\U&`, "B\nAX"}, {`\l\1`, "\nax"},
	} {
		got, err := ExpandReplacement(tc.rep, text, []int{0, 4, 1, 4}, true)
		if err != nil || got != tc.want {
			t.Errorf("%s: %q %v, want %q", tc.rep, got, err, tc.want)
		}
	}
}
