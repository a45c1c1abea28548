// Package linediff computes line diffs between two texts with Myers'
// O(ND) algorithm in linear space (E. W. Myers, "An O(ND) Difference
// Algorithm and Its Variations", Algorithmica 1986). It serves two
// clients: the editor, which records a file reloaded from disk as one
// undo step holding only the lines that changed (Changes), and the
// undo-tree panel's diff preview in ui/diff (Ropes, Lines, hunks).
//
// # Text model
//
// A text is a buffer.Rope whose lines are joined by "\n", without a final
// newline: n newlines make n+1 lines, the last possibly empty, so "a\n"
// is the two lines "a" and "". Bytes are compared as they are: CRLF
// lines end in '\r', invalid UTF-8 is just bytes.
//
// # Changes
//
// Changes(a, b) returns buffer.Changes, in ascending order with offsets
// as ApplyAll expects them, such that a.ApplyAll(changes) equals b and
// the inverses applied in reverse order give a back. Each change replaces
// one run of differing lines: when lines are replaced, the change covers
// their content and the newlines between them; when lines are only
// removed or only inserted, it covers them and one separating newline
// (the one after them, or the one before when they end the text). So a
// change never carries an unchanged line, and its strings are fresh
// copies that keep neither text alive.
//
// The work is proportional to what differs, not to the file:
//
//  1. the common prefix and suffix are found by comparing the ropes
//     chunk by chunk (memcmp speed, no copy) and widened to whole lines;
//  2. the lines in between are hashed where they lie in the chunks
//     (maphash, fresh seed per call) and recorded by offset;
//  3. Myers diffs the hash sequences;
//  4. every run of lines the script keeps is compared byte for byte,
//     and on a hash collision the lines are interned exactly and the
//     diff recomputed, so the result never depends on hash luck;
//  5. the changes' text is copied out into one string.
//
// Cost: O(P + L + (N+M)·D) for P bytes of common prefix and suffix, L
// bytes in the middle, N and M middle lines and D differing lines. The
// search is bounded (D per region, and total work of 4M steps plus 32
// per middle line); past a bound a region is replaced wholesale and the
// result stays correct, merely not minimal. Measured on a loaded 2-core
// machine: 10 000 lines with 10 changed lines spread out, about 0.5 ms of
// CPU; 1 000 000 lines with one changed line, about 10 ms (reading both
// texts once); two unrelated 10 000-line texts, about 20 ms.
//
// # Ropes, Lines and hunks
//
// Ropes and Lines compute a minimal line diff grouped into unified hunks
// with context lines, for display. A region whose difference exceeds
// Options.MaxCost is reported as a wholesale replacement and the Result
// is marked Approximate: Apply always reproduces the new text.
//
// # Testing
//
// Property tests check Changes against a quadratic LCS model (minimal
// line counts, no more bytes than the differing lines) on random texts
// with CRLF, invalid UTF-8, empty texts and missing final newlines, built
// into ropes with varied leaf boundaries; FuzzChanges does the same on
// arbitrary input. Under -tags kjxtiny ropes have 4..16-byte leaves, so
// lines straddle chunks everywhere:
//
//	go test -tags kjxtiny ./editor/linediff
//	go test -fuzz FuzzChanges ./editor/linediff
//
// # Concurrency
//
// Every function is pure: it reads immutable ropes and slices it does not
// modify and returns fresh values, so any goroutine may call it, e.g. to
// diff a reloaded file off the editor's goroutine. Changes and Ropes
// honour ctx and return its error, wrapped, when it is cancelled.
package linediff
