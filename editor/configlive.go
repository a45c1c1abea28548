package editor

// Live configuration: the configuration file is watched while the editor
// runs interactively, and each reload is applied to the options at once.
// Only the options whose configured value changed are touched, so a value
// set with :set during the session survives a reload that is about
// something else. The user's guide is docs/disk-changes.md.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor/options"
)

// OptionsFromConfig returns base with every option that the configuration
// sets replaced by its value: each option of the option table that has a
// configuration key (the [editor] table and, from [undo], 'undolevels',
// 'undofile' and 'undodir'). The other options ('report', 'nrformats', …)
// keep base's values. With base DefaultOptions() it is the editor's
// options at start-up.
func OptionsFromConfig(c config.Config, base Options) Options {
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
	ch   <-chan config.Update // nil: not watching
	cur  config.Config        // the configuration applied last
	path string
}

// WatchConfig watches the configuration file at path (config.Watch, with
// debounce and clock; nil clock is the system clock) and applies every
// reload while Run runs: the options whose configured value changed take
// the new value, and the file's problems are shown as warnings that say
// the previous setting is kept. current is the configuration in use, as
// config.Load returned it at start-up. The watch ends with ctx. Call it
// before Run, from the editor's goroutine.
func (e *Editor) WatchConfig(ctx context.Context, path string, env config.Env, current config.Config, debounce time.Duration, clock config.Clock) error {
	ch, err := config.Watch(ctx, path, env, current, debounce, clock)
	if err != nil {
		return fmt.Errorf("watching the configuration file: %w", err)
	}
	e.live = configLive{ch: ch, cur: current, path: path}
	return nil
}

// configUpdates is the channel Run receives reloads on (nil when the
// configuration is not watched).
func (e *Editor) configUpdates() <-chan config.Update { return e.live.ch }

// onConfigUpdate handles one receive from configUpdates; ok false means
// the watch ended.
func (e *Editor) onConfigUpdate(u config.Update, ok bool) {
	if !ok {
		e.live.ch = nil
		return
	}
	e.ApplyConfig(u.Config, u.Errs)
}

// ApplyConfig applies a reloaded configuration: each option whose value
// differs between the configuration applied last (the one given to
// WatchConfig, at first; without WatchConfig, the zero Config, so that
// every option is applied) and c takes c's value, running what :set runs
// after it; errs are shown as warnings. It reports the change as
// `"PATH" reloaded: tabstop=4 nonumber`.
func (e *Editor) ApplyConfig(c config.Config, errs []error) {
	before, after := OptionsFromConfig(e.live.cur, DefaultOptions()), OptionsFromConfig(c, DefaultOptions())
	if c.Undo != e.live.cur.Undo {
		e.applyUndoConfig(c.Undo) // limits and intervals of later undo-file writes
	}
	e.live.cur = c
	if err := e.SetMappings(c.Keys.Normal, c.Keys.Insert); err != nil {
		errs = append(errs, err)
	}
	var changed []string
	for i := range options.Table() {
		d := &options.Table()[i]
		if bufLocalOption[d.Name] != nil || d.Equal(&before, &after) {
			continue
		}
		d.Copy(&e.opt, &after)
		if f := optionAfter[d.Name]; f != nil {
			f(e)
		}
		changed = append(changed, strings.TrimSpace(e.optionString(d)))
	}
	changed = e.applyColourConfig(before, after, changed)
	name := e.live.path
	if name == "" {
		name = "configuration"
	}
	switch {
	case len(changed) > 0:
		e.msg("%q reloaded: %s", name, strings.Join(changed, " "))
	case len(errs) == 0:
		e.msg("%q reloaded: no editor option changed", name)
	}
	for _, err := range errs {
		e.warnMsg(liveConfigError(err))
	}
}

// liveConfigError words a configuration problem found by a reload: the
// value in use stays what it was (config.Watch falls back to the previous
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
