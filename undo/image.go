package undo

import "github.com/kjx-editor/kjx/buffer"

// Image is a plain, self-contained copy of a tree's state, for persistence
// (package undofile encodes and decodes it). It holds no pointers into the
// tree. Restore validates an Image completely before building a tree.
type Image struct {
	SeqLast  int   // highest seq handed out
	SeqCur   int   // Vim's seq_cur
	SaveLast int   // Vim's save_nr_last
	SaveCur  int   // Vim's save_nr_cur
	TimeCur  int64 // Vim's time_cur (Unix seconds)
	CurHead  int   // seq of Vim's curhead (0: none, the buffer is at NewHead)
	NewHead  int   // seq of Vim's newhead (0: none)
	Modified bool  // the buffer's 'modified' flag at the current state
	// RootChildren are the seqs of the root-level nodes, preferred first.
	RootChildren []int
	// Nodes in increasing Seq order.
	Nodes []ImageNode
	// Pruned says how many nodes were folded into the root (for :undolist).
	Pruned int
}

// ImageNode is one node of an Image.
type ImageNode struct {
	Seq          int
	Parent       int   // 0: root level
	Children     []int // seqs, preferred child first
	Time         int64 // Unix seconds
	SaveNr       int   // 0, or the write number made at this state
	Label        string
	Source       Source
	CursorBefore Pos
	CursorAfter  Pos
	WasModified  bool // 'modified' before this change (Vim's UH_CHANGED)
	// Changes turn the parent's text into this node's text, in order.
	Changes []buffer.Change
	// Lines are Vim's line counts of the node: the lines its entries saved
	// and the lines they left, which the messages of undo and redo add up.
	// The changes alone cannot tell typed text from the same lines put (o
	// and typing is two entries in Vim, p one): zero means derive them from
	// the changes anyway. Their difference must be the node's line delta.
	Lines [2]int
}

// TextState is the state the image's text was in when it was taken: the
// parent of Vim's curhead (the change undone last), else newhead (0: the
// root).
func (img Image) TextState() int {
	if img.CurHead == 0 {
		return img.NewHead
	}
	for i := range img.Nodes {
		if img.Nodes[i].Seq == img.CurHead {
			return img.Nodes[i].Parent
		}
	}
	return img.NewHead
}
