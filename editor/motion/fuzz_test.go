package motion

import (
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// fuzzObjects are the text objects FuzzMotions exercises.
var fuzzObjects = []string{"iw", "aw", "iW", "aW", "is", "as", "ip", "ap", "i(", "a)", "ib", "aB",
	"i[", "a]", "i{", "a}", "i<", "a>", "i\"", "a\"", "i'", "a'", "i`", "a`", "xx", "i"}

// FuzzMotions runs a motion or text object chosen by op on arbitrary text:
// nothing may panic, and every position must lie in [0, Len()] on a
// cluster boundary.
func FuzzMotions(f *testing.F) {
	f.Add("foo bar\n\n  baz(qux) \"s\"", 4, uint8(0), uint8(1))
	f.Add("a\tb\r\n漢字 👨\u200d👩\u200d👧 e\u0301", 9, uint8(7), uint8(2))
	f.Add("(\n[\"x\\\"\"]\n) /* c */ #if\n#endif", 0, uint8(20), uint8(3))
	f.Add("One. Two!  Three?\n\n.PP\nFour", 6, uint8(14), uint8(1))
	f.Add("\xff\xfe(\x80)", 2, uint8(30), uint8(1))
	f.Fuzz(func(t *testing.T, s string, off int, op, count uint8) {
		if len(s) > 4096 {
			return
		}
		r := buffer.FromString(s)
		n := r.Len()
		if n > 0 {
			off = ((off % (n + 1)) + n + 1) % (n + 1)
		} else {
			off = 0
		}
		cnt := int(count%5) + 1
		check := func(what string, p int) {
			t.Helper()
			if p < 0 || p > n {
				t.Fatalf("%s on %q from %d: %d outside [0, %d]", what, s, off, p, n)
			}
			if p < n {
				if a, _ := GraphemeAt(r, p); a != p {
					t.Fatalf("%s on %q from %d: %d is inside the cluster at %d", what, s, off, p, a)
				}
			}
		}
		checkRange := func(what string, rg Range) {
			t.Helper()
			check(what+" start", rg.Start)
			check(what+" end", rg.End)
			if rg.End < rg.Start {
				t.Fatalf("%s on %q from %d: range %+v ends before it starts", what, s, off, rg)
			}
		}
		big := op&1 == 1
		switch op % 16 {
		case 0:
			check("w", WordForward(r, off, cnt, big))
		case 1:
			check("b", WordBackward(r, off, cnt, big))
		case 2:
			check("e", WordEnd(r, off, cnt, big))
		case 3:
			check("ge", WordEndBackward(r, off, cnt, big))
		case 4:
			p, _ := WordForwardRaw(r, off, cnt, big, true)
			check("dw", p)
		case 5:
			line := r.LineOf(off)
			check("^", LineFirstNonBlank(r, line))
			check("$", LineLastChar(r, line))
			check("g_", LineLastNonBlank(r, line))
			check("0", OffsetAtDisplayCol(r, line, DisplayCol(r, off, cnt), cnt))
		case 6:
			if a, e := GraphemeAt(r, n/2); e > a {
				p, _ := FindInLine(r, off, cnt, "fFtT"[op/16%4], s[a:e], op&32 != 0)
				check("f", p)
			}
		case 7:
			p, _ := MatchPair(r, off)
			check("%", p)
		case 8:
			check("}", ParagraphForward(r, off, cnt))
			check("{", ParagraphBackward(r, off, cnt))
		case 9:
			check(")", SentenceForward(r, off, cnt))
			check("(", SentenceBackward(r, off, cnt))
		case 10, 11:
			obj := fuzzObjects[int(op/16)%len(fuzzObjects)]
			if rg, ok := TextObject(r, off, obj, cnt, nil); ok {
				checkRange(obj, rg)
			}
		default:
			obj := fuzzObjects[int(op/16)%len(fuzzObjects)]
			v := Visual{Anchor: off, Cursor: min(n, NextGrapheme(r, off)), Linewise: op&2 != 0}
			v, _ = TextObjectVisual(r, v, obj, cnt)
			check("visual "+obj+" anchor", v.Anchor)
			check("visual "+obj+" cursor", v.Cursor)
			sel := Range{Start: off, End: NextGrapheme(r, off), Kind: Inclusive}
			if rg, ok := TextObject(r, off, obj, cnt, &sel); ok {
				checkRange("v"+obj, rg)
			}
		}
	})
}
