package exparse

import (
	"reflect"
	"testing"
)

func TestParseSubstitute(t *testing.T) {
	tests := []struct {
		arg  string
		want Sub
		err  string
	}{
		{"/a/b/", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
		{"/a/b/g", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '/', Flags: "g"}, ""},
		{"/a/b/&gcI 3", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '/', Flags: "&gcI", Count: 3}, ""},
		{"/a/b", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
		{"/a/", Sub{Pattern: "a", HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
		{"/a", Sub{Pattern: "a", HasPattern: true, Delim: '/'}, ""},
		{"//x/", Sub{Replacement: "x", HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
		{"#a/b#c|d#", Sub{Pattern: "a/b", Replacement: "c|d", HasPattern: true, HasReplacement: true, Delim: '#'}, ""},
		{`/a\/b/c\/d/`, Sub{Pattern: `a\/b`, Replacement: `c\/d`, HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
		{`?a\?b?x?`, Sub{Pattern: "a?b", Replacement: "x", HasPattern: true, HasReplacement: true, Delim: '?'}, ""},
		{"/[/]/x/", Sub{Pattern: "[/]", Replacement: "x", HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
		{`/\v[/]/x/`, Sub{Pattern: `\v[/]`, Replacement: "x", HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
		{`/\V[/]/x/`, Sub{Pattern: `\V[`, Replacement: "]", HasPattern: true, HasReplacement: true, Delim: '/', Flags: ""}, "E488: Trailing characters: x/"},
		{`\/x/`, Sub{Replacement: "x", HasPattern: true, HasReplacement: true, Delim: '/', Prev: '/'}, ""},
		{`\&x&g`, Sub{Replacement: "x", HasPattern: true, HasReplacement: true, Delim: '&', Prev: '&', Flags: "g"}, ""},
		{"", Sub{}, ""},
		{"g", Sub{Flags: "g"}, ""},
		{"& 5", Sub{Pattern: " 5", HasPattern: true, Delim: '&'}, ""}, // '&' delimits for :s
		{" 4", Sub{Count: 4}, ""},
		{"/a/b/ \"comment", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
		{"/a/b/0", Sub{}, "E939: Positive count required"},
		{"/a/b/g 2 x", Sub{}, "E488: Trailing characters: x"},
		{"/a/b/|p", Sub{}, "E488: Trailing characters: |p"},
		{"xaxbx", Sub{}, "E146: Regular expressions can't be delimited by letters"},
		{`\x`, Sub{}, `E10: \ should be followed by /, ? or &`},
		{"/é/ü/", Sub{Pattern: "é", Replacement: "ü", HasPattern: true, HasReplacement: true, Delim: '/'}, ""},
	}
	for _, tc := range tests {
		got, err := ParseSubstitute(tc.arg)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseSubstitute(%q) error = %v, want %q", tc.arg, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseSubstitute(%q) = %+v, %v\nwant %+v", tc.arg, got, err, tc.want)
		}
	}
}

func TestParseSubstituteCommands(t *testing.T) {
	tests := []struct {
		line, name, arg, next string
		sub                   Sub
	}{
		{"s/a/b/g 3|p", "substitute", "/a/b/g 3", "p", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '/', Flags: "g", Count: 3}},
		{"s /a/b/", "substitute", "/a/b/", "", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '/'}},
		{"s!a!b!", "substitute", "!a!b!", "", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '!'}},
		{"sg", "substitute", "g", "", Sub{Flags: "g"}},
		{"sI", "substitute", "I", "", Sub{Flags: "I"}},
		{"&&", "&", "&", "", Sub{Flags: "&"}},
		{"&&|d", "&", "&", "d", Sub{Flags: "&"}},
		{"~", "~", "", "", Sub{}},
		{"sm/a/b/", "smagic", "/a/b/", "", Sub{Pattern: "a", Replacement: "b", HasPattern: true, HasReplacement: true, Delim: '/'}},
		{"&/x/", "&", "", "", Sub{}},
	}
	for _, tc := range tests {
		c, err := Parse(tc.line)
		if tc.line == "&/x/" {
			if err == nil {
				t.Errorf("Parse(%q): want E488 (:& takes no pattern)", tc.line)
			}
			continue
		}
		if err != nil || c.Name != tc.name || c.Arg != tc.arg || c.Next != tc.next || c.Sub == nil || !reflect.DeepEqual(*c.Sub, tc.sub) {
			t.Errorf("Parse(%q) = %+v (sub %+v), %v", tc.line, c, c.Sub, err)
			continue
		}
		if again, err := ParseSubstitute(c.Arg); c.Name == "substitute" && (err != nil || !reflect.DeepEqual(again, *c.Sub)) {
			t.Errorf("ParseSubstitute(Parse(%q).Arg) = %+v, %v; want %+v", tc.line, again, err, *c.Sub)
		}
	}
}

func TestParseGlobal(t *testing.T) {
	tests := []struct {
		arg  string
		want Global
		err  string
	}{
		{"/a/d", Global{Pattern: "a", Command: "d", Delim: '/'}, ""},
		{"/a|b/s//x/|p", Global{Pattern: "a|b", Command: "s//x/|p", Delim: '/'}, ""},
		{"/a/", Global{Pattern: "a", Delim: '/'}, ""},
		{"/a", Global{Pattern: "a", Delim: '/'}, ""},
		{"!x!normal Ay", Global{Pattern: "x", Command: "normal Ay", Delim: '!'}, ""},
		{`\/d`, Global{Delim: '/', Prev: '/', Command: "d"}, ""},
		{`?a\?b?d`, Global{Pattern: "a?b", Command: "d", Delim: '?'}, ""},
		{"", Global{}, "E148: Regular expression missing from :global"},
		{"xax", Global{}, "E146: Regular expressions can't be delimited by letters"},
		{`\z`, Global{}, `E10: \ should be followed by /, ? or &`},
	}
	for _, tc := range tests {
		got, err := ParseGlobalArg(tc.arg)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("ParseGlobalArg(%q) error = %v, want %q", tc.arg, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseGlobalArg(%q) = %+v, %v; want %+v", tc.arg, got, err, tc.want)
		}
		p, c, d, err := ParseGlobal(tc.arg)
		if err != nil || p != tc.want.Pattern || c != tc.want.Command || d != tc.want.Delim {
			t.Errorf("ParseGlobal(%q) = %q %q %q %v", tc.arg, p, c, d, err)
		}
	}
	c, err := Parse("g!/x/d")
	if err != nil || c.Name != "global" || !c.Bang || c.Arg != "/x/d" || !c.DefaultAll() {
		t.Errorf("Parse(g!/x/d) = %+v, %v", c, err)
	}
	if c, err := Parse("g"); err != nil || c.Arg != "" {
		t.Errorf("Parse(g) = %+v, %v; :g itself reports E148", c, err)
	}
}
