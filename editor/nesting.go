package editor

import "github.com/kjx-editor/kjx/editor/exparse"

// cmdNesting is what the commands running one inside the other keep: the
// nesting of Ex command lines (Vim's call_depth, for E169), and the Ex
// and Normal-mode commands and the motions being run. Their handlers get a pointer to the
// command; one per level, reused by the next command at that level, keeps
// a script's lines and keys from each putting a command on the heap.
// No handler keeps the pointer once it returns (the one that waits for a
// search pattern, an operator's / motion, keeps a copy: cmdline.go).
type cmdNesting struct {
	depth int
	cmds  slots[exparse.Cmd]
	ncmds slots[ncmd]
	mctxs slots[mctx] // the motions being evaluated
}

// slots hands out one *T for each level of a stack of calls.
type slots[T any] struct {
	s []*T
	n int
}

// take returns the next level's *T, set to v.
func (p *slots[T]) take(v T) *T {
	if p.n == len(p.s) {
		p.s = append(p.s, new(T))
	}
	x := p.s[p.n]
	*x = v
	p.n++
	return x
}

// release ends the innermost level; its T is cleared, so that it holds
// nothing of its command.
func (p *slots[T]) release() {
	p.n--
	var zero T
	*p.s[p.n] = zero
}
