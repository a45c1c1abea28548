package undo

import (
	"sort"
	"strconv"
	"strings"
	"time"
)

// ListHeader is the first line of :undolist.
const ListHeader = "number changes  when               saved"

// MsgNothingToUndo is what :undolist prints without changes.
const MsgNothingToUndo = "Nothing to undo"

// AgeString formats the time of a change as Vim's messages and :undolist
// do (src/time.c add_time): "N seconds ago" below 100 seconds, the clock
// time within 12 hours, the date and time beyond. then and now are Unix
// seconds; loc nil means time.Local.
func AgeString(then, now int64, loc *time.Location) string {
	d := now - then
	if d >= 100 {
		if loc == nil {
			loc = time.Local
		}
		lt := time.Unix(then, 0).In(loc)
		if d < 12*60*60 {
			return lt.Format("15:04:05")
		}
		return lt.Format("2006/01/02 15:04:05")
	}
	if d == 1 {
		return "1 second ago"
	}
	return strconv.FormatInt(d, 10) + " seconds ago"
}

// List returns the lines :undolist prints: one row per leaf, sorted as
// strings, with the number of changes from the root, the age and the write
// number. When kjx's own limits removed history, the header says how many
// states were folded (Vim never does this, so Vim's output is unchanged).
func (t *Tree) List() []string {
	now := t.nowUnix()
	depth := make([]int32, t.st.n)
	var rows []string
	for i := nid(1); int(i) < t.st.n; i++ {
		m := t.st.m(i)
		if m.dead {
			continue
		}
		depth[i] = depth[m.next] + 1 // a parent's seq is lower: it came first
		if m.prev != 0 {
			continue
		}
		var b strings.Builder
		b.WriteString(padLeft(strconv.Itoa(m.seq), 6))
		b.WriteByte(' ')
		b.WriteString(padLeft(strconv.Itoa(int(depth[i])), 7))
		b.WriteString("  ")
		b.WriteString(AgeString(m.time, now, t.loc))
		if m.saveNr > 0 {
			for b.Len() < 33 {
				b.WriteByte(' ')
			}
			b.WriteString("  ")
			b.WriteString(padLeft(strconv.Itoa(int(m.saveNr)), 3))
		}
		rows = append(rows, b.String())
	}
	if len(rows) == 0 {
		return []string{MsgNothingToUndo}
	}
	sort.Strings(rows)
	header := ListHeader
	if t.pruned > 0 {
		header += "  (" + strconv.Itoa(t.pruned) + " older states folded)"
	}
	return append([]string{header}, rows...)
}

func padLeft(s string, w int) string {
	if len(s) >= w {
		return s
	}
	return strings.Repeat(" ", w-len(s)) + s
}
