package undo

import (
	"strings"

	"github.com/kjx-editor/kjx/buffer"
)

// Long movements without replaying every change. A movement applies the
// changes of every node on its path to the text, and reports for each the
// line entries that move marks (path.go). Across a long history that is
// hundreds of thousands of rope edits (:earlier 1h, :later 1d, :undo N far
// away). Two caches let finish skip most of them:
//
//   - the text of some states: when a node is linked below state p, the
//     text of p is frozen and kept every snapEvery nodes (O(1); the next
//     edit copies the leaf and path it touches once);
//   - the line entries of a node, in the forward direction, computed as
//     each change becomes final (the text right after a change gives its
//     entry: see entryAfter) or the first time a movement replays the
//     node. The entries of a node undone are the forward ones reversed,
//     with the sizes swapped.
//
// finish then starts from the last kept state on the path whose nodes
// before it all have known entries, reports those entries without
// touching the text, and applies only the changes after it. A node's text
// and entries never change once its block is closed, except when
// :undojoin reopens it (both are dropped: a child linked before it was
// pruned may have kept its text) and when pruning folds nodes into the
// root (the root's text is dropped); compaction renumbers both caches.

// snapEvery is the number of nodes linked between two kept texts: a
// movement replays at most about that many nodes past the nearest one.
const snapEvery = 4096

// minSkip is the fewest steps worth skipping: shorter movements replay.
const minSkip = 16

// The cache bits of a node (data.cache).
const (
	cacheText    uint8 = 1 << iota // skipCache.texts holds the text of the node's state
	cacheEntries                   // the node's entries are known: skipCache.spans (none when absent)
)

// entry32 is a LineEntry as the cache keeps it.
type entry32 struct{ top, oldSize, newSize int32 }

// span is where a node's entries lie in skipCache.arena.
type span struct{ start, n int32 }

// skipCache is what finish needs to skip steps.
type skipCache struct {
	every  int // nodes between kept texts: 0 means snapEvery, < 0 none (tests)
	least  int // the fewest steps to skip: 0 means minSkip (tests lower it)
	since  int // nodes linked since the last kept text
	texts  map[nid]buffer.Rope
	root   buffer.Rope // the root's text, when rootOK
	rootOK bool
	spans  map[nid]span
	arena  []entry32
	// The open node's entries so far (its final changes), while known.
	openNode nid
	open     []entry32
	lastHas  bool      // the last entry of open is the one of the node's last change
	learned  []entry32 // scratch of learnEntries (storeEntries copies it)
	// check, when set (tests), is called after each skip with the text
	// before the movement, the steps skipped and the entries reported.
	check func(before buffer.Rope, skipped []step, got []PathStep)
}

// keepText keeps r as the text of state n (0: the root) every snapEvery
// calls. The text is n's: link calls it before the new node changes it.
func (t *Tree) keepText(n nid) {
	k := &t.skip
	every := k.every
	if every == 0 {
		every = snapEvery
	}
	if k.since++; every < 0 || k.since < every {
		return
	}
	k.since = 0
	r := t.tx.Freeze()
	if n == 0 {
		k.root, k.rootOK = r, true
		return
	}
	if k.texts == nil {
		k.texts = map[nid]buffer.Rope{}
	}
	k.texts[n] = r
	t.setCache(n, cacheText)
}

// stateText returns the kept text of state n (0: the root).
func (t *Tree) stateText(n nid) (buffer.Rope, bool) {
	if n == 0 {
		return t.skip.root, t.skip.rootOK
	}
	if t.st.d(n).cache&cacheText == 0 {
		return buffer.Rope{}, false
	}
	return t.skip.texts[n], true
}

// stateAfter is the state step s leaves the text in.
func (t *Tree) stateAfter(s step) nid {
	if s.back {
		return t.st.m(s.n).next
	}
	return s.n
}

// skipSteps sets the text to the last kept state among the states after
// steps[:last] that it can reach without replaying, reports the path of
// the steps up to it, and returns the index of the first step left to
// apply (0 when it skips nothing).
func (t *Tree) skipSteps(last int) int {
	k := &t.skip
	least := k.least
	if least == 0 {
		least = minSkip
	}
	if last < least || (len(k.texts) == 0 && !k.rootOK) {
		return 0
	}
	known := last
	if t.path.on {
		for i, s := range t.steps[:last] {
			if t.st.d(s.n).cache&cacheEntries == 0 {
				known = i
				break
			}
		}
	}
	for i := known - 1; i >= least-1; i-- {
		r, ok := t.stateText(t.stateAfter(t.steps[i]))
		if !ok {
			continue
		}
		var before buffer.Rope
		if k.check != nil {
			before = t.tx.Freeze()
		}
		for _, s := range t.steps[:i+1] {
			t.pathBegin(s)
			t.reportEntries(s)
		}
		t.setText(r)
		if k.check != nil {
			k.check(before, t.steps[:i+1], t.path.steps)
		}
		return i + 1
	}
	return 0
}

