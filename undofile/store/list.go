package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/kjx-editor/kjx/undofile/internal/safefile"
)

// BlobInfo describes one blob file.
type BlobInfo struct {
	Hash    Hash
	Size    int64 // bytes on disk
	ModTime time.Time
}

// Blobs lists the blob files of the store: regular files whose name is a
// hash, in a fan-out directory named by its first two digits. Anything
// else in the directory is ignored. A missing store has no blobs.
func (s *Store) Blobs() ([]BlobInfo, error) {
	subs, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store %s: %w", s.dir, err)
	}
	var out []BlobInfo
	for _, sub := range subs {
		if !sub.IsDir() || len(sub.Name()) != 2 {
			continue
		}
		ents, err := os.ReadDir(filepath.Join(s.dir, sub.Name()))
		if err != nil {
			return out, fmt.Errorf("store %s: %w", s.dir, err)
		}
		for _, e := range ents {
			h, ok := ParseHash(e.Name())
			if !ok || !e.Type().IsRegular() || e.Name()[:2] != sub.Name() {
				continue
			}
			fi, err := e.Info()
			if err != nil {
				continue // removed meanwhile
			}
			out = append(out, BlobInfo{Hash: h, Size: fi.Size(), ModTime: fi.ModTime()})
		}
	}
	return out, nil
}

// RemoveStaleTemps removes the temporary files that writers killed in the
// middle of a Put left in the store, and returns how many.
func (s *Store) RemoveStaleTemps(now time.Time) int {
	subs, err := os.ReadDir(s.dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, sub := range subs {
		if sub.IsDir() && len(sub.Name()) == 2 {
			n += safefile.RemoveStaleTemps(filepath.Join(s.dir, sub.Name()), now)
		}
	}
	return n
}
