// Package undopanel is the model of kjx's undo-tree panel: how an undo
// tree is laid out as a graph with one row per state, how straight runs
// fold, and how keys move the selection. It draws nothing and imports
// nothing of kjx: package ui renders it, and tests drive it with plain
// trees.
//
// # Picture
//
// States are listed newest on top, in sequence order, each in a lane (a
// column of the graph); a line runs down from every state to its parent.
// Branches leave a lane through a connector row:
//
//	    ○  7          ← the newest state
//	  ● │  6  @       ← the current state
//	  ○ │  5
//	○ │ │  4
//	○ │ │  3
//	├─╯ │             ← 5 shares 3's edge down to 2, leaves below 3
//	○   │  2
//	○   │  1
//	├───╯             ← 7 leaves the root's lane below 1
//	○      0          ← the root: the text as loaded
//
// # Model and invariants
//
// Layout numbers nodes by row = index in sequence order (the root is row
// 0). Positions 3r+k order everything from bottom to top: k = 0 is node
// r's row, k = 1 and k = 2 the optional connector rows above it. Each
// lane keeps its vertical segments sorted and its highest occupied
// position; an edge only takes a lane that is free from its start
// upwards, so segments are only ever appended and never overlap. Every
// node appears in exactly one row, and every edge can be followed from
// child to parent through the drawn glyphs alone; the property tests
// check both on random editing histories.
//
// Folding (z) shows each maximal straight run (every state the only child
// of the one below, in the same lane, with no connector between) as one
// row with its totals. The current state always has a row of its own and
// the selected state is always the top of its row, so neither is ever
// hidden. Folds are found with bitset scans, not stored.
//
// # Complexity
//
// Adding a state costs O(lanes); Sync notices when a tree is not an
// extension of the laid-out one (pruning, a restored undo file) and
// rebuilds in O(n). Listing the h visible rows costs O(h · lanes · log n).
// A key press costs O(h); { and } scan a bitset of the written states
// (O(n/64) at worst, microseconds on 100 000 states).
//
// # Concurrency
//
// A Panel and its Layout belong to one goroutine (the UI's). The Tree it
// reads must be an immutable snapshot, so it may be shared freely.
package undopanel
