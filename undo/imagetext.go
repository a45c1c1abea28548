package undo

import (
	"fmt"
	"sort"

	"github.com/kjx-editor/kjx/buffer"
)

// TextAt returns the text of state seq of img (0: the root), given text,
// the text of state textSeq (the state an undo file is anchored to). It
// applies only the changes on the path between the two states, up to
// their common ancestor and down again, in place in one transient text,
// without building a tree or a list of changes: what reading one state
// of a history needs (kjx show, rewinding a file that is not open). img
// must be structurally valid, as undofile.Decode returns it (every parent
// exists, Nodes sorted by seq); a change that does not apply to its text
// is an error.
func (img *Image) TextAt(text buffer.Rope, textSeq, seq int) (buffer.Rope, error) {
	a, b := textSeq, seq
	da, err := img.depth(a)
	if err != nil {
		return buffer.Rope{}, err
	}
	db, err := img.depth(b)
	if err != nil {
		return buffer.Rope{}, err
	}
	tx := text.Transient()
	var down []int
	for ; da > db; da-- {
		if a, err = img.undoStep(tx, a); err != nil {
			return buffer.Rope{}, fmt.Errorf("undo: text of change #%d: %w", seq, err)
		}
	}
	for ; db > da; db-- {
		down = append(down, b)
		b = img.node(b).Parent
	}
	for a != b {
		if a, err = img.undoStep(tx, a); err != nil {
			return buffer.Rope{}, fmt.Errorf("undo: text of change #%d: %w", seq, err)
		}
		down = append(down, b)
		b = img.node(b).Parent
	}
	for i := len(down) - 1; i >= 0; i-- {
		for _, c := range img.node(down[i]).Changes {
			if err := tx.Apply(c); err != nil {
				return buffer.Rope{}, fmt.Errorf("undo: text of change #%d: change #%d: %w", seq, down[i], err)
			}
		}
	}
	return tx.Freeze(), nil
}

// undoStep applies the inverse of node seq's changes (last first) to tx
// and returns its parent.
func (img *Image) undoStep(tx *buffer.Transient, seq int) (int, error) {
	n := img.node(seq)
	for i := len(n.Changes) - 1; i >= 0; i-- {
		if err := tx.Apply(n.Changes[i].Inverse()); err != nil {
			return 0, fmt.Errorf("undoing change #%d: %w", seq, err)
		}
	}
	return n.Parent, nil
}

// node returns the node of seq (which must exist) by binary search.
func (img *Image) node(seq int) *ImageNode {
	i := sort.Search(len(img.Nodes), func(i int) bool { return img.Nodes[i].Seq >= seq })
	return &img.Nodes[i]
}

// depth returns the number of nodes from seq up to the root (0 for the
// root), or an error when seq is not in img.
func (img *Image) depth(seq int) (int, error) {
	d := 0
	for seq != 0 {
		i := sort.Search(len(img.Nodes), func(i int) bool { return img.Nodes[i].Seq >= seq })
		if i == len(img.Nodes) || img.Nodes[i].Seq != seq || img.Nodes[i].Parent >= seq || d > len(img.Nodes) {
			return 0, fmt.Errorf("undo: no change #%d in the history", seq)
		}
		seq = img.Nodes[i].Parent
		d++
	}
	return d, nil
}
