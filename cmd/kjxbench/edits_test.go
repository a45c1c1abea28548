package main

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// vimSim executes the small subset of Ex and :normal commands that
// insertLines and deleteLine emit, with Vim's cursor rules as
// docs/headless.md and Vim's help state them (":goto" clamps an end of line
// to the last character in Normal mode, "x" keeps the cursor or moves it
// to the new last character, "gJ" leaves it at the join point). It lets
// the property test below check the key choices on thousands of texts;
// the end-to-end test checks them against the real Vim and kjx.
type vimSim struct {
	lines     []string
	line, col int
	ph        string
}

// newSim starts a simulator on the buffer text s.
func newSim(s, ph string) *vimSim {
	return &vimSim{lines: strings.Split(s, "\n"), ph: ph}
}

// text is the buffer text.
func (v *vimSim) text() string { return strings.Join(v.lines, "\n") }

// clamp applies Normal mode's rule: the cursor is on a character.
func (v *vimSim) clamp() {
	if n := len(v.lines[v.line]); v.col >= n {
		v.col = max(n-1, 0)
	}
}

// run executes one Ex line (with optional "undojoin|" and "goto N|").
func (v *vimSim) run(t *testing.T, line string) {
	t.Helper()
	line = strings.TrimPrefix(line, "undojoin|")
	if strings.HasPrefix(line, "goto ") {
		num, rest, _ := strings.Cut(strings.TrimPrefix(line, "goto "), "|")
		n, err := strconv.Atoi(num)
		if err != nil {
			t.Fatalf("bad goto in %q", line)
		}
		v.gotoByte(n)
		line = rest
	}
	switch {
	case line == "s/"+v.ph+`/\r/g`:
		parts := strings.Split(v.lines[v.line], v.ph)
		v.lines = append(v.lines[:v.line], append(parts, v.lines[v.line+1:]...)...)
	case strings.HasPrefix(line, "normal! "):
		v.normal(t, strings.TrimPrefix(line, "normal! "))
	default:
		t.Fatalf("simulator: unexpected line %q", line)
	}
}

// gotoByte is ":goto n".
func (v *vimSim) gotoByte(n int) {
	off := max(n-1, 0)
	for i, l := range v.lines {
		if off <= len(l) || i == len(v.lines)-1 {
			v.line, v.col = i, min(off, len(l))
			v.clamp()
			return
		}
		off -= len(l) + 1
	}
}

// normal runs the keys that the generators use.
func (v *vimSim) normal(t *testing.T, keys string) {
	t.Helper()
	switch {
	case strings.HasPrefix(keys, "G0i"):
		v.line, v.col = len(v.lines)-1, 0
		v.insert(keys[3:])
		return
	case strings.HasPrefix(keys, "a"):
		if len(v.lines[v.line]) > 0 {
			v.col++
		}
		v.insert(keys[1:])
		return
	case strings.HasPrefix(keys, "i"):
		v.insert(keys[1:])
		return
	}
	for keys != "" {
		if strings.HasPrefix(keys, "gJ") {
			if v.line == len(v.lines)-1 {
				t.Fatalf("gJ on the last line")
			}
			v.col = len(v.lines[v.line])
			v.lines[v.line] += v.lines[v.line+1]
			v.lines = append(v.lines[:v.line+1], v.lines[v.line+2:]...)
			v.clamp()
			keys = keys[2:]
			continue
		}
		i := strings.IndexByte(keys, 'x')
		if i < 0 {
			t.Fatalf("simulator: unexpected keys %q", keys)
		}
		count := 1
		if i > 0 {
			count, _ = strconv.Atoi(keys[:i])
		}
		l := v.lines[v.line]
		k := min(count, len(l)-v.col)
		v.lines[v.line] = l[:v.col] + l[v.col+k:]
		v.clamp()
		keys = keys[i+1:]
	}
}

// insert types s at the cursor.
func (v *vimSim) insert(s string) {
	l := v.lines[v.line]
	v.lines[v.line] = l[:v.col] + s + l[v.col:]
}

