// Package diff computes line diffs between two texts for the undo-tree
// panel's preview, and runs them off the UI goroutine.
//
// # Model
//
// Ropes and Lines compute a minimal line diff with Myers' O(ND)
// algorithm in linear space, grouped into unified hunks with context. The
// algorithm lives in editor/linediff (the editor diffs a file reloaded
// from disk against the buffer with it); this package re-exports it under
// the panel's names. A region whose difference exceeds Options.MaxCost is
// reported as a wholesale replacement and the Result is marked
// Approximate: the diff is always correct (Apply reproduces the new
// text), merely not minimal. Cost: O((N+M)·D) time, O(N+M) space, where D
// is the number of differing lines.
//
// Worker debounces requests (the newest one wins, computed after the
// requests have been quiet for the debounce interval, on a clock.Clock),
// cancels a computation nobody wants any more, caches outcomes
// per Key (the two states' seqs, a mode and the live text's version) and
// tells the UI when one is ready.
//
// # Concurrency
//
// Ropes, Lines and Apply are pure. A Worker's Want may be called from any
// goroutine; its Run loop is one goroutine; jobs receive a context they
// must honour. Results are immutable once published.
package diff
