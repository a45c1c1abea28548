package addsub

import (
	"strings"
	"testing"
)

// TestAdd: each row was recorded from Vim 9.0 (cursor at col, then
// {count}CTRL-A or CTRL-X with 'nrformats' as given): the line after it
// and the cursor column.
func TestAdd(t *testing.T) {
	for _, tc := range []struct {
		line      string
		col       int
		delta     int64
		nf        string
		want      string
		wantCol   int
		wantFound bool
	}{
		{"x 9 y", 0, 1, "bin,hex", "x 10 y", 3, true},
		{"x -9 y", 0, 1, "bin,hex", "x -8 y", 3, true},
		{"x -1 y", 0, 3, "bin,hex", "x 2 y", 2, true},
		{"x 0x0f y", 3, 1, "bin,hex", "x 0x10 y", 5, true},
		{"x 0x0F y", 0, 1, "bin,hex", "x 0x10 y", 5, true},
		{"x 0b0111 y", 5, 1, "bin,hex", "x 0b1000 y", 7, true},
		{"x 007 y", 0, 1, "bin,hex", "x 008 y", 4, true},
		{"x 007 y", 0, 1, "octal", "x 010 y", 4, true},
		{"x 0xff", 0, -1, "bin,hex", "x 0xfe", 5, true},
		{"x -0x10", 0, 1, "bin,hex", "x -0x11", 6, true},
		{"x 18446744073709551615", 0, 1, "bin,hex", "x -18446744073709551615", 22, true},
		{"a", 0, 1, "alpha", "b", 0, true},
		{"z", 0, 1, "alpha", "z", 0, true},
		{"Z", 0, -5, "alpha", "U", 0, true},
		{"no digits", 0, 1, "bin,hex", "no digits", 0, false},
		{"1x 2", 2, 1, "bin,hex", "1x 3", 3, true},
		{"x 0099 y", 2, -2, "bin,hex", "x 0097 y", 5, true},
	} {
		ed, ok := Add(tc.line, tc.col, tc.delta, ParseFormats(tc.nf), true)
		got, col := tc.line, 0
		if ok {
			got, col = tc.line[:ed.Start]+ed.Text+tc.line[ed.End:], ed.Last
		}
		if ok != tc.wantFound || got != tc.want || (ok && col != tc.wantCol) {
			t.Errorf("Add(%q, %d, %d, %s) = %q col %d (found %v), Vim: %q col %d (found %v)",
				tc.line, tc.col, tc.delta, tc.nf, got, col, ok, tc.want, tc.wantCol, tc.wantFound)
		}
	}
}

// FuzzAdd: on any line the edit stays inside it and replaces a number by
// a number, and adding the opposite amount at the same place restores a
// plain decimal number.
func FuzzAdd(f *testing.F) {
	for _, s := range []string{"x 9 y", "0x0f", "-0b101", "007", "a-1", "18446744073709551615"} {
		f.Add(s, 0, int64(1), true)
	}
	f.Fuzz(func(t *testing.T, line string, col int, delta int64, cursor bool) {
		if col < 0 || delta == -1<<63 {
			return
		}
		fm := Formats{Hex: true, Bin: true}
		ed, ok := Add(line, col, delta, fm, cursor)
		if !ok {
			return
		}
		if ed.Start < 0 || ed.Start > ed.End || ed.End > len(line) || ed.Text == "" || ed.Last != ed.Start+len(ed.Text)-1 {
			t.Fatalf("Add(%q, %d, %d) = %+v", line, col, delta, ed)
		}
		old := line[ed.Start:ed.End]
		if strings.ContainsAny(old, "xXbB") || strings.HasPrefix(strings.TrimPrefix(old, "-"), "0") || len(old) > 18 {
			return
		}
		back, ok := Add(ed.Text, 0, -delta, fm, true)
		if !ok || back.Text != old && !(old == "-0" && back.Text == "0") {
			t.Fatalf("%q +%d = %q, and back %q (%v)", old, delta, ed.Text, back.Text, ok)
		}
	})
}
