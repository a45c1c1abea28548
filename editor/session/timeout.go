package session

import (
	"time"

	"github.com/kjx-editor/kjx/editor/clock"
)

// 'timeoutlen': while typed keys are held as the possible start of a
// longer mapping (editor/mapping.go), Run waits at most 'timeoutlen'
// milliseconds for the next key; then the held keys count on their own
// (Editor.TimeOutHeldKeys), as in Vim with 'timeout' on. Headless runs
// use them at the end of every step instead (Editor.EndStep).

// heldWait is Run's timer for held mapping keys, on the session's clock.
// It belongs to Run's goroutine.
type heldWait struct {
	t clock.Timer
}

// arm starts waiting when the core holds keys, or stops waiting when it
// does not. A wait already running for the same held keys restarts: each
// batch of input ends with the newest key typed, which is what Vim times
// from.
func (h *heldWait) arm(s *Session) {
	h.stop()
	if !s.ed.HoldsKeys() {
		return
	}
	h.t = s.clock.NewTimer(time.Duration(max(s.ed.Options().TimeoutLen, 0)) * time.Millisecond)
}

// ch is the channel the wait ends on (nil while nothing is held).
func (h *heldWait) ch() <-chan time.Time {
	if h.t == nil {
		return nil
	}
	return h.t.C()
}

// stop ends the wait.
func (h *heldWait) stop() {
	if h.t != nil {
		h.t.Stop()
	}
	h.t = nil
}

// expired is called when the wait ends: the held keys are used as they
// are (or as the left side they complete).
func (h *heldWait) expired(s *Session) {
	h.t = nil
	s.ed.TimeOutHeldKeys()
}
