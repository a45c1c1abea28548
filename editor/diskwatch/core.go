package diskwatch

import (
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// maxDelayFactor bounds how long activity can postpone a batch: a file
// rewritten without pause is still reported every maxDelayFactor
// debounce intervals.
const maxDelayFactor = 20

// fingerprint is what a stat tells of a file: whether it exists, and its
// size and modification time. Comparing two tells whether a bare
// attribute change (chmod) can have changed the content.
type fingerprint struct {
	exists bool
	size   int64
	mtime  int64 // Unix nanoseconds
}

// core is the watcher's state machine: which files are tracked under
// which watched directories, what happened to them since the last batch,
// and when the next batch is due. It is pure: it is fed raw filesystem
// events with the time they were seen, asks its stat function (a fake in
// tests) for the state of files, and never blocks or sleeps. The Watcher
// guards it with a mutex.
type core struct {
	debounce, maxDelay time.Duration
	stat               func(path string) fingerprint

	files   map[string]*file    // by name, the path as given to Add
	byPath  map[string][]string // watch path → names watched through it
	dirs    map[string]*dir     // watched directories
	pending map[string]bool     // names with events since the last batch
	first   time.Time           // when the first pending event was seen
	last    time.Time           // when the latest pending event was seen
}

// file is a tracked file.
type file struct {
	// paths are the paths whose events concern the file: the name made
	// absolute with its directory's symlinks resolved, then, when the
	// file is a symlink, its target. The first is the one stat follows.
	paths []string
	fp    fingerprint // as of the last batch, or when tracking began
}

// dir is a directory holding watch paths.
type dir struct {
	refs    int  // watch paths in it
	watched bool // the OS watch is in place (as far as the core knows)
}

func newCore(debounce time.Duration, stat func(string) fingerprint) *core {
	return &core{
		debounce: debounce,
		maxDelay: maxDelayFactor * debounce,
		stat:     stat,
		files:    map[string]*file{},
		byPath:   map[string][]string{},
		dirs:     map[string]*dir{},
		pending:  map[string]bool{},
	}
}

// track starts tracking name through paths (see file) and returns the
// directories that need an OS watch: new ones, and, when name is already
// tracked, its directories whose watch went away (a directory that was
// removed and made again). The caller must watch them, or untrack name.
func (c *core) track(name string, paths []string) (watch []string) {
	if f, ok := c.files[name]; ok {
		for _, p := range f.paths {
			if d := c.dirs[filepath.Dir(p)]; !d.watched {
				d.watched = true
				watch = append(watch, filepath.Dir(p))
			}
		}
		return watch
	}
	c.files[name] = &file{paths: paths, fp: c.stat(paths[0])}
	for _, p := range paths {
		c.byPath[p] = append(c.byPath[p], name)
		dn := filepath.Dir(p)
		d := c.dirs[dn]
		if d == nil {
			d = &dir{}
			c.dirs[dn] = d
		}
		d.refs++
		if !d.watched {
			d.watched = true
			watch = append(watch, dn)
		}
	}
	return watch
}

// untrack stops tracking name and returns the watched directories that
// hold nothing tracked any more, whose OS watch the caller should drop.
// Untracking a name that is not tracked does nothing.
func (c *core) untrack(name string) (drop []string) {
	f, ok := c.files[name]
	if !ok {
		return nil
	}
	delete(c.files, name)
	delete(c.pending, name)
	for _, p := range f.paths {
		names := slices.DeleteFunc(c.byPath[p], func(n string) bool { return n == name })
		if len(names) == 0 {
			delete(c.byPath, p)
		} else {
			c.byPath[p] = names
		}
		dn := filepath.Dir(p)
		d := c.dirs[dn]
		if d.refs--; d.refs == 0 {
			delete(c.dirs, dn)
			if d.watched {
				drop = append(drop, dn)
			}
		}
	}
	return drop
}

// event takes in one raw event seen at now. Events on untracked paths
// are ignored; a bare attribute change counts only when the file's
// fingerprint changed (its content can have, or it is gone: Linux
// reports an unlink as a chmod while the file is still open); removing
// or renaming a watched directory concerns every file tracked in it.
func (c *core) event(path string, op fsnotify.Op, now time.Time) {
	if d, ok := c.dirs[path]; ok && op&(fsnotify.Remove|fsnotify.Rename) != 0 {
		d.watched = false // the OS drops the watch of a directory that goes
		for name, f := range c.files {
			for _, p := range f.paths {
				if filepath.Dir(p) == path {
					c.mark(name, now)
				}
			}
		}
	}
	for _, name := range c.byPath[path] {
		switch {
		case op&(fsnotify.Create|fsnotify.Write|fsnotify.Remove|fsnotify.Rename) != 0:
			c.mark(name, now)
		case op&fsnotify.Chmod != 0:
			f := c.files[name]
			if c.stat(f.paths[0]) != f.fp {
				c.mark(name, now)
			}
		}
	}
}

// overflow records that events were lost: every tracked file may have
// changed.
func (c *core) overflow(now time.Time) {
	for name := range c.files {
		c.mark(name, now)
	}
}

func (c *core) mark(name string, now time.Time) {
	if len(c.pending) == 0 {
		c.first = now
	}
	c.pending[name] = true
	c.last = now
}

// deadline returns when the pending events are due as a batch: once they
// have been quiet for the debounce interval, but no later than maxDelay
// after the first. ok is false when nothing is pending.
func (c *core) deadline() (t time.Time, ok bool) {
	if len(c.pending) == 0 {
		return time.Time{}, false
	}
	t = c.last.Add(c.debounce)
	if m := c.first.Add(c.maxDelay); m.Before(t) {
		t = m
	}
	return t, true
}

// flush returns the batch due at now, nil when none is. Each pending
// file is stat'ed once: its kind compares its existence now with its
// existence at the previous batch, so a burst of any length gives one
// event per file, a delete and recreate or a rename over the file is
// Changed, and a file created and removed again gives nothing.
func (c *core) flush(now time.Time) []Event {
	t, ok := c.deadline()
	if !ok || now.Before(t) {
		return nil
	}
	names := make([]string, 0, len(c.pending))
	for name := range c.pending {
		names = append(names, name)
	}
	slices.Sort(names)
	clear(c.pending)
	var batch []Event
	for _, name := range names {
		f := c.files[name]
		fp := c.stat(f.paths[0])
		k := kindOf(f.fp.exists, fp.exists)
		f.fp = fp
		if k != 0 {
			batch = append(batch, Event{Path: name, Kind: k})
		}
	}
	return batch
}

// merge adds the batch next to the undelivered batch ready, combining
// the kinds of a file in both; the result is sorted by path.
func merge(ready, next []Event) []Event {
	if len(ready) == 0 {
		return next
	}
	out := slices.Clone(ready)
	for _, e := range next {
		i, found := slices.BinarySearchFunc(out, e.Path, func(x Event, p string) int {
			return strings.Compare(x.Path, p)
		})
		switch {
		case !found:
			out = slices.Insert(out, i, e)
		case out[i].Kind.combine(e.Kind) == 0:
			out = slices.Delete(out, i, i+1)
		default:
			out[i].Kind = out[i].Kind.combine(e.Kind)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
