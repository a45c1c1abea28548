package ui

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/session"
)

// The configuration the UI applies itself ([panel], [keys.panel]) arrives
// from the editor's goroutine (session.RunHooks.Config) at start-up and
// after every reload of the configuration file; it is handed to the UI
// goroutine through a one-slot mailbox and applied there, so that a saved
// change shows at once in an open panel.

// configBox holds the newest configuration not applied yet.
type configBox struct {
	mu  sync.Mutex
	cfg *session.UIConfig
}

// heldTimer ends the wait for the rest of a panel mapping after
// 'timeoutlen'. Each start makes a new generation; only the newest
// generation's expiry counts.
type heldTimer struct {
	gen   uint64
	fired atomic.Uint64
	t     clock.Timer
}

// setConfig is the editor's Config hook: it runs on the editor's
// goroutine and only posts the configuration.
func (l *loop) setConfig(c session.UIConfig) {
	l.cfgBox.mu.Lock()
	l.cfgBox.cfg = &c
	l.cfgBox.mu.Unlock()
	l.poke()
}

// takeConfig applies a posted configuration, if any (UI goroutine).
func (l *loop) takeConfig() {
	l.cfgBox.mu.Lock()
	c := l.cfgBox.cfg
	l.cfgBox.cfg = nil
	l.cfgBox.mu.Unlock()
	if c != nil {
		l.applyConfig(*c)
	}
}

// applyConfig makes c the UI's configuration: the panel's side, width,
// preview place and glyphs follow it at once; the time format only when
// its configured value changed (so that t survives an unrelated reload);
// the panel's key maps are replaced.
func (l *loop) applyConfig(c session.UIConfig) {
	p := l.r.Panel
	old := l.cfg
	l.cfg = c
	resize := p.Opts.Right != c.PanelRight || p.Opts.Width != c.PanelWidth || p.Opts.Diff != diffPlace(c.PanelDiff)
	p.Opts.Right, p.Opts.Width, p.Opts.Diff = c.PanelRight, c.PanelWidth, diffPlace(c.PanelDiff)
	if c.PanelAbsolute != old.PanelAbsolute {
		p.Opts.Absolute = c.PanelAbsolute
		p.model.Absolute = c.PanelAbsolute
	}
	if c.PanelASCII {
		l.r.Glyphs = ASCIIGlyphs()
	} else {
		l.r.Glyphs = UnicodeGlyphs()
	}
	maps, _ := parsePanelMaps(c.PanelKeys) // config has reported bad entries
	l.pmaps.set(maps)
	if resize && p.Open {
		l.resized()
	}
	l.dirty = true
}

// OptionsFor returns the UI options that configuration c stands for (the
// inverse of what the UI reports back through the editor's Config hook):
// what cmd/kjx passes at start-up, so that [panel] and [keys.panel] apply
// even when the configuration file is not watched.
func OptionsFor(c session.UIConfig) Options {
	return Options{
		Panel:     PanelOptions{Right: c.PanelRight, Width: c.PanelWidth, Diff: diffPlace(c.PanelDiff), Absolute: c.PanelAbsolute},
		ASCII:     c.PanelASCII,
		PanelKeys: c.PanelKeys,
	}
}

// uiConfigOf is the configuration that opt stands for.
func uiConfigOf(opt Options) session.UIConfig {
	return session.UIConfig{
		PanelRight: opt.Panel.Right, PanelWidth: opt.Panel.Width, PanelDiff: opt.Panel.Diff.String(),
		PanelAbsolute: opt.Panel.Absolute, PanelASCII: opt.ASCII, PanelKeys: opt.PanelKeys,
	}
}

// String returns the configuration's name of the place.
func (d DiffPlace) String() string {
	switch d {
	case DiffAuto:
		return "auto"
	case DiffBottom:
		return "bottom"
	case DiffReplace:
		return "replace"
	case DiffOff:
		return "off"
	}
	return "below"
}

// panelTyped handles a key typed while the panel has the keyboard: the
// panel's key maps first, then the panel.
func (l *loop) panelTyped(k editor.Key) {
	l.panelKeys(l.pmaps.feed(k))
	if l.pmaps.holding() {
		l.startHeldTimer()
	}
}

// panelKeys gives keys to the panel; when one of them gives the keyboard
// back to the text, the rest go to the editor as typed.
func (l *loop) panelKeys(keys []editor.Key) {
	p := l.r.Panel
	for i, k := range keys {
		if !p.Open || !p.Focus {
			l.send(session.Input{Keys: keys[i:]})
			return
		}
		l.panelKey(k)
	}
}

// flushPanelHeld gives the keys held for a panel mapping to the panel.
func (l *loop) flushPanelHeld() {
	if l.pmaps.holding() {
		l.panelKeys(l.pmaps.flush())
	}
}

// startHeldTimer starts the 'timeoutlen' wait for held panel keys.
func (l *loop) startHeldTimer() {
	h := &l.held
	h.gen++
	if h.t != nil {
		h.t.Stop()
	}
	gen := h.gen
	h.t = l.clock.AfterFunc(l.timeoutLen(), func() {
		h.fired.Store(gen)
		l.poke()
	})
}

// checkHeldTimeout flushes held panel keys whose wait has ended. Keys
// typed again after a shorter left side may be held anew: they wait
// another 'timeoutlen', as in Vim.
func (l *loop) checkHeldTimeout() {
	if l.held.fired.Load() == l.held.gen && l.pmaps.holding() {
		l.flushPanelHeld()
		if l.pmaps.holding() && l.r.Panel.Focus {
			l.startHeldTimer()
		}
	}
}

// timeoutLen is 'timeoutlen' of the newest view.
func (l *loop) timeoutLen() time.Duration {
	return time.Duration(l.timeoutMs) * time.Millisecond
}