// reportEntries adds the cached entries of step s to the path.
func (t *Tree) reportEntries(s step) {
	if !t.path.on {
		return
	}
	sp, ok := t.skip.spans[s.n]
	if !ok {
		return
	}
	es := t.skip.arena[sp.start : sp.start+sp.n]
	for j := range es {
		e := es[j]
		if s.back {
			e = es[len(es)-1-j]
			e.oldSize, e.newSize = e.newSize, e.oldSize
		}
		t.pathEntry(LineEntry{Top: int(e.top), OldSize: int(e.oldSize), NewSize: int(e.newSize)})
	}
}

// storeEntries records es, forward, as node n's entries.
func (t *Tree) storeEntries(n nid, es []entry32) {
	k := &t.skip
	if len(es) > 0 {
		if k.spans == nil {
			k.spans = map[nid]span{}
		}
		k.spans[n] = span{start: int32(len(k.arena)), n: int32(len(es))}
		k.arena = append(k.arena, es...)
	}
	t.setCache(n, cacheEntries)
}

// setCache sets cache bits of node n: in place for the open node, which no
// snapshot reads.
func (t *Tree) setCache(n nid, bits uint8) {
	if n == t.open {
		t.st.d(n).cache |= bits
		return
	}
	t.dwShared(n).cache |= bits
}

// learnEntries stores the entries a replay of step s just reported, when
// the node's are not known yet.
func (t *Tree) learnEntries(s step) {
	if !t.path.on || s.n == t.open || t.st.d(s.n).cache&cacheEntries != 0 {
		return
	}
	got := t.path.steps[len(t.path.steps)-1].Entries
	es := t.skip.learned[:0]
	for j := range got {
		e := got[j]
		if s.back {
			e = got[len(got)-1-j]
			e.OldSize, e.NewSize = e.NewSize, e.OldSize
		}
		es = append(es, entry32{top: int32(e.Top), oldSize: int32(e.OldSize), newSize: int32(e.NewSize)})
	}
	t.skip.learned = es
	t.storeEntries(s.n, es)
}

// entryAfter is the entry of change c as a forward movement reports it,
// from r, the text right after c: the entry of c's inverse on r with the
// sizes swapped (LineEntryOf sees the same line, line start and text after
// the change either way). ok is false when c keeps the line count.
func entryAfter(r buffer.Rope, c buffer.Change) (entry32, bool) {
	if strings.Count(c.Old, "\n") == strings.Count(c.New, "\n") {
		return entry32{}, false
	}
	e := LineEntryOf(r, c.Inverse())
	return entry32{top: int32(e.Top), oldSize: int32(e.NewSize), newSize: int32(e.OldSize)}, true
}

// openLinked starts the entries of the node link just opened.
func (t *Tree) openLinked(n nid) {
	k := &t.skip
	k.openNode, k.open, k.lastHas = n, k.open[:0], false
}

// finalEntry adds the entry of the open node's last change, d.changes[n-1],
// which just became final; the text is the one right after it.
func (t *Tree) finalEntry(d *data) {
	k := &t.skip
	if len(d.changes) == 0 {
		return
	}
	if k.openNode != t.open || d.whole {
		k.openNode = 0
		return
	}
	e, ok := entryAfter(t.Text(), d.changes[len(d.changes)-1])
	if ok {
		k.open = append(k.open, e)
	}
	k.lastHas = ok
}

// closeEntries stores the entries of the block being closed, when all of
// its changes' are known.
func (t *Tree) closeEntries(d *data) {
	t.finalEntry(d)
	if t.skip.openNode == t.open && t.open != 0 {
		t.storeEntries(t.open, t.skip.open)
	}
}

// reopen forgets the kept text and the entries of node n, which
// :undojoin reopens: more changes will join it (its text was kept when a
// child, since pruned, was linked). kept says the entries of its changes
// are still those of the block just closed; they go on from there, but
// for the last change's, which may grow.
func (t *Tree) reopen(n nid, kept bool) {
	k := &t.skip
	t.st.d(n).cache &^= cacheEntries | cacheText
	delete(k.spans, n)
	delete(k.texts, n)
	if !kept || k.openNode != n {
		k.openNode = 0
		return
	}
	if k.lastHas {
		k.open = k.open[:len(k.open)-1]
		k.lastHas = false
	}
}

// forget drops what the caches keep of node n, which is freed.
func (t *Tree) forget(n nid) {
	delete(t.skip.texts, n)
	delete(t.skip.spans, n)
	if t.skip.openNode == n {
		t.skip.openNode = 0
	}
}

// forgetRoot drops the root's text: pruning folded a node into the root.
func (t *Tree) forgetRoot() { t.skip.root, t.skip.rootOK = buffer.Rope{}, false }

// renumber moves the caches to the slots compaction gave the nodes, and
// leaves the entries of freed nodes behind.
func (k *skipCache) renumber(remap []nid) {
	texts := make(map[nid]buffer.Rope, len(k.texts))
	for n, r := range k.texts {
		texts[remap[n]] = r
	}
	spans := make(map[nid]span, len(k.spans))
	var arena []entry32
	for n, sp := range k.spans {
		spans[remap[n]] = span{start: int32(len(arena)), n: sp.n}
		arena = append(arena, k.arena[sp.start:sp.start+sp.n]...)
	}
	k.texts, k.spans, k.arena = texts, spans, arena
	k.openNode = remap[k.openNode]
}

// reset empties the caches (a new history).
func (k *skipCache) reset() {
	*k = skipCache{every: k.every, least: k.least, check: k.check}
}
