//go:build !kjxtiny

package buffer

import "math"

// Tree shape for normal builds. The kjxtiny build tag (params_tiny.go)
// replaces these with a few bytes and a fan-out of four so that tests and
// fuzzing reach deep trees with small inputs.
const (
	// maxLeaf is the largest number of bytes a leaf holds. A persistent
	// edit copies its leaf, so this bounds the bytes an edit copies:
	// typing grows a leaf to maxLeaf and then splits it in two. At 2 KiB
	// typing copied 16% more bytes per key and ran slower.
	maxLeaf = 1536
	// loadLeaf is the size of the leaves bulk loading and large inserts
	// cut: half full, so that a leaf takes many edits before it splits,
	// and a line query scans little of it.
	loadLeaf = 1024
	// minLeaf is the smallest number of bytes a leaf other than a lone
	// root leaf holds.
	minLeaf = 512
	// maxKids is the fan-out: the most children an internal node has.
	maxKids = 16
	// minKids is the fewest children an internal node other than the root
	// has; the root has at least two.
	minKids = 8
	// ixAfter is the number of line queries (LineStart, LineEnd, LineOf)
	// into the leaves of a height-1 node that scan without a line index
	// before the node gets one (lineindex.go). Building it scans all the
	// node's leaves, about what 16 to 32 queries scan, so a node pays at
	// most about twice what it would have without an index. Editing asks
	// the fresh node at the cursor for lines a dozen times or so per
	// keystroke and then replaces it (the editor's x on a 100 MB file
	// built an index per key at 8); random access over a large text asks
	// each node many times, and there the index pays.
	ixAfter = 32
	// readBlock is the size of the blocks FromReader reads into; leaves
	// are sub-slices of these blocks.
	readBlock = 1 << 20
	// sat is the child count meaning "too large for 32 bits, ask the
	// node" (see child).
	sat = math.MaxUint32
)
