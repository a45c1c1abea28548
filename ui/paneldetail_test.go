package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/editor/keys"
)

func TestCutAtWord(t *testing.T) {
	tests := []struct {
		in   string
		w    int
		want string
	}{
		{"short", 10, "short"},
		{"exactly ten", 11, "exactly ten"},
		{" branch 1/2  depth 3  1 change", 22, " branch 1/2  depth 3…"},
		{" branch 1/2  depth 3  1 change", 20, " branch 1/2…"},
		{" branch 1/2  depth 3", 12, " branch 1/2…"},
		{" one two three", 11, " one two…"},
		{"oneverylongword", 8, "onevery…"},
		{"中文字 中文字", 9, "中文字…"},
		{"ab\x01cd efgh", 7, "ab\x01cd…"},
		{"anything", 1, "…"},
		{"anything", 0, ""},
	}
	for _, tc := range tests {
		got := cutAtWord(tc.in, tc.w, "…")
		if got != tc.want {
			t.Errorf("cutAtWord(%q, %d) = %q, want %q", tc.in, tc.w, got, tc.want)
		}
		if stringWidth(got) > max(tc.w, 0) {
			t.Errorf("cutAtWord(%q, %d) = %q is %d cells wide", tc.in, tc.w, got, stringWidth(got))
		}
	}
}

// TestDetailStrip checks the detail strip's words: no "()" for a root
// without a time, "same text" only when the texts are the same, never in
// the full-text preview, and a long line cut at a word with the marker.
func TestAgoPhrase(t *testing.T) {
	for age, want := range map[string]string{"now": "just now", "45s": "45s ago", "3h": "3h ago"} {
		if got := agoPhrase(age); got != want {
			t.Errorf("agoPhrase(%q) = %q, want %q", age, got, want)
		}
	}
}

func TestDetailStrip(t *testing.T) {
	h := demoHist()
	h.nodes[0].Time = time.Time{} // a root loaded without a time
	r := NewRenderer()
	r.Panel.Open, r.Panel.Focus = true, true
	r.Panel.Opts.Width = 30
	s := NewMemSurface(90, 24)
	f := h.frame()
	drawWithPreview(t, r, s, f)
	if !screenHas(s, " #4  20m ago  *draft  12:10:00") {
		t.Fatalf("the strip does not describe the selection with its compact time:\n%s", s.Dump(false))
	}
	if !screenHas(s, " 1 change  +5 −0  typed…") {
		t.Errorf("the line cut short is not cut at a field with the marker:\n%s", s.Dump(false))
	}
	r.Panel.Key(keys.Char('G')) // the root
	drawWithPreview(t, r, s, f)
	if screenHas(s, "()") {
		t.Errorf("the root's detail shows an empty time:\n%s", s.Dump(false))
	}
	if !screenHas(s, " the oldest text kept") {
		t.Errorf("the root's detail does not say what it is:\n%s", s.Dump(false))
	}
	r.Panel.Key(keys.Char('p'))
	r.Panel.Key(keys.Char('p')) // full text of the root, which differs from #4
	drawWithPreview(t, r, s, f)
	if screenHas(s, "same text") {
		t.Errorf("the full-text preview of a different state says \"same text\":\n%s", s.Dump(false))
	}
	if !screenHas(s, "3 lines, 16 bytes") {
		t.Errorf("the full-text preview does not give the text's size:\n%s", s.Dump(false))
	}
}

// screenHas reports whether the surface shows str on one row.
func screenHas(s *MemSurface, str string) bool { return strings.Contains(s.Text(), str) }

func TestAppendCompact(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1k", 22364: "22k", 999999: "999k", 1234567: "1M"} {
		if got := string(appendCompact(nil, n)); got != want {
			t.Errorf("appendCompact(%d) = %q, want %q", n, got, want)
		}
	}
}
