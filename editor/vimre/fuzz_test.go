package vimre

import (
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// FuzzCompile: no pattern makes Compile, the finders or Search panic, and
// every match lies inside its line.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{"foo", `\<\w\+\>`, `\v(a|b){2,3}`, `[^a-z\n]`, `\%[abc]`, `a\zsb\zec`, `\_s*`, `[[:alpha:]]`,
		`\(a\)\1`, `\%d65`, `[`, `\`, `\{-}`, `^*`, `$$`, `\V.*\^`, `\n\_^x`, `~`, `[\d9999999]`, `\%u`} {
		f.Add(s, "foo bar\nbaz foo")
	}
	f.Fuzz(func(t *testing.T, pat, text string) {
		re, err := Compile(pat, Options{IgnoreCase: len(text)%2 == 0, SmartCase: true, PrevSub: "x", HasPrevSub: len(pat)%2 == 0})
		if err != nil {
			return
		}
		line := []byte(text)
		for _, m := range re.FindAllSubmatchInLine(line) {
			if m[0] < 0 || m[1] < m[0] || m[1] > len(line) {
				t.Fatalf("%q in %q: bad match %v", pat, text, m)
			}
			if _, err := ExpandReplacement(`\u&\1\L\2x\r`, line, m, true); err != nil {
				t.Fatal(err)
			}
		}
		r := buffer.FromString(text)
		for _, back := range []bool{false, true} {
			s, e, _, ok := Search(r, re, len(text)/2, back, true)
			if ok && (s < 0 || e < s || e > len(text)) {
				t.Fatalf("%q in %q: Search gave %d-%d", pat, text, s, e)
			}
		}
	})
}