func TestInsertAndDeleteLines(t *testing.T) {
	tests := []struct {
		text string
		off  int
		del  int
		ins  string
		want []string
	}{
		{"", 0, 0, "ab", []string{"normal! G0iab"}},
		{"abc", 1, 0, "X", []string{"goto 1|normal! aX"}},
		{"abc", 0, 0, "X", []string{"goto 1|normal! iX"}},
		{"ab\ncd", 3, 0, "X", []string{"goto 4|normal! iX"}},
		{"ab\n\ncd", 3, 0, "X", []string{"goto 4|normal! iX"}}, // an empty line
		{"ab\n", 3, 0, "X", []string{"normal! G0iX"}},          // a new last line
		{"abc", 3, 0, "X\nY", []string{"goto 3|normal! aX¶Y", `s/¶/\r/g`}},
		{"abcdef", 1, 3, "", []string{"goto 2|normal! 3x"}},
		{"ab\ncd", 1, 3, "", []string{"goto 2|normal! xgJx"}},
		{"ab\n\n\ncd", 2, 2, "", []string{"goto 3|normal! gJgJ"}},
		{"a\tb", 1, 1, "", []string{"goto 2|normal! x"}},
	}
	for _, tt := range tests {
		m := newModel(tt.text)
		var got []string
		if tt.del > 0 {
			got = append(got, deleteLine(m, tt.off, tt.del))
		}
		lines, err := insertLines(m, tt.off, tt.ins, "¶")
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		got = append(got, lines...)
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("text %q off %d del %d ins %q: got %q, want %q", tt.text, tt.off, tt.del, tt.ins, got, tt.want)
		}
	}
}

func TestInsertLinesRejects(t *testing.T) {
	m := newModel("abc")
	if _, err := insertLines(m, 0, "a¶b", "¶"); err == nil {
		t.Error("text with the placeholder accepted")
	}
	if _, err := insertLines(m, 0, "a\rb", "¶"); err == nil {
		t.Error("text with a carriage return accepted")
	}
	if _, err := insertLines(m, 0, "a\x1bb", "¶"); err == nil {
		t.Error("text with an escape accepted")
	}
}

// TestEditsProperty checks on random texts and patches that the lines the
// generators emit, run by the simulator, give the text the model gives.
func TestEditsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 5000
	if testing.Short() {
		n = 500
	}
	alphabet := []string{"a", "b", " ", "\n", "\n", "\t"}
	gen := func(max int) string {
		var b strings.Builder
		for i := rng.IntN(max + 1); i > 0; i-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		return b.String()
	}
	for i := 0; i < n; i++ {
		text := gen(12)
		m := newModel(text)
		sim := newSim(text, "¶")
		for step := 0; step < 6; step++ {
			off := rng.IntN(len(m.b) + 1)
			del := rng.IntN(len(m.b) - off + 1)
			ins := gen(4)
			before := m.String()
			var lines []string
			if del > 0 {
				lines = append(lines, deleteLine(m, off, del))
				m.replace(off, del, "")
			}
			more, err := insertLines(m, off, ins, "¶")
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, more...)
			m.replace(off, 0, ins)
			for _, l := range lines {
				sim.run(t, l)
			}
			if got := sim.text(); got != m.String() {
				t.Fatalf("text %q, delete %d at %d, insert %q: lines %q give %q, want %q",
					before, del, off, ins, lines, got, m.String())
			}
		}
	}
}

func TestModelReplaceProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := ""
	m := newModel(s)
	for i := 0; i < 3000; i++ {
		off := rng.IntN(len(s) + 1)
		del := rng.IntN(min(len(s)-off, 5) + 1)
		ins := strings.Repeat(string(rune('a'+rng.IntN(26))), rng.IntN(6))
		s = s[:off] + ins + s[off+del:]
		m.replace(off, del, ins)
		if m.String() != s {
			t.Fatalf("step %d: model %q, want %q", i, m.String(), s)
		}
	}
}

func TestBytesOfNonASCII(t *testing.T) {
	m := newModel("aé€b")
	tests := []struct{ pos, del, off, n int }{
		{0, 1, 0, 1}, {1, 1, 1, 2}, {2, 1, 3, 3}, {3, 1, 6, 1}, {4, 0, 7, 0}, {1, 2, 1, 5},
	}
	for _, tt := range tests {
		off, n, err := m.bytesOf(tt.pos, tt.del)
		if err != nil || off != tt.off || n != tt.n {
			t.Errorf("bytesOf(%d,%d) = %d,%d,%v; want %d,%d", tt.pos, tt.del, off, n, err, tt.off, tt.n)
		}
	}
	if _, _, err := m.bytesOf(4, 1); err == nil {
		t.Error("deletion past the end accepted")
	}
	if _, _, err := newModel("ab").bytesOf(3, 0); err == nil {
		t.Error("position past the end accepted")
	}
	if got := deleteLine(m, 1, 5); got != "goto 2|normal! 2x" {
		t.Errorf("deleteLine counts bytes, not characters: %q", got)
	}
}

func TestFileBytes(t *testing.T) {
	tests := map[string]string{"": "", "a": "a\n", "a\nb": "a\nb\n", "a\n": "a\n\n"}
	for text, want := range tests {
		if got := fileBytes(text); got != want {
			t.Errorf("fileBytes(%q) = %q, want %q", text, got, want)
		}
	}
}
