package main

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// verbHistory prints one line per state of the file's history: seq,
// time, lines added and deleted by the change, its source, its label and
// its marks (the write that saved it, the state on disk, the unsaved
// state kjx was last in).
func verbHistory(env verbEnv, name string) error {
	h, err := loadHistory(env, name)
	if err != nil {
		return err
	}
	var counts [][2]int // by index in h.img.Nodes
	if h.texts {
		w, err := h.walkToRoot()
		if err != nil {
			return err
		}
		if counts, err = lineCounts(w); err != nil {
			return fmt.Errorf("undo file of %s: corrupt (%v)", name, err)
		}
	} else {
		fmt.Fprintln(env.stderr, "kjx: "+terminalSafe(h.errNoTexts().Error())+"; line counts unknown")
	}
	h.last = h.img.TextState()
	p := historyPrinter{w: bufio.NewWriterSize(env.stdout, 64<<10), width: max(len(strconv.Itoa(h.img.SeqLast)), len("seq"))}
	p.header()
	root := "oldest state"
	if h.img.Pruned > 0 {
		root += fmt.Sprintf(" (%d older states folded into it)", h.img.Pruned)
	}
	p.row(0, 0, nil, "", append([]string{root}, h.marks(0)...))
	for i := range h.img.Nodes {
		n := &h.img.Nodes[i]
		var c *[2]int
		if counts != nil {
			c = &counts[i]
		}
		var extra []string
		if n.Label != "" {
			extra = append(extra, "«"+terminalSafe(n.Label)+"»")
		}
		p.row(n.Seq, n.Time, c, n.Source.String(), append(extra, h.marks(n.Seq)...))
	}
	return p.w.Flush()
}

// historyPrinter writes the lines of kjx history in fixed columns: seq,
// time, lines, source, then the label and marks.
type historyPrinter struct {
	w     *bufio.Writer
	width int    // of the seq column
	buf   []byte // the line being built
	// stamp is the time column of when: states made in the same second
	// share it.
	when  int64
	stamp []byte
}

// Column widths, in characters (the counts hold a '−').
const (
	timeWidth   = len("2006-01-02 15:04:05")
	linesWidth  = 13
	sourceWidth = 8
)

func (p *historyPrinter) header() {
	b := appendPadded(p.buf[:0], "seq", p.width, true)
	b = appendPadded(append(b, "  "...), "time", timeWidth, false)
	b = appendPadded(append(b, "  "...), "lines", linesWidth, false)
	b = appendPadded(append(b, "  "...), "source", sourceWidth, false)
	p.flush(append(b, "  label, marks"...))
}

// row prints one state: when is its Unix time (0: none, the root), c its
// line counts (nil: unknown, "?"; the root has none).
func (p *historyPrinter) row(seq int, when int64, c *[2]int, source string, extra []string) {
	b := appendPadded(p.buf[:0], strconv.Itoa(seq), p.width, true)
	b = append(b, "  "...)
	if when != 0 {
		if when != p.when {
			p.when, p.stamp = when, time.Unix(when, 0).AppendFormat(p.stamp[:0], "2006-01-02 15:04:05")
		}
		b = append(b, p.stamp...)
	} else {
		b = append(b, strings.Repeat(" ", timeWidth)...)
	}
	b = append(b, "  "...)
	col := len(b)
	switch {
	case seq == 0:
	case c == nil:
		b = append(b, '?')
	default:
		b = strconv.AppendInt(append(b, '+'), int64(c[0]), 10)
		b = strconv.AppendInt(append(b, " −"...), int64(c[1]), 10)
	}
	b = appendPadded(b, "", linesWidth-utf8.RuneCount(b[col:]), false)
	b = appendPadded(append(b, "  "...), source, sourceWidth, false)
	b = append(b, "  "...)
	for i, e := range extra {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, e...)
	}
	p.flush(b)
}

// flush writes the line without trailing blanks.
func (p *historyPrinter) flush(b []byte) {
	p.buf = b
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	p.w.Write(b)
	p.w.WriteByte('\n')
}

// appendPadded appends s padded with blanks to n characters, on the left
// when right is set.
func appendPadded(b []byte, s string, n int, right bool) []byte {
	fill := max(n-utf8.RuneCountInString(s), 0)
	if !right {
		b = append(b, s...)
	}
	for range fill {
		b = append(b, ' ')
	}
	if right {
		b = append(b, s...)
	}
	return b
}

// marks describes what is special about state seq.
func (h *fileHistory) marks(seq int) []string {
	var m []string
	if n := h.node(seq); n != nil && n.SaveNr > 0 {
		m = append(m, "written ("+strconv.Itoa(n.SaveNr)+")")
	}
	if seq == h.saved {
		if h.moved {
			m = append(m, "was on disk")
		} else {
			m = append(m, "on disk")
		}
	}
	if seq == h.last && h.last != h.saved {
		m = append(m, "unsaved, last state")
	}
	return m
}
