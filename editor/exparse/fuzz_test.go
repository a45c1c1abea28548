package exparse

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that the text it reports is
// part of its input, and that parsing a command's own Raw text again gives
// the same command.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"", "w", "%s/a|b/x\\/y/g 3|p", "'a,'b-2d x 3", "/a//b/;?c?+1,$p", "g!/x/norm! Ay|z",
		">>> 2", "e ++ff=dos +5 f", "silent! keepj 5|d", "set ts=4 no\\ x|p", "3|", "pu =1+1",
		"w !cat", "r! ls", "\\/d", "*p", "%;+1p", "u 0", "s#a#b#&gcI", "Und", "sort u",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := Parse(line)
		pieces := Split(line)
		if len(pieces) == 0 {
			t.Fatalf("Split(%q) returned nothing", line)
		}
		if err != nil {
			return
		}
		if !strings.Contains(line, c.Raw) || !strings.HasSuffix(line, c.Next) {
			t.Fatalf("Parse(%q): Raw %q / Next %q are not part of the input", line, c.Raw, c.Next)
		}
		if c.Name == "" || c.Name == "print" && strings.HasSuffix(c.Raw, "|") {
			return
		}
		again, err := Parse(c.Raw)
		if err != nil {
			t.Fatalf("Parse(%q) ok but Parse(Raw %q): %v", line, c.Raw, err)
		}
		again.Raw, again.Next = c.Raw, c.Next
		if !reflect.DeepEqual(again, c) {
			t.Fatalf("Parse(%q) = %+v\nParse(Raw) = %+v", line, c, again)
		}
	})
}

// FuzzParseSubstitute checks that ParseSubstitute never panics and agrees
// with Parse("s" + arg).
func FuzzParseSubstitute(f *testing.F) {
	for _, s := range []string{"/a/b/", "#a#b#g 3", `?a\?b?c?`, `\&x&`, "/[/]/x/", `/\V[/]/`, "g", " 4", "/a/b/|p", "/é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		sub, err := ParseSubstitute(arg)
		if err != nil || strings.ContainsAny(arg, "\n") {
			return
		}
		c, err := Parse("s" + arg)
		if err != nil {
			// "s" + arg may read as another command (":sil", ":sort").
			return
		}
		if c.Name == "substitute" && c.Sub != nil && !reflect.DeepEqual(*c.Sub, sub) {
			t.Fatalf("ParseSubstitute(%q) = %+v but Parse(s…) gives %+v", arg, sub, *c.Sub)
		}
	})
}
