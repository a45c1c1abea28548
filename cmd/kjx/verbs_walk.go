package main

// The walk through a history that kjx history counts lines with.

import (
	"fmt"
	"slices"
	"sort"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// treeWalk is a text that moves through the states of an undo tree one
// edge at a time, edited in place.
type treeWalk struct {
	img  *undo.Image
	text *buffer.Transient
	cur  int // index in img.Nodes of the state text holds; -1: the root
}

// walkToRoot returns a walk holding the root's text, reached from the
// saved state's text by undoing every change on the way: the first
// anchor candidate that the changes fit becomes the only one, as in
// textAt.
func (h *fileHistory) walkToRoot() (*treeWalk, error) {
	var err error
	for i, anchor := range h.candidates {
		w := &treeWalk{img: &h.img, text: anchor.Transient(), cur: -1}
		w.cur = w.index(h.saved)
		if err = w.backTo(-1); err == nil {
			if len(h.candidates) > 1 || !h.flagsSet {
				h.candidates = h.candidates[i : i+1]
				h.setFlags(anchor, h.savedDisk)
				h.flagsSet = true
			}
			return w, nil
		}
	}
	return nil, fmt.Errorf("undo file %s: corrupt (%v); history not loaded", h.undoName, err)
}

// index returns the index in img.Nodes of seq, which must be there (-1
// for the root, 0). Seqs are sorted and usually contiguous, so the first
// guess is nearly always right.
func (w *treeWalk) index(seq int) int {
	if seq == 0 {
		return -1
	}
	nodes := w.img.Nodes
	if len(nodes) == 0 {
		return 0
	}
	if i := seq - nodes[0].Seq; i >= 0 && i < len(nodes) && nodes[i].Seq == seq {
		return i
	}
	return sort.Search(len(nodes), func(i int) bool { return nodes[i].Seq >= seq })
}

// enter moves the text from a state to its child k.
func (w *treeWalk) enter(k int) error {
	n := &w.img.Nodes[k]
	for _, c := range n.Changes {
		if err := w.text.Apply(c); err != nil {
			return fmt.Errorf("state #%d: %v", n.Seq, err)
		}
	}
	w.cur = k
	return nil
}

// backTo moves the text up from the current state to its ancestor k
// (-1: the root), undoing the changes on the way.
func (w *treeWalk) backTo(k int) error {
	for w.cur != k {
		if w.cur < k {
			return fmt.Errorf("state #%d: not below the state being walked", w.img.Nodes[k].Seq)
		}
		n := &w.img.Nodes[w.cur]
		for i := len(n.Changes) - 1; i >= 0; i-- {
			if err := w.text.Apply(n.Changes[i].Inverse()); err != nil {
				return fmt.Errorf("state #%d: %v", n.Seq, err)
			}
		}
		w.cur = w.index(n.Parent)
	}
	return nil
}

// pushChildren pushes the states of children onto the stack of states
// to visit, the one with the largest subtree first, so that it is
// visited last: nothing after it needs its changes undone, and the long
// line of a history is walked down once instead of down and back up.
func (w *treeWalk) pushChildren(stack, children []int, sizes []int32) []int {
	heaviest := -1
	for _, c := range children {
		if k := w.index(c); heaviest < 0 || sizes[k] > sizes[heaviest] {
			heaviest = k
		}
	}
	if heaviest < 0 {
		return stack
	}
	stack = append(stack, heaviest)
	for _, c := range slices.Backward(children) {
		if k := w.index(c); k != heaviest {
			stack = append(stack, k)
		}
	}
	return stack
}

// subtreeSizes returns the number of states in the subtree of each
// state, by index in img.Nodes. Parents are older than their children,
// so one pass from the newest state adds each subtree to its parent.
func (w *treeWalk) subtreeSizes() []int32 {
	nodes := w.img.Nodes
	sizes := make([]int32, len(nodes))
	for i := len(nodes) - 1; i >= 0; i-- {
		sizes[i]++
		if p := w.index(nodes[i].Parent); p >= 0 && p < i {
			sizes[p] += sizes[i]
		}
	}
	return sizes
}
