// Package histsearch searches an undo history for text: which states'
// changes added or removed text matching a Vim pattern (the undo panel's
// / and ?), and which state last held text that the current text no
// longer has (:undograb). It reads immutable undo snapshots only, so any
// goroutine may run it; the panel runs it on its own goroutine, the
// editor on its own for :undograb.
//
// # Model
//
// A state matches a Query when one of the changes that made it (from its
// parent) removed text matching the pattern (a Change's Old) or added
// some (its New), or when its checkpoint label or its source ("typed",
// "paste", "ex", "restore", ...) matches. The text of a change is a
// fragment: ^ and \< see its start as a line start. Only non-empty
// matches count, so "x*" does not match every state.
//
// Grab answers "where did this text go": the most recent state whose text
// held a match of the pattern in lines the current text no longer has.
// It looks only at states whose own change, or whose child's change,
// touched matching text (a removal of it, or the state's own addition of
// it), newest first, and confirms each candidate with a line diff against
// the current text: a candidate counts when a hunk's removed lines hold a
// match. Those lines are the result.
//
// # Complexity
//
// Scan visits each state once: a binary search for its node plus the
// pattern over the strings of its changes, so O(n log n + bytes changed).
// Grab scans the same way, then computes the text of each candidate from
// the previous one (undo.Snapshot.TextFrom) and diffs it with the current
// text: O(n log n + bytes changed + candidates × (path + diff)).
package histsearch
