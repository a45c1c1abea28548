package workspace

import (
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/kjx-editor/kjx/undofile/internal/safefile"
	"github.com/kjx-editor/kjx/undofile/store"
)

// DefaultGrace is how long a blob no checkpoint references is kept: a
// worker may have stored it for a checkpoint it is about to commit.
const DefaultGrace = time.Hour

// Policy is what Maintain keeps.
type Policy struct {
	// MaxAge drops checkpoints taken longer ago (undo.persist_days; 0
	// keeps them all).
	MaxAge time.Duration
	// MaxSize caps the log and the blobs together, in bytes
	// (undo.store_max_size; 0: no cap). The oldest checkpoints go first,
	// but never the newest checkpoint, nor the newest checkpoint in which
	// a file exists (its last known text, for a file deleted since).
	MaxSize int64
	// Grace spares blobs that no checkpoint references when they were
	// stored or reused more recently (0: DefaultGrace). Blob times are the
	// file system's, so the grace is measured on the wall clock, whatever
	// clock the checkpoints' times come from.
	Grace time.Duration
}

// Report says what Maintain did.
type Report struct {
	Dropped int    // checkpoints dropped
	Removed int    // blobs (and stale temporary files) removed
	Freed   int64  // bytes freed (blobs and log)
	KeptAs  string // the copy of a damaged log kept aside ("": none)
}

