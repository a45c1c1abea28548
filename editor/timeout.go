package editor

import "time"

// 'timeoutlen': while typed keys are held as the possible start of a
// longer mapping (mapping.go), Run waits at most 'timeoutlen'
// milliseconds for the next key; then the held keys count on their own
// (flushHeld), as in Vim with 'timeout' on. Headless runs flush at the
// end of every step instead (EndStep).

// heldWait is Run's timer for held mapping keys. It belongs to Run's
// goroutine.
type heldWait struct {
	t  *time.Timer
	ch <-chan time.Time // nil while nothing is held
}

// arm starts waiting when e holds keys, or stops waiting when it does not.
// A wait already running for the same held keys restarts: each batch of
// input ends with the newest key typed, which is what Vim times from.
func (h *heldWait) arm(e *Editor) {
	h.stop()
	if len(e.maps.held) == 0 {
		return
	}
	h.t = time.NewTimer(time.Duration(max(e.opt.TimeoutLen, 0)) * time.Millisecond)
	h.ch = h.t.C
}

// stop ends the wait.
func (h *heldWait) stop() {
	if h.t != nil {
		h.t.Stop()
	}
	h.t, h.ch = nil, nil
}

// expired is called when the wait ends: the held keys are used as they
// are (or as the left side they complete).
func (h *heldWait) expired(e *Editor) {
	h.t, h.ch = nil, nil
	e.flushHeld()
}
