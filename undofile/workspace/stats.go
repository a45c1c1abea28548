package workspace

import (
	"time"

	"github.com/kjx-editor/kjx/undofile/store"
)

// Stats describes a workspace's history for :undostats.
type Stats struct {
	Checkpoints    int
	Oldest, Newest time.Time // zero without checkpoints
	Files          int       // files the newest checkpoint records
	Problems       int       // damaged records skipped
	LogBytes       int64     // size of the checkpoint log
	Blobs          int       // blobs in the store
	BlobBytes      int64     // their size on disk
	TextBytes      int64     // the text they hold, uncompressed
	Unreferenced   int       // blobs no checkpoint references (collected by Maintain)
	// LogicalBytes is what storing every checkpoint's stored texts in
	// full would take: for each checkpoint, the sizes of its files whose
	// text is in the store.
	LogicalBytes int64
}

// DedupRatio is LogicalBytes / TextBytes: how many times over
// deduplication saves (0 without stored text).
func (s Stats) DedupRatio() float64 {
	if s.TextBytes == 0 {
		return 0
	}
	return float64(s.LogicalBytes) / float64(s.TextBytes)
}

// DiskBytes is the whole history's size on disk: log and blobs.
func (s Stats) DiskBytes() int64 { return s.LogBytes + s.BlobBytes }

// Stats reads the store's directory and the blob headers (off the
// editor's goroutine) and returns the statistics.
func (l *Log) Stats(st *store.Store) (Stats, error) {
	blobs, err := st.Blobs()
	if err != nil {
		return Stats{}, &Error{Name: l.name, Kind: KindIO, Detail: err.Error(), Err: err}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	s := Stats{Checkpoints: len(l.m.cps), Problems: len(l.m.problems), LogBytes: l.size(), Blobs: len(blobs)}
	if n := len(l.m.cps); n > 0 {
		s.Oldest, s.Newest = time.Unix(l.m.cps[0].time, 0), time.Unix(l.m.cps[n-1].time, 0)
		s.Files = len(l.m.cps[n-1].ids)
	}
	stored := make(map[store.Hash]bool, len(blobs))
	for _, b := range blobs {
		s.BlobBytes += b.Size
		if n, ok := st.TextSize(b.Hash); ok {
			s.TextBytes += n
			stored[b.Hash] = true
		}
	}
	used := map[store.Hash]bool{}
	for i := range l.m.cps {
		for _, id := range l.m.cps[i].ids {
			v := l.m.versions[id]
			if h := store.Hash(v.disk.Hash); v.exists && stored[h] {
				s.LogicalBytes += v.disk.Size
				used[h] = true
			}
		}
	}
	s.Unreferenced = len(stored) - len(used)
	return s, nil
}