// Maintain applies the retention policy: it drops old checkpoints, then
// the oldest ones while the history is over its size cap, rewrites the
// log without them (crash-safely; a log with damaged records is first
// kept aside as checkpoints.~YYYYMMDD-HHMMSS~), and removes the blobs no
// remaining checkpoint references. It holds the workspace lock
// throughout. Run it off the editor's goroutine: it reads the store's
// directory.
func (l *Log) Maintain(st *store.Store, p Policy, now time.Time) (Report, error) {
	if p.Grace <= 0 {
		p.Grace = DefaultGrace
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	lk, err := l.lock(true)
	if err != nil {
		return Report{}, err
	}
	defer lk.Unlock()
	if err := l.catchUp(); err != nil {
		return Report{}, err
	}
	blobs, err := st.Blobs()
	if err != nil {
		return Report{}, &Error{Name: l.name, Kind: KindIO, Detail: err.Error(), Err: err}
	}
	var rep Report
	drop := l.m.dropOld(p.MaxAge, now)
	if p.MaxSize > 0 {
		l.m.dropForSize(drop, blobs, l.size(), p, time.Now())
	}
	for _, d := range drop {
		if d {
			rep.Dropped++
		}
	}
	if rep.Dropped > 0 || len(l.m.problems) > 0 {
		before := l.size()
		if err := l.rewrite(drop, now, &rep); err != nil {
			return rep, err
		}
		rep.Freed += max(before-l.size(), 0)
	}
	// Without any checkpoint, and none dropped now, the log may be gone
	// by accident: its blobs are then kept, not collected.
	keepBlobs := len(l.m.cps) == 0 && rep.Dropped == 0
	l.collect(st, blobs, p.Grace, time.Now(), keepBlobs, &rep)
	return rep, nil
}

// size is the log's size as last read.
func (l *Log) size() int64 {
	if l.seen == nil {
		return 0
	}
	return l.seen.Size()
}

// dropOld marks the checkpoints older than maxAge.
func (m *model) dropOld(maxAge time.Duration, now time.Time) []bool {
	drop := make([]bool, len(m.cps))
	if maxAge <= 0 {
		return drop
	}
	cutoff := now.Add(-maxAge).Unix()
	for i := range m.cps {
		drop[i] = m.cps[i].time < cutoff
	}
	return drop
}

// dropForSize marks the oldest unprotected checkpoints until the log and
// the blobs it would still need fit p.MaxSize.
func (m *model) dropForSize(drop []bool, blobs []store.BlobInfo, logSize int64, p Policy, wall time.Time) {
	total := logSize
	blobAt := make(map[store.Hash]store.BlobInfo, len(blobs))
	for _, b := range blobs {
		total += b.Size
		blobAt[b.Hash] = b
	}
	if total <= p.MaxSize {
		return
	}
	verRefs := map[uint32]int{}
	hashRefs := map[store.Hash]int{}
	for i := range m.cps {
		if drop[i] {
			continue
		}
		for _, id := range m.cps[i].ids {
			if verRefs[id]++; verRefs[id] == 1 && m.versions[id].exists {
				hashRefs[store.Hash(m.versions[id].disk.Hash)]++
			}
		}
	}
	protected := m.protected(drop)
	for i := range m.cps {
		if total <= p.MaxSize {
			return
		}
		if drop[i] || protected[i] {
			continue
		}
		drop[i] = true
		total -= int64(m.cps[i].frame)
		for _, id := range m.cps[i].ids {
			if verRefs[id]--; verRefs[id] > 0 {
				continue
			}
			v := m.versions[id]
			total -= int64(v.frame)
			if !v.exists {
				continue
			}
			h := store.Hash(v.disk.Hash)
			if hashRefs[h]--; hashRefs[h] == 0 {
				if b, ok := blobAt[h]; ok && wall.Sub(b.ModTime) >= p.Grace {
					total -= b.Size
				}
			}
		}
	}
}

// protected marks the checkpoints the size cap never drops: the newest
// one kept, and for each file the newest kept one in which it exists.
func (m *model) protected(drop []bool) []bool {
	prot := make([]bool, len(m.cps))
	newestExisting := map[uint32]int{} // path id → checkpoint index
	last := -1
	for i := range m.cps {
		if drop[i] {
			continue
		}
		last = i
		for _, id := range m.cps[i].ids {
			if v := m.versions[id]; v.exists {
				newestExisting[v.path] = i
			}
		}
	}
	if last >= 0 {
		prot[last] = true
	}
	for _, i := range newestExisting {
		prot[i] = true
	}
	return prot
}

// rewrite replaces the log by one holding only the kept checkpoints and
// the paths and file states they use, then reads it back.
func (l *Log) rewrite(drop []bool, now time.Time, rep *Report) error {
	if len(l.m.problems) > 0 {
		aside, err := keepAside(l.name, now)
		if err != nil {
			return &Error{Name: l.name, Kind: KindIO, Detail: "cannot keep the damaged log aside: " + err.Error(), Err: err}
		}
		rep.KeptAs = aside
	}
	data := l.m.encodeKept(drop)
	if err := l.opt.FS.WriteAtomic(l.name, data); err != nil {
		return &Error{Name: l.name, Kind: KindIO, Detail: "not rewritten: " + err.Error(), Err: err}
	}
	return l.reload()
}

// keepAside links the log to NAME.~YYYYMMDD-HHMMSS~ (then -2~, …), so the
// damaged original survives the rewrite that replaces NAME.
func keepAside(name string, now time.Time) (string, error) {
	base := name + ".~" + now.Format("20060102-150405")
	var err error
	for i := 1; i < 100; i++ {
		to := base + "~"
		if i > 1 {
			to = base + "-" + strconv.Itoa(i) + "~"
		}
		if err = os.Link(name, to); err == nil {
			return to, nil
		}
		if !os.IsExist(err) {
			return "", err
		}
	}
	return "", err
}

// collect removes the blobs no kept checkpoint references (when older
// than grace; none when keepBlobs) and stale temporary files.
func (l *Log) collect(st *store.Store, blobs []store.BlobInfo, grace time.Duration, wall time.Time, keepBlobs bool, rep *Report) {
	if keepBlobs {
		blobs = nil
	}
	used := map[store.Hash]bool{}
	for i := range l.m.cps {
		for _, id := range l.m.cps[i].ids {
			if v := l.m.versions[id]; v.exists {
				used[store.Hash(v.disk.Hash)] = true
			}
		}
	}
	for _, b := range blobs {
		if used[b.Hash] || wall.Sub(b.ModTime) < grace {
			continue
		}
		if st.Remove(b.Hash) == nil {
			rep.Removed++
			rep.Freed += b.Size
		}
	}
	rep.Removed += st.RemoveStaleTemps(wall)
	rep.Removed += safefile.RemoveStaleTemps(filepath.Dir(l.name), wall)
}
