package session

// Live configuration: the configuration file is watched while the session
// runs interactively, with the same file watcher as the open files
// (editor/diskwatch), and each reload is applied to the options at once.
// Only the options whose configured value changed are touched, so a value
// set with :set during the session survives a reload that is about
// something else. The user's guide is docs/disk-changes.md.

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/diskwatch"
	"github.com/kjx-editor/kjx/editor/options"
)

// OptionsFromConfig returns base with every option that the configuration
// sets replaced by its value: each option of the option table that has a
// configuration key (the [editor] table and, from [undo], 'undolevels',
// 'undofile' and 'undodir'), and the state of :syntax and :colorscheme.
// The other options ('report', 'nrformats', …) keep base's values. With
// base editor.DefaultOptions() it is the editor's options at start-up.
func OptionsFromConfig(c config.Config, base editor.Options) editor.Options {
	o := base
	for i := range options.Table() {
		d := &options.Table()[i]
		if v, ok := c.Option(d.Config); ok {
			_ = d.Set(&o, v) // config's values have the table's types (TestOptionsFromConfig)
		}
	}
	o.Syntax, o.ColorScheme = c.Editor.Syntax, c.Editor.ColorScheme // :syntax and :colorscheme, not :set options
	return o
}

// configLive is the state of the configuration watch.
type configLive struct {
	w    fileWatcher      // watches the file (nil: not watching)
	r    *config.Reloader // reads it again
	cur  config.Config    // the configuration applied last
	path string
}

// WatchConfig watches the configuration file at path, with batches
// debounced by debounce on the session's clock, and applies every reload
// while Run runs: the options whose configured value changed take the new
// value, and the file's problems are shown as warnings that say the
// previous setting is kept. current is the configuration in use, as
// config.Load returned it at start-up. The watch ends with Close. It
// fails when the file's directory cannot be watched (wrapping
// fs.ErrNotExist when it does not exist).
func (s *Session) WatchConfig(path string, current config.Config, debounce time.Duration) error {
	w, err := diskwatch.New(s.clock, debounce)
	if err != nil {
		return fmt.Errorf("watching the configuration file: %w", err)
	}
	if err := s.watchConfigWith(w, path, current); err != nil {
		_ = w.Close() // the Add's error is the one to report
		return err
	}
	return nil
}

// watchConfigWith is WatchConfig with the watcher given (tests give a
// fake).
func (s *Session) watchConfigWith(w fileWatcher, path string, current config.Config) error {
	if err := w.Add(path); err != nil {
		return fmt.Errorf("watching the configuration file: %w", err)
	}
	_ = s.stopConfigWatch()
	s.live = configLive{w: w, r: config.NewReloader(path, s.env, current), cur: current, path: path}
	return nil
}

// stopConfigWatch ends the watch of the configuration file.
func (s *Session) stopConfigWatch() error {
	w := s.live.w
	if w == nil {
		return nil
	}
	s.live.w = nil
	return w.Close()
}

// configEvents is the channel Run receives the configuration watcher's
// batches on (nil when the configuration is not watched).
func (s *Session) configEvents() <-chan []diskwatch.Event {
	if s.live.w == nil {
		return nil
	}
	return s.live.w.Events()
}

// configErrors is the channel of the configuration watcher's own errors
// (nil when the configuration is not watched, or the watcher has none).
func (s *Session) configErrors() <-chan error {
	if s.live.w == nil {
		return nil
	}
	return s.live.w.Errors()
}

// onConfigEvents handles one receive from configEvents: the file may have
// changed, so it is read again and, when its bytes changed, applied. ok
// false means the watch ended.
func (s *Session) onConfigEvents(_ []diskwatch.Event, ok bool) {
	if !ok {
		s.live.w = nil
		return
	}
	if u, changed := s.live.r.Reload(); changed {
		s.ApplyConfig(u.Config, u.Errs)
	}
}

// onConfigError handles an error of the watch itself: reported as a
// problem of the file, the previous settings kept.
func (s *Session) onConfigError(err error, ok bool) {
	if !ok {
		return
	}
	u := s.live.r.WatchFailed(err)
	s.ApplyConfig(u.Config, u.Errs)
}

// ApplyConfig applies a reloaded configuration: each option whose value
// differs between the configuration applied last (the one given to
// WatchConfig, at first; without WatchConfig, the zero Config, so that
// every option is applied) and c takes c's value, running what :set runs
// after it; the undo limits and the key mappings are replaced; errs are
// shown as warnings. It reports the change as
// `"PATH" reloaded: tabstop=4 nonumber`.
func (s *Session) ApplyConfig(c config.Config, errs []error) {
	before, after := OptionsFromConfig(s.live.cur, editor.DefaultOptions()), OptionsFromConfig(c, editor.DefaultOptions())
	if c.Undo != s.live.cur.Undo {
		s.applyUndoConfig(c.Undo) // limits and intervals of later undo-file writes
	}
	s.live.cur = c
	if err := s.ed.SetMappings(c.Keys.Normal, c.Keys.Insert); err != nil {
		errs = append(errs, err)
	}
	changed := s.ed.ApplyOptions(before, after)
	name := s.live.path
	if name == "" {
		name = "configuration"
	}
	switch {
	case len(changed) > 0:
		s.ed.ShowMessage(fmt.Sprintf("%q reloaded: %s", name, strings.Join(changed, " ")))
	case len(errs) == 0:
		s.ed.ShowMessage(fmt.Sprintf("%q reloaded: no editor option changed", name))
	}
	for _, err := range errs {
		s.ed.ShowWarning(liveConfigError(err))
	}
}

// liveConfigError words a configuration problem found by a reload: the
// value in use stays what it was (the Reloader falls back to the previous
// good configuration), which the message says instead of "using".
func liveConfigError(err error) string {
	s := err.Error()
	var ce *config.Error
	if errors.As(err, &ce) && ce.Key == "" && strings.HasSuffix(s, " (file ignored)") {
		return strings.TrimSuffix(s, " (file ignored)") + "; keeping the previous settings"
	}
	if i := strings.LastIndex(s, " (using "); i >= 0 && strings.HasSuffix(s, ")") {
		return s[:i] + "; keeping the previous setting (" + s[i+len(" (using "):]
	}
	if strings.Contains(s, "unknown key") {
		return s + "; ignored"
	}
	return s
}

// UIConfig is the part of the configuration that the UI applies itself:
// the undo-tree panel's [panel] options and [keys.panel] key maps.
type UIConfig struct {
	PanelRight    bool   // panel.side = "right"
	PanelWidth    int    // panel.width
	PanelDiff     string // panel.diff: "auto", "below", "bottom", "replace" or "off"
	PanelAbsolute bool   // panel.time_format = "absolute"
	PanelASCII    bool   // panel.glyphs = "ascii"
	// PanelKeys maps keys typed while the panel has the keyboard to panel
	// keys, both in key notation (validated by package config).
	PanelKeys map[string]string
}

// UIConfigFrom returns the UI's part of c.
func UIConfigFrom(c config.Config) UIConfig {
	return UIConfig{
		PanelRight:    c.Panel.Side == config.SideRight,
		PanelWidth:    c.Panel.Width,
		PanelDiff:     string(c.Panel.Diff),
		PanelAbsolute: c.Panel.TimeFormat == config.TimeAbsolute,
		PanelASCII:    c.Panel.Glyphs == config.GlyphsASCII,
		PanelKeys:     c.Keys.Panel,
	}
}
