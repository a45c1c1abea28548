package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui"
)

// Panel frame sizes and repetitions of workload 6.
const (
	panelWidth, panelHeight = 200, 60
	panelFrames             = 201
)

// measurePanel replays j's script in an editor inside this process (as
// kjx --headless --clean -S does), checks that the text is want (the
// file's bytes), then draws the undo-tree panel over the resulting tree
// and records the frame times (milliseconds) in r.Extra; frame_ms is the
// median redraw, the number the goal is about.
func measurePanel(j *job, want string, r *result) error {
	path, err := render(j, edKjx, j.script, "script")
	if err != nil {
		return err
	}
	cfg := session.Config{Editor: editor.Config{Options: editor.DefaultOptions(), Clean: true}, Clock: clock.Real()}
	if j.script.Clock != 0 {
		cfg.Clock = clock.NewVirtual(time.Unix(j.script.Clock, 0))
	}
	s := session.New(cfg)
	ed := s.Editor()
	if err := ed.Open(j.input); err != nil {
		return fmt.Errorf("open %s: %w", j.input, err)
	}
	start := time.Now()
	if _, err := s.Step(session.Step{Kind: session.StepSource, Arg: path}); err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	replay := time.Since(start)
	v := ed.TakeView()
	if got := v.Text.String(); got != strings.TrimSuffix(want, "\n") {
		return fmt.Errorf("replay: the text differs from endContent (%d bytes, want %d)", len(got), len(want)-1)
	}
	t := ui.MeasurePanel(&v, panelWidth, panelHeight, panelFrames)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	r.Extra["nodes"] = float64(t.Nodes)
	r.Extra["replay_s"] = replay.Seconds()
	r.Extra["first_frame_ms"] = ms(t.First)
	r.Extra["frame_ms"] = ms(t.Frame)
	r.Extra["move_frame_ms"] = ms(t.Move)
	r.note(fmt.Sprintf("frames of %d×%d cells with the panel open and focused, medians of %d; no diff pane (computed off the editor goroutine)",
		panelWidth, panelHeight, panelFrames))
	return nil
}
