// Package clock is kjx's one source of time. Everything that reads the
// time or waits for it takes a Clock: the editor core (undo timestamps,
// :earlier 10s, :sleep), the session (the undo-file save timer, the
// 'timeoutlen' wait for held keys, the watchers' debounce), the diff
// worker, the undo-file writer and the UI (ages in the undo panel, the
// redraw throttle).
//
// Two clocks implement it:
//
//   - Real is the wall clock (package time).
//   - Virtual stands still until it is told to move (Advance, or Sleep,
//     which is :sleep in a headless run): tests and `kjx --headless
//     --clock EPOCH` are deterministic with it. Its timers fire when the
//     clock passes their deadline, on the goroutine that moves it.
//
// The package imports nothing of kjx's, so every package may use it.
package clock
