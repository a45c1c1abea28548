package ui

import (
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// FuzzRender draws arbitrary bytes as a file, a file name, a message and
// a command line, in wrap and nowrap modes, and checks that only
// printable clusters reach the surface and that every cell is written
// exactly once.
func FuzzRender(f *testing.F) {
	for _, seed := range []string{"hello\tworld\n", "\x1b[2J\x1b]0;x\x07", "\u202e\u2066\u200b", "中文\xff\xfe",
		"e\u0301\u0301\u0301", "👨\u200d👩\u200d👧🇫🇷", "\x01\u0301\t\u0085", "a\nb\r\nc\x00"} {
		f.Add([]byte(seed), uint8(3), uint16(2))
	}
	f.Fuzz(func(t *testing.T, data []byte, line uint8, col uint16) {
		text := buffer.FromBytes(data)
		lines := text.Newlines() + 1
		l := int(line) % lines
		c := int(col) % (text.LineEnd(l) - text.LineStart(l) + 1)
		for _, opts := range []DisplayOptions{{Wrap: true, TabStop: 8, Number: true}, {TabStop: 3, List: true, SideScroll: 1}} {
			s := NewMemSurface(23, 7)
			checkSurface(t, s)
			written := map[[2]int]bool{}
			inner := s.onSet
			s.onSet = func(x, y int, cl string, w int) {
				inner(x, y, cl, w)
				if written[[2]int{x, y}] {
					t.Fatalf("cell %d,%d written twice", x, y)
				}
				written[[2]int{x, y}] = true
				if w == 2 {
					written[[2]int{x + 1, y}] = true
				}
			}
			f := &Frame{Text: TextView{Text: text, Cursor: Pos{l, c}, Top: -1, Opts: opts,
				Visual: Selection{Kind: SelBlock, Start: Pos{0, 0}, End: Pos{l, c}}},
				Status: StatusInfo{Name: string(data), Mode: "NORMAL"}, Messages: []Message{{Text: string(data)}}}
			NewRenderer().Draw(s, f)
			if len(written) != 23*7 {
				t.Fatalf("%d of %d cells written", len(written), 23*7)
			}
			written = map[[2]int]bool{}
			f.Cmdline = Cmdline{Active: true, Prompt: "/", Text: string(data), Cursor: c % (len(data) + 1)}
			NewRenderer().Draw(s, f)
		}
	})
}
