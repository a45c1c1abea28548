package undopanel

import (
	"strconv"
	"time"
)

// Age formats how long ago a state was made, in at most four columns:
// "now", "45s", "12m", "3h", "5d", "7w", "2y".
func Age(d time.Duration) string {
	switch {
	case d < time.Second:
		return "now"
	case d < time.Minute:
		return strconv.Itoa(int(d/time.Second)) + "s"
	case d < time.Hour:
		return strconv.Itoa(int(d/time.Minute)) + "m"
	case d < 24*time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + "h"
	case d < 7*24*time.Hour:
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	case d < 365*24*time.Hour:
		return strconv.Itoa(int(d/(7*24*time.Hour))) + "w"
	}
	return strconv.Itoa(int(d/(365*24*time.Hour))) + "y"
}

// Clock formats an absolute time compactly: the time of day for today,
// month and day otherwise, the date for another year.
func Clock(t, now time.Time) string {
	t = t.In(now.Location())
	switch {
	case t.YearDay() == now.YearDay() && t.Year() == now.Year():
		return t.Format("15:04:05")
	case t.Year() == now.Year():
		return t.Format("Jan 02 15:04")
	}
	return t.Format("2006-01-02")
}

// RowInfo is what a display row says besides its graph.
type RowInfo struct {
	Seq, Bottom    int // the top node's seq; the bottom's for a fold
	Count          int // states in the row
	When           string
	Added, Deleted int64
	Current        bool
	LastSaved      bool // the state written last
	Saved          bool // written at some point
	Newest         bool // the highest seq
	Marked         bool // marked with m for comparing
	Label, Source  string
}

// Info describes display row r for the tree the panel synced with. now is
// the clock for ages.
func (p *Panel) Info(t Tree, r Row, now time.Time) RowInfo {
	n := t.Node(r.Top)
	info := RowInfo{Seq: n.Seq, Bottom: n.Seq, Count: r.Top - r.Bottom + 1, Label: n.Label, Source: n.Source}
	if r.Folded() {
		info.Bottom = p.Layout.Seq(r.Bottom)
	}
	if r.Folded() {
		info.Added, info.Deleted = p.Layout.Sizes(r.Bottom, r.Top)
	} else {
		info.Added, info.Deleted = int64(n.Added), int64(n.Deleted)
	}
	switch {
	case n.Time.IsZero():
		// Unknown (the root of a tree loaded without a time).
	case p.Absolute:
		info.When = Clock(n.Time, now)
	default:
		info.When = Age(now.Sub(n.Time))
	}
	info.Current = n.Seq == t.Cur()
	info.Newest = r.Top == p.Layout.Len()-1
	info.LastSaved = n.Seq == t.LastSaved()
	info.Saved = n.SaveNr > 0
	info.Marked = n.Seq == p.Mark
	return info
}

// Detail is the detail strip's description of the selected state.
type Detail struct {
	Seq          int
	Time         string // absolute, full
	Clock        string // absolute, compact (Clock)
	Age          string
	Branch, Of   int // index among its siblings, and their count
	Depth        int // edges from the root
	Changes      int
	Added        int
	Deleted      int
	Source       string
	Label        string
	SaveNr       int
	Children     int
	IsCur, IsTop bool
}

// Detail describes the selected state.
func (p *Panel) Detail(t Tree, now time.Time) Detail {
	r := p.Layout.Row(p.Sel)
	if r < 0 {
		return Detail{}
	}
	n := t.Node(r)
	_, _, idx, of := p.Layout.Siblings(r)
	var when, clock, age string
	if !n.Time.IsZero() {
		when, age = n.Time.In(now.Location()).Format("2006-01-02 15:04:05"), Age(now.Sub(n.Time))
		clock = Clock(n.Time, now)
	}
	return Detail{Seq: n.Seq, Time: when, Clock: clock, Age: age, Branch: idx, Of: of, Depth: p.Layout.Depth(r),
		Changes: n.Changes, Added: n.Added, Deleted: n.Deleted, Source: n.Source, Label: n.Label,
		SaveNr: n.SaveNr, Children: p.Layout.Children(r), IsCur: n.Seq == t.Cur(), IsTop: r == p.Layout.Len()-1}
}
