package editor

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/vimre"
)

// FuzzSubstitute runs :%s with arbitrary text, pattern and replacement.
// It must not panic or hang; undo must restore the text; and for a
// single-line pattern the scan path must do exactly what the per-line
// path does, and :s///gc answered a what :s///g does.
func FuzzSubstitute(f *testing.F) {
	f.Add("a,\nb,\nc", `,\n`, ", ")
	f.Add("foo bar\nbaz", `\<\w`, `\u&`)
	f.Add("ab\n\ncd", `^\n`, "")
	f.Add("x y", `\(x\) \(y\)`, `\2\r\1`)
	f.Add("aaa", `a*`, "-")
	f.Add("a\nb", `\_.`, `[&]`)
	f.Fuzz(func(t *testing.T, text, pat, rep string) {
		if len(text) > 300 || len(pat) > 30 || len(rep) > 30 || !utf8.ValidString(pat) ||
			strings.ContainsAny(pat+rep, "/\n\r|") || strings.Contains(rep, `\=`) || strings.Contains(pat, `\{`) {
			return
		}
		re, err := vimre.Compile(pat, vimre.Options{})
		if err != nil {
			return
		}
		cmd := "%s/" + pat + "/" + rep + "/g"
		if sub, err := exparse.ParseSubstitute(cmd[1:] + "c"); err != nil || sub.Pattern != pat || sub.Replacement != rep || sub.Flags != "gc" {
			return // the delimiter inside a collection, a trailing backslash, ...
		}
		plain := newTestEditor(text)
		plain.ExecEx(cmd)
		got := plain.state()
		plain.Feed(MustParseKeys("u"), true)
		if back := strings.Join(plain.state().Lines, "\n"); got.SeqLast > 0 && back+"\n" != text && back != text {
			t.Fatalf("%s on %q: undo gives %q", cmd, text, back)
		}
		if re.MultiLine() {
			return
		}
		if d := comparePaths(text, pat, rep, true); d != "" {
			t.Fatalf("%s on %q: %s", cmd, text, d)
		}
		conf := newTestEditor(text)
		conf.ExecEx(cmd + "c")
		conf.Feed([]Key{R('a')}, true)
		conf.EndStep()
		if c := conf.state(); strings.Join(c.Lines, "\n") != strings.Join(got.Lines, "\n") || c.Cursor != got.Cursor {
			t.Fatalf("%s on %q:\n  :s///g  %q %v\n  gc + a  %q %v", cmd, text, got.Lines, got.Cursor, c.Lines, c.Cursor)
		}
	})
}
