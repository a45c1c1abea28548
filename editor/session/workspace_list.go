package session

// :checkpoints, and the words the workspace commands share.

import (
	"fmt"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/cells"
	"github.com/kjx-editor/kjx/undofile/workspace"
)

// listCheckpoints is :checkpoints: one line per checkpoint, newest first:
// number, time, age, label, and the files changed since the previous
// checkpoint with the lines they added and deleted.
func (s *Session) listCheckpoints() ([]string, error) {
	w := s.workspace()
	if w == nil {
		return nil, s.ws.err
	}
	if err := w.work.wait(); err != nil {
		s.say("%s", firstLine(err))
	}
	if err := w.log.Refresh(); err != nil {
		return nil, err
	}
	list := w.log.List()
	if len(list) == 0 {
		return []string{"No checkpoints yet in " + cells.Sanitize(w.root)}, nil
	}
	now := s.wall.Now()
	out := []string{fmt.Sprintf("%5s  %-16s  %-8s  %s", "#", "time", "age", "label: files changed")}
	for i := len(list) - 1; i >= 0; i-- {
		out = append(out, s.checkpointLine(list[i], now))
	}
	for _, p := range w.log.Problems() {
		out = append(out, "damaged: "+cells.Sanitize(p))
	}
	return out, nil
}

// checkpointLine is one line of :checkpoints.
func (s *Session) checkpointLine(c workspace.Summary, now time.Time) string {
	label := "«" + cells.Sanitize(c.Label) + "»"
	if c.Moved {
		label += " (moved)"
	}
	var files []string
	for _, e := range c.Changed {
		f := cells.Sanitize(e.Path)
		if !e.Exists {
			f += " (absent)"
		}
		files = append(files, fmt.Sprintf("%s +%d −%d", f, e.Added, e.Deleted))
	}
	if len(files) == 0 {
		files = []string{"no change"}
	}
	if c.Lost > 0 {
		files = append(files, fmt.Sprintf("%d lost", c.Lost))
	}
	return fmt.Sprintf("%5d  %-16s  %-8s  %s: %s", c.Number, s.localTime(c.Time).Format("2006-01-02 15:04"),
		age(now.Sub(c.Time)), label, strings.Join(files, ", "))
}

// localTime is t in the editor's time zone.
func (s *Session) localTime(t time.Time) time.Time {
	if loc := s.cfg.Editor.Location; loc != nil {
		return t.In(loc)
	}
	return t.Local()
}

// age says how long ago: "now", "5s ago", "3m ago", "2h ago", "4d ago".
func age(d time.Duration) string {
	switch {
	case d < time.Second:
		return "now"
	case d < time.Minute:
		return fmt.Sprintf("%ds ago", int(d/time.Second))
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d/time.Hour))
	}
	return fmt.Sprintf("%dd ago", int(d/(24*time.Hour)))
}

// firstLine is the first line of an error's text.
func firstLine(err error) string {
	t, _, _ := strings.Cut(err.Error(), "\n")
	return t
}

// workspaceStats are :undostats' lines about the workspace history: its
// checkpoints, files, the store's blobs, sizes and dedup ratio.
func (s *Session) workspaceStats() []string {
	if s.cfg.WorkDir == "" {
		return nil
	}
	w := s.workspace()
	if w == nil {
		return []string{"Workspace history: none (" + firstLine(s.ws.err) + ")"}
	}
	if err := w.work.wait(); err != nil {
		s.say("%s", firstLine(err))
	}
	st, err := w.log.Stats(w.st)
	if err != nil {
		return []string{"Workspace history of " + cells.Sanitize(w.root) + ": " + cells.Sanitize(firstLine(err))}
	}
	out := []string{
		fmt.Sprintf("Workspace history of %s: %d %s, %d %s known, %s on disk",
			cells.Sanitize(w.root), st.Checkpoints, plural(st.Checkpoints, "checkpoint"), st.Files, plural(st.Files, "file"), humanSize(st.DiskBytes())),
		fmt.Sprintf("Store: %d %s, %s on disk holding %s of text, dedup ratio %.1f×, %d unreferenced",
			st.Blobs, plural(st.Blobs, "blob"), humanSize(st.BlobBytes), humanSize(st.TextBytes), st.DedupRatio(), st.Unreferenced),
	}
	if st.Problems > 0 {
		out = append(out, fmt.Sprintf("Checkpoint log: %d damaged %s skipped", st.Problems, plural(st.Problems, "record")))
	}
	return out
}

// checkpointItems are the checkpoints for the :rewind picker, newest
// first, each with its :checkpoints line.
func (s *Session) checkpointItems() ([]editor.CheckpointItem, error) {
	w := s.workspace()
	if w == nil {
		return nil, s.ws.err
	}
	if err := w.work.wait(); err != nil {
		s.say("%s", firstLine(err))
	}
	if err := w.log.Refresh(); err != nil {
		return nil, err
	}
	list := w.log.List()
	now := s.wall.Now()
	items := make([]editor.CheckpointItem, 0, len(list))
	for i := len(list) - 1; i >= 0; i-- {
		items = append(items, editor.CheckpointItem{Number: list[i].Number, Label: list[i].Label, Line: s.checkpointLine(list[i], now)})
	}
	return items, nil
}
