// Package motion implements Vim's cursor motions and text objects as pure
// functions over an immutable buffer.Rope.
//
// (Full documentation in progress; see the function comments.)
package motion
