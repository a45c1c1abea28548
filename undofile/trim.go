package undofile

import (
	"github.com/kjx-editor/kjx/undo"
)

// TrimFunc shortens a history to at most maxNodes nodes (or as close as
// it can), returning the new image and the new saved seq. It runs on the
// writer goroutine: it must not modify img's slices, and must read only
// immutable data. It may return more than maxNodes nodes when it cannot
// trim further; the writer then reports the file as too large.
type TrimFunc func(img undo.Image, savedSeq, maxNodes int) (undo.Image, int, error)

// TrimImage is the default TrimFunc. It removes the oldest history the way
// Vim's u_savecommon does when 'undolevels' is exceeded, working from the
// root, until at most maxNodes nodes remain:
//
//   - while the root has several children, it drops the last one (the
//     least preferred, oldest alternative branch) with its whole subtree;
//   - when the root has one child, that node is folded into the root: it
//     is removed and its children become the root's. The root's text is
//     then that node's text. No text is needed for this because the file
//     is anchored at the saved node, whose text is unchanged.
//
// It never removes the current node (SeqCur), CurHead, NewHead, a branch
// holding one of them or the saved node, and it never folds when the saved
// node is the root (the text on disk would no longer belong to any node).
// Folding the saved node itself makes the root the saved node (saved seq
// 0). Removed nodes are added to Pruned. img is not modified. O(n log n).
func TrimImage(img undo.Image, savedSeq, maxNodes int) (undo.Image, int, error) {
	t := trimmer{img: &img, removed: make([]bool, len(img.Nodes))}
	count := len(img.Nodes)
	root := append([]int(nil), img.RootChildren...)
	promoted := map[int]bool{} // nodes whose parent became the root
	for count > maxNodes && len(root) > 0 {
		if len(root) > 1 {
			j := len(root) - 1
			for j >= 1 && t.holdsProtected(root[j], savedSeq) {
				j--
			}
			if j == 0 {
				break // every alternative holds something to keep
			}
			count -= t.drop(root[j])
			root = append(root[:j], root[j+1:]...)
			continue
		}
		a := root[0]
		if savedSeq == 0 || t.isCurrent(a) {
			break
		}
		i := indexOf(img.Nodes, a)
		t.removed[i] = true
		count--
		root = append([]int(nil), img.Nodes[i].Children...)
		for _, c := range root {
			promoted[c] = true
		}
		if a == savedSeq {
			savedSeq = 0
		}
	}
	if count == len(img.Nodes) {
		return img, savedSeq, nil
	}
	out := img
	out.RootChildren = root
	out.Pruned = img.Pruned + len(img.Nodes) - count
	out.Nodes = make([]undo.ImageNode, 0, count)
	for i, n := range img.Nodes {
		if t.removed[i] {
			continue
		}
		if promoted[n.Seq] {
			n.Parent = 0
		}
		out.Nodes = append(out.Nodes, n)
	}
	return out, savedSeq, nil
}

// trimmer holds TrimImage's state.
type trimmer struct {
	img     *undo.Image
	removed []bool // by node index
}

// isCurrent reports whether seq is a node the buffer's state refers to.
func (t *trimmer) isCurrent(seq int) bool {
	return seq == t.img.SeqCur || seq == t.img.CurHead || seq == t.img.NewHead
}

// holdsProtected reports whether the subtree at seq holds the saved node
// or a current one.
func (t *trimmer) holdsProtected(seq, savedSeq int) bool {
	found := false
	t.walk(seq, func(s int) {
		if s == savedSeq || t.isCurrent(s) {
			found = true
		}
	})
	return found
}

// drop marks the subtree at seq removed and returns its size.
func (t *trimmer) drop(seq int) int {
	n := 0
	t.walk(seq, func(s int) {
		t.removed[indexOf(t.img.Nodes, s)] = true
		n++
	})
	return n
}

// walk calls visit for every node of the subtree at seq (a valid tree).
func (t *trimmer) walk(seq int, visit func(int)) {
	stack := []int{seq}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		visit(s)
		stack = append(stack, t.img.Nodes[indexOf(t.img.Nodes, s)].Children...)
	}
}
