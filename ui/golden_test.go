package ui

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
)

// searchFor returns a Matches function finding every occurrence of pat.
func searchFor(pat string) func(buffer.Rope, int, int) []Range {
	return func(r buffer.Rope, from, to int) []Range {
		s := r.SliceString(from, to)
		var out []Range
		for i := 0; ; {
			j := strings.Index(s[i:], pat)
			if j < 0 {
				return out
			}
			out = append(out, Range{from + i + j, from + i + j + len(pat)})
			i += j + len(pat)
		}
	}
}

func TestGoldenScreens(t *testing.T) {
	long := strings.Repeat("0123456789", 30)
	tests := []struct {
		name string
		w, h int
		f    Frame
	}{
		{"basic", 30, 8, Frame{Text: func() TextView {
			v := view("first line\n\tindented\nwide 中文字 text\nesc \x1b[31m red\n\u202eevil\xff", 1, 1)
			v.Opts.Number = true
			return v
		}(), Status: StatusInfo{Mode: "NORMAL", Name: "demo.txt", UndoSeq: 3, UndoLast: 3}}},
		{"relativenumber", 30, 7, Frame{Text: func() TextView {
			v := view("a\nb\nc\nd\ne", 2, 0)
			v.Opts.Number, v.Opts.RelativeNumber = true, true
			return v
		}()}},
		{"relativenumber_only", 30, 7, Frame{Text: func() TextView {
			v := view("a\nb\nc\nd\ne", 2, 0)
			v.Opts.RelativeNumber = true
			return v
		}()}},
		{"nowrap_scroll_center", 20, 4, Frame{Text: func() TextView {
			v := view(long+"\nshort", 0, 150)
			v.Opts.Wrap = false
			return v
		}()}},
		{"nowrap_sidescroll1", 20, 4, Frame{Text: func() TextView {
			v := view(long+"\nshort", 0, 40)
			v.Opts.Wrap, v.Opts.SideScroll = false, 1
			return v
		}()}},
		{"nowrap_wide_edges", 12, 4, Frame{Text: func() TextView {
			v := view("abcdefghijk中文字中文字中文字", 0, 14)
			v.Opts.Wrap, v.Opts.SideScroll = false, 1
			return v
		}()}},
		{"wrap_wide_filler", 10, 6, Frame{Text: view("abcdefghi中文\nnext", 0, 9)}},
		{"wrap_at_lines", 10, 6, Frame{Text: view("top\n"+long, 0, 0)}},
		{"wrap_skip", 10, 6, Frame{Text: view(long, 0, 250)}},
		{"list_mode", 24, 5, Frame{Text: func() TextView {
			v := view("a\tb\n\tx \ntrailing  ", 0, 1)
			v.Opts.List = true
			return v
		}()}},
		{"tabs_cursor_normal", 24, 4, Frame{Text: view("\tx", 0, 0)}},
		{"tabs_cursor_insert", 24, 4, Frame{Text: func() TextView {
			v := view("\tx", 0, 0)
			v.CursorAtTabStart = true
			return v
		}(), ShowMode: "-- INSERT --"}},
		{"insert_at_eol", 24, 4, Frame{Text: func() TextView {
			v := view("abc", 0, 3)
			v.CursorAtTabStart = true
			return v
		}()}},
		{"visual_char", 24, 6, Frame{Text: func() TextView {
			v := view("hello world\n\nthird line", 2, 2)
			v.Visual = Selection{Kind: SelChar, Start: Pos{0, 6}, End: Pos{2, 2}}
			return v
		}(), ShowMode: "-- VISUAL --"}},
		{"visual_line", 24, 6, Frame{Text: func() TextView {
			v := view("abc\n\nxyz", 2, 0)
			v.Visual = Selection{Kind: SelLine, Start: Pos{1, 0}, End: Pos{2, 0}}
			return v
		}()}},
		{"visual_block", 24, 6, Frame{Text: func() TextView {
			v := view("abcdef\nab\tcd\n中文字x", 2, 3)
			v.Visual = Selection{Kind: SelBlock, Start: Pos{0, 1}, End: Pos{2, 3}}
			return v
		}()}},
		{"hlsearch", 24, 5, Frame{Text: func() TextView {
			v := view("foo bar foo\nbarfoo", 0, 0)
			v.Matches = searchFor("foo")
			v.IncMatch = Range{8, 11}
			return v
		}()}},
		{"tiny_10x3", 10, 3, Frame{Text: view("hello world this is long\nx", 0, 20),
			Status: StatusInfo{Mode: "NORMAL", Name: "file.txt", Modified: true}}},
		{"cmdline", 20, 4, Frame{Text: view("x", 0, 0),
			Cmdline: Cmdline{Active: true, Prompt: ":", Text: "s/a\x01b/" + strings.Repeat("c", 30), Cursor: 4}}},
		{"error_message", 30, 4, Frame{Text: view("x", 0, 0),
			Messages: []Message{{Text: "E492: Not an editor command: " + strings.Repeat("x", 40), Error: true}}}},
		{"hit_enter", 30, 6, Frame{Text: view("x", 0, 0),
			Messages: []Message{{Text: "line one"}, {Text: "line two"}}, HitEnter: true}},
		{"status_undo", 60, 3, Frame{Text: view("x", 0, 0),
			Status: StatusInfo{Mode: "NORMAL", Name: "notes.md", Modified: true, UndoSeq: 42, UndoLast: 57, Branches: 3, Ahead: 7}}},
		{"status_ahead_exact", 72, 3, Frame{Text: view("x", 0, 0),
			Status: StatusInfo{Mode: "NORMAL", Name: "notes.md", UndoSeq: 1204, UndoLast: 23568, Ahead: 22364}}},
		{"status_ahead_compact", 60, 3, Frame{Text: view("x", 0, 0),
			Status: StatusInfo{Mode: "NORMAL", Name: "notes.md", UndoSeq: 1204, UndoLast: 23568, Ahead: 22364}}},
		{"empty_buffer", 20, 4, Frame{Text: view("", 0, 0), Status: StatusInfo{Mode: "NORMAL"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := NewMemSurface(tc.w, tc.h)
			checkSurface(t, s)
			r := NewRenderer()
			r.Draw(s, &tc.f)
			if s.Overlaps() != 0 {
				t.Errorf("%d cells written twice", s.Overlaps())
			}
			golden(t, "screen_"+tc.name, s.Dump(true))
		})
	}
}
