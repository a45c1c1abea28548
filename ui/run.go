package ui

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/session"
	"github.com/kjx-editor/kjx/ui/diff"
)

// Options configure Run.
type Options struct {
	Panel PanelOptions
	// ASCII draws the panel and status symbols with ASCII only.
	ASCII bool
	// PanelKeys are the [keys.panel] mappings: keys typed while the panel
	// has the keyboard (left) to panel keys (right), in key notation.
	PanelKeys map[string]string
	// Theme replaces the default theme when not nil (and the colour
	// scheme is then not applied).
	Theme *Theme
	// Colors says how colours may be drawn (NO_COLOR, truecolor); RunWith
	// fills TrueColor from the terminal.
	Colors ColorEnv
	// Clock is the UI's time: the panel's ages, the redraw throttle, the
	// 'timeoutlen' wait for held panel keys and the diff preview's
	// debounce. nil is the wall clock.
	Clock clock.Clock
}

// Run runs the session sess (the editor and everything beside it) on the
// terminal screen s until the editor quits or ctx is cancelled. It initialises s and always finalises it, which
// restores the terminal, also when the editor or the UI panics: the panic
// is raised again, with the stack of the goroutine that panicked, once
// the terminal is usable. s must not be initialised yet.
func Run(ctx context.Context, sess *session.Session, s tcell.Screen) error {
	return RunWith(ctx, sess, s, Options{})
}

// RunWith is Run with options.
func RunWith(ctx context.Context, sess *session.Session, s tcell.Screen, opt Options) (err error) {
	if err := s.Init(); err != nil {
		return fmt.Errorf("ui: initialise the terminal: %w", err)
	}
	var once sync.Once
	fini := func() { once.Do(s.Fini) }
	defer fini()
	defer func() {
		if r := recover(); r != nil {
			fini()
			panic(r)
		}
	}()
	s.EnablePaste()
	s.EnableMouse(tcell.MouseButtonEvents)
	opt.Colors.TrueColor = s.Colors() >= 1<<24
	l := newLoop(s, NewTcellSurface(s), opt)
	return l.run(ctx, sess)
}

// crash is a panic caught on a goroutine other than the UI's.
type crash struct {
	where string
	value any
	stack []byte
}

// String reports the crash with the panicking goroutine's stack.
func (c crash) String() string {
	return fmt.Sprintf("%s panicked: %v\n\n%s", c.where, c.value, c.stack)
}

// guard runs f, turning a panic into a crash sent on ch.
func guard(where string, ch chan<- crash, f func()) {
	defer func() {
		if r := recover(); r != nil {
			ch <- crash{where, r, debug.Stack()}
		}
	}()
	f()
}

// published is the newest view.
type published struct {
	mu   sync.Mutex
	view *editor.View
	seq  uint64
	// taken is set when the UI built a frame from view: until then a newer
	// view carries view's messages and output on, so that none is lost
	// (start-up publishes twice before the first frame).
	taken bool
}

// loop is the UI goroutine's state.
type loop struct {
	scr     tcell.Screen
	surf    Surface
	r       *Renderer
	fb      frameBuilder
	in      chan session.Input
	stop    func()        // interrupts the editor's run of keys not typed (CTRL-C)
	wake    chan struct{} // a view was published or a preview is ready
	pub     published
	drawn   uint64 // pub.seq of the view last drawn
	frame   *Frame
	vmode   editor.Mode // mode of the newest view
	pend    string      // pending keys of the newest view
	paste   strings.Builder
	inPaste bool
	lastCR  bool
	ctrlW   bool   // CTRL-W typed in Normal mode while the panel is open
	reqSeq  uint64 // the editor's last UIRequest acted on (uireq.go)
	sync    bool   // the next frame must redraw every cell
	// dirty says the UI's own state changed (the panel, the message
	// line) and the screen must be drawn even without a new view.
	dirty    bool
	preview  atomic.Bool // the diff worker has a new result
	lastDraw time.Time
	clock    clock.Clock

	cfg       session.UIConfig // the configuration applied (uiconfig.go)
	cfgBox    configBox        // a newer one from the editor's goroutine
	pmaps     panelMaps        // [keys.panel]
	held      heldTimer        // the 'timeoutlen' wait for held panel keys
	timeoutMs int              // 'timeoutlen' of the newest view
	col       colourState      // colour scheme and syntax highlighting (colour.go)
}

func newLoop(s tcell.Screen, surf Surface, opt Options) *loop {
	r := NewRenderer()
	if opt.ASCII {
		r.Glyphs = ASCIIGlyphs()
	}
	if opt.Theme != nil {
		r.Theme = *opt.Theme
	}
	l := &loop{scr: s, surf: surf, r: r, in: make(chan session.Input, 256), wake: make(chan struct{}, 1), clock: opt.Clock}
	if l.clock == nil {
		l.clock = clock.Real()
	}
	l.fb.now = l.clock.Now
	l.fb.startup = true
	r.Panel = NewPanel(diff.NewWorker(l.clock, 100*time.Millisecond, func() {
		l.preview.Store(true)
		l.poke()
	}))
	r.Panel.Opts = opt.Panel
	r.Panel.search.notify = func() {
		l.preview.Store(true) // draw: the panel's search found something
		l.poke()
	}
	r.Panel.model.Absolute = opt.Panel.Absolute
	l.cfg = uiConfigOf(opt)
	maps, _ := parsePanelMaps(opt.PanelKeys)
	l.pmaps.set(maps)
	l.timeoutMs = defaultTimeoutLen
	l.col.init(opt, l.poke)
	return l
}

// defaultTimeoutLen is Vim's 'timeoutlen', used until a view says
// otherwise.
const defaultTimeoutLen = 1000

