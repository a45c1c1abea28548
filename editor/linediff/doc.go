// Package linediff computes line diffs between two texts: Myers' O(ND)
// algorithm in linear space (E. W. Myers, "An O(ND) Difference Algorithm
// and Its Variations", Algorithmica 1986).
//
// # Model
//
// Ropes and Lines compute a minimal line diff (common prefix and suffix
// trimmed first, lines interned to integers), grouped into unified hunks
// with context. A region whose difference exceeds Options.MaxCost is
// reported as a wholesale replacement and the Result is marked
// Approximate: the diff is always correct (Apply reproduces the new
// text), merely not minimal when the texts have little in common.
// Cost: O((N+M)·D) time, O(N+M) space, where D is the number of differing
// lines.
//
// # Concurrency
//
// Every function is pure: it reads its arguments (immutable ropes,
// slices it does not modify) and returns fresh values.
package linediff
