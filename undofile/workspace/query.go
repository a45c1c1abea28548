package workspace

import (
	"time"
)

// Summary describes one checkpoint without its whole file list.
type Summary struct {
	Number int
	Time   time.Time
	Label  string
	// Named says Label is a user's name; Moved that a newer checkpoint
	// took it (this one no longer answers to it).
	Named, Moved bool
	// Files is how many files the checkpoint records.
	Files int
	// Changed are the files whose state differs from the previous
	// checkpoint's (new files included), by path.
	Changed []Entry
	// Lost counts files whose state in this checkpoint is unknown: their
	// records are damaged (see Log.Problems). Rewinding such a checkpoint
	// cannot restore those files.
	Lost int
}

// Checkpoint is one checkpoint with every file it records.
type Checkpoint struct {
	Summary
	// Files holds every file, by path.
	Files []Entry
}

// List returns every checkpoint, oldest first.
func (l *Log) List() []Summary {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Summary, len(l.m.cps))
	var prev []uint32
	for i := range l.m.cps {
		out[i] = l.m.summary(i, prev)
		prev = l.m.cps[i].ids
	}
	return out
}

// Len returns the number of checkpoints.
func (l *Log) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.m.cps)
}

// Checkpoint returns checkpoint number n with all its files.
func (l *Log) Checkpoint(n int) (Checkpoint, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	i, ok := l.m.find(n)
	if !ok {
		return Checkpoint{}, false
	}
	return l.m.checkpoint(i), true
}

// Latest returns the newest checkpoint (ok false: none).
func (l *Log) Latest() (Checkpoint, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.m.cps) == 0 {
		return Checkpoint{}, false
	}
	return l.m.checkpoint(len(l.m.cps) - 1), true
}

func (m *model) checkpoint(i int) Checkpoint {
	var prev []uint32
	if i > 0 {
		prev = m.cps[i-1].ids
	}
	c := Checkpoint{Summary: m.summary(i, prev), Files: make([]Entry, len(m.cps[i].ids))}
	for k, id := range m.cps[i].ids {
		c.Files[k] = m.entry(id)
	}
	sortEntries(c.Files)
	return c
}

// summary describes checkpoint i, whose predecessor lists prev.
func (m *model) summary(i int, prev []uint32) Summary {
	c := &m.cps[i]
	s := Summary{
		Number: int(c.number), Time: time.Unix(c.time, 0), Label: c.label,
		Named: c.named, Moved: c.moved, Files: len(c.ids), Lost: len(c.lost),
	}
	// Both lists are increasing: a merge finds the ids new in c.
	j := 0
	for _, id := range c.ids {
		for j < len(prev) && prev[j] < id {
			j++
		}
		if j < len(prev) && prev[j] == id {
			continue
		}
		s.Changed = append(s.Changed, m.entry(id))
	}
	sortEntries(s.Changed)
	return s
}

func (m *model) entry(id uint32) Entry {
	v := m.versions[id]
	return Entry{
		Path: m.paths[v.path], Seq: v.seq, Exists: v.exists, Disk: v.disk,
		Added: v.added, Deleted: v.deleted, Time: time.Unix(v.time, 0),
	}
}