// poke wakes the UI goroutine (from any goroutine).
func (l *loop) poke() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// publish is the editor's publish callback; it runs on the editor's
// goroutine.
func (l *loop) publish(v editor.View) {
	l.pub.mu.Lock()
	if old := l.pub.view; old != nil && !l.pub.taken {
		carryMessages(old, &v)
	}
	l.pub.view, l.pub.taken = &v, false
	l.pub.seq++
	l.pub.mu.Unlock()
	l.poke()
}

// carryMessages puts the messages and output of old, a view never drawn,
// before those of v. One plain message is not carried into a view whose
// mode shows itself ("-- INSERT --"): drawn in time it would have been
// overwritten by that, as in Vim, so what the screen shows does not
// depend on how fast the keys came. Errors and lists are always carried.
func carryMessages(old, v *editor.View) {
	overwritten := len(old.Messages) == 1 && !old.Messages[0].Error && showModes[v.Mode] != "" && v.Mode != old.Mode
	if len(old.Messages) > 0 && !overwritten {
		v.Messages = append(append([]editor.Message(nil), old.Messages...), v.Messages...)
	}
	if len(old.Output) > 0 {
		n := len(old.Output)
		diff := append([][2]int(nil), old.OutputDiff...)
		for _, r := range v.OutputDiff {
			diff = append(diff, [2]int{r[0] + n, r[1] + n})
		}
		v.Output = append(append([]string(nil), old.Output...), v.Output...)
		v.OutputDiff = diff
	}
}

// run is the UI loop: terminal events in, views out. It returns only
// once the session's goroutine has ended (its Run writes the undo files
// last), so that the caller may close the session.
func (l *loop) run(ctx context.Context, sess *session.Session) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	crashes := make(chan crash, 3)
	events := make(chan tcell.Event, 256)
	edDone := make(chan struct{})
	l.stop = sess.Interrupt
	sessEnded := make(chan struct{}) // also after a panic
	l.resized()
	l.r.Panel.search.ctx = ctx
	go func() {
		defer close(sessEnded)
		guard("the editor", crashes, func() {
			sess.RunWith(ctx, l.in, l.publish, session.RunHooks{Config: l.setConfig})
			close(edDone) // not on a panic: that is reported as a crash
		})
	}()
	defer func() {
		cancel()
		<-sessEnded
	}()
	go guard("the diff worker", crashes, func() { l.r.Panel.worker.Run(ctx) })
	go guard("the highlighter", crashes, func() { l.col.worker.Run(ctx) })
	go guard("the terminal reader", crashes, func() { l.scr.ChannelEvents(events, ctx.Done()) })
	// The panel's ages ("12s", "3m") move with the clock.
	const agesEvery = 5 * time.Second
	ages := l.clock.NewTimer(agesEvery)
	defer ages.Stop()
	for {
		select {
		case c := <-crashes:
			panic(c.String()) // RunWith restores the terminal first
		case <-edDone:
			l.drawIfNew(true)
			return nil
		case <-ctx.Done():
			return ctx.Err()
		case ev, ok := <-events:
			if !ok {
				return nil
			}
			l.handle(ev)
		case <-l.wake:
			l.takeConfig()
			l.checkHeldTimeout()
		case now := <-ages.C():
			ages.Reset(agesEvery)
			if l.r.Panel.Open && l.frame != nil {
				l.frame.Undo.Now = now
				l.dirty = true
			}
		}
		// Draw once per batch: not while input waits to be read or
		// applied, nor in the middle of a paste.
		if len(events) > 0 && l.sinceDraw() < 100*time.Millisecond || l.inPaste {
			continue
		}
		l.drawIfNew(len(l.in) == 0)
	}
}

// drawIfNew draws when there is something new to show: a newer view,
// a change of the UI's own state or a finished preview. With settled
// false (input is on its way to the editor) it waits, unless the last
// draw is long ago, so that a stream of input still shows progress.
func (l *loop) drawIfNew(settled bool) {
	wait := !settled && l.sinceDraw() < 100*time.Millisecond
	l.pub.mu.Lock()
	v, seq := l.pub.view, l.pub.seq
	fresh := seq != l.drawn || l.frame == nil
	if v != nil && !wait && fresh {
		l.pub.taken = true // its messages are shown now (publish)
	}
	l.pub.mu.Unlock()
	if v == nil || wait {
		return
	}
	if !fresh && !l.dirty && !l.sync && !l.preview.Swap(false) && !l.col.ready.Load() {
		return
	}
	if fresh {
		l.uiRequest(v.UIRequest)
		l.colourView(v)
		l.frame = l.fb.build(v)
		l.drawn = seq
		l.vmode, l.pend = v.Mode, v.Pending
		if v.Options.TabStop > 0 { // a view with options (not a bare test view)
			l.timeoutMs = v.Options.TimeoutLen
		}
	}
	l.dirty = false
	l.colourFrame()
	l.r.draw(l.surf, l.frame)
	if l.sync {
		l.surf.Sync()
		l.sync = false
	} else {
		l.surf.Show()
	}
	l.lastDraw = l.clock.Now()
}

// sinceDraw is the time since the last frame was shown.
func (l *loop) sinceDraw() time.Duration { return l.clock.Now().Sub(l.lastDraw) }

// refreshMessages shows the message state in the current frame (a view
// is built into a frame only once: its messages are handed over once).
func (l *loop) refreshMessages() {
	if l.frame != nil {
		l.fb.fill(l.frame)
	}
	l.dirty = true
}

// send queues input for the editor.
func (l *loop) send(in session.Input) { l.in <- in }
