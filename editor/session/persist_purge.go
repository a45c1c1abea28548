package session

import (
	"fmt"
	"time"

	"github.com/kjx-editor/kjx/undofile"
)

// prunePlan is :undostats prune: every history the next retention pass
// would delete (unused for 'persist_days'), deleting nothing.
func (s *Session) prunePlan() ([]string, error) {
	dir, err := s.undoDir()
	if err != nil {
		return nil, fmt.Errorf("E828: no undo directory: %v", err)
	}
	days := s.undoConf().PersistDays
	hs, err := undofile.PrunePlan(dir, time.Duration(days)*24*time.Hour, s.wall.Now())
	if err != nil {
		return nil, err
	}
	if len(hs) == 0 {
		return []string{fmt.Sprintf("No history unused for %d days: the next start deletes nothing", days)}, nil
	}
	out := []string{fmt.Sprintf("Unused for %d days, deleted at the next start (nothing is deleted now): %d", days, len(hs))}
	for _, h := range hs {
		out = append(out, "  "+historyName(h))
	}
	return out, nil
}

// purge is :undopurge: the history of the file at the absolute path
// target, or every orphaned history (target "orphans"), deleted now.
func (s *Session) purge(target string) ([]string, error) {
	dir, err := s.undoDir()
	if err != nil {
		return nil, fmt.Errorf("E828: no undo directory: %v", err)
	}
	var hs []undofile.History
	if target == "orphans" {
		if hs, err = undofile.Orphans(dir); err != nil {
			return nil, err
		}
	} else {
		ix, err := undofile.LoadIndex(dir)
		if err != nil {
			return nil, err
		}
		for _, h := range ix.Histories() {
			if h.Path == target {
				hs = append(hs, h)
			}
		}
		if len(hs) == 0 {
			return nil, fmt.Errorf("E475: no history of %s in %s", target, dir)
		}
	}
	n, err := undofile.Remove(dir, hs)
	out := []string{fmt.Sprintf("%d histor%s deleted", n, map[bool]string{true: "y", false: "ies"}[n == 1])}
	for _, h := range hs[:min(len(hs), 10)] {
		out = append(out, "  "+historyName(h))
	}
	return out, err
}

// historyName is how a history is named in a list: its file, or its undo
// file when the path is not known.
func historyName(h undofile.History) string {
	if h.Path != "" {
		return h.Path
	}
	return h.Name
}
