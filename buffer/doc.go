// Package buffer holds kjx's text: a persistent rope of bytes.
//
// # Model
//
// A Rope is an immutable snapshot of a B+ tree whose leaves are runs of
// text. Every edit returns a new Rope that shares all untouched subtrees
// with the old one, so a snapshot costs nothing to keep, copy or publish.
//
//	Rope{root, h=2}
//	     │
//	  ┌──┴──────────────────────────┐ node (height 2)
//	  │ [p 5120B 97nl][p 4210B 80nl]│ child = pointer + summary
//	  └──┬───────────────┬──────────┘
//	     │               │
//	  ┌──┴───────────┐  ┌┴─────────────┐ nodes (height 1)
//	  │[p 1024B 20nl]│  │ ...          │
//	  │[p 1024B 19nl]│  └──────────────┘
//	  │ ...          │
//	  └──┬───────────┘
//	     │
//	     "first 1024 bytes of the text ..." leaf: just bytes, no header
//
// A child entry (16 bytes) holds a pointer and the summary of that subtree:
// its byte count and its number of '\n' bytes, in 32 bits each. Summaries
// live in the parent, so a descent reads one node per level, and a leaf
// needs no node of its own: its child entry points at its first byte.
// Whether a pointer leads to a node or to text follows from the height,
// which every walk carries. A node also records its own totals in full;
// a subtree of 4 GiB or more stores a saturated count in its entry and
// readers ask the node.
//
// Offsets are bytes. A line ends at (and includes) its '\n'; the text has
// Newlines()+1 lines, the last possibly empty. Nothing is decoded or
// normalised: invalid UTF-8, NUL, CRLF and a missing final newline
// round-trip byte-exact.
//
// # Invariants
//
// Checked after every operation in the tests (check in check_test.go):
//
//   - all leaves are at the same depth (every node's height is one more
//     than its children's);
//   - a leaf holds minLeaf..maxLeaf bytes (512 B..1.5 KiB), except a lone
//     root leaf, which holds 1..maxLeaf; the empty rope has no root;
//   - a node has minKids..maxKids children (8..16); the root has at least 2;
//   - every summary equals the bytes and newlines of its subtree, in the
//     parent's entry (saturated at 32 bits) and in the node itself;
//   - the line index a node of height 1 holds, if any (see below), is
//     the index of its kids' current text;
//   - no leaf boundary falls inside a valid multi-byte UTF-8 sequence
//     (invalid bytes may be split anywhere). Hence a rune never spans two
//     chunks, and Reader decodes chunk by chunk exactly as utf8.DecodeRune
//     would over the whole text.
//
// # Operations and their cost (n = bytes, k = bytes touched)
//
//	FromString                 O(n) (counts newlines); no copy: leaves alias the string
//	FromBytes, FromReader      O(n); one copy into large blocks the leaves share
//	Len, Newlines, copy        O(1), no allocation
//	LineStart, LineEnd, LineOf O(log n), no allocation except, once per
//	                           node read often, its line index
//	ByteAt                     O(log n)
//	Slice, SliceString         O(log n + k)
//	Chunks, ChunksBackward     O(log n) to start, then O(1) amortised per chunk,
//	                           chunks are sub-slices of leaves (no copy)
//	Reader, IndexByte          O(log n) to start, then linear
//	String, Bytes, WriteTo     O(n)
//	Equal                      O(1) for the same snapshot, else O(n)
//	Apply, Insert, Delete      O(log n + k): copies one leaf and one path,
//	                           or rebuilds the few leaves around the edit
//	Transient.Apply            O(log n + k), in place on what the transient
//	                           owns: typing in an owned leaf is a memmove
//	Transient.Borrow, Freeze   O(1), no allocation (Freeze: one tiny one
//	                           when something was owned)
//	ApplyAll                   one Transient over all changes
//
// Bulk loading cuts the text into leaves of loadLeaf (1 KiB) bytes that are
// sub-slices of one backing block and builds the levels bottom-up, so the
// tree costs about 3% on top of the text. The flip side: a block stays in
// memory while any leaf of it is alive.
//
// # Line index
//
// LineStart and LineOf descend by counts to a leaf and must then find a
// newline in it. On a large text the leaf is a cache miss, and scanning
// half a leaf a cache line after another cost more than the miss itself.
// So a node of height 1 may point to a line index: the offset of every
// '\n' in each of its leaves, two bytes a line (lineindex.go). With it
// both queries answer without reading the leaf. The index is a cache,
// built whole once the node has answered ixAfter (32) line queries without
// one, and left behind when an edit copies the node: persistent edits and
// loading pay nothing for it, and only nodes read often carry one (about
// 5% on top of their text for 40-byte lines). A Transient's edit in place
// of a node it owns updates the node's index instead (O(lines of the
// node), no allocation unless a newline is added), so the cursor-line
// queries after each typed key keep answering from it. Nodes whose lines average under 8 bytes get none; their
// newlines are close together and a scan finds them soon.
//
// # Edits
//
// An edit [a, b) → s is widened by 3 bytes on each side, the most a UTF-8
// sequence can reach across a boundary. When that widened range lies in a
// single leaf and the leaf's new size stays within bounds (the common
// case: typing, small deletes), Apply copies that leaf with the edit
// applied and the path above it, adjusting the summaries by the deltas.
// Otherwise it rebuilds the run of leaves that intersect the widened range
// into new leaves cut at safe points, and splices them in: nodes that
// overflow are split, nodes that underflow are merged with a neighbour,
// and the root grows or shrinks. Leaf boundaries outside the widened range
// are untouched, so the UTF-8 rule holds without looking further.
//
// # Transients: the current text, edited in place
//
// A Transient is a text that changes in place: the undo tree keeps its
// current text in one, and ApplyAll (the :s of 100 000 matches) uses one.
// Nodes it creates carry its owner token; a node of height 1 also marks
// (ownLeaves, a bit per kid) the leaves the transient allocated with room
// for maxLeaf bytes. Later changes mutate what it owns in place: typing or
// <BS> inside an owned leaf is a memmove in that leaf and an update of the
// summaries on the owned path, with no allocation. Nothing the transient
// did not create is ever written, so the rope it started from stays valid.
//
// The rule that keeps every other Rope immutable:
//
//   - Borrow returns a view of the current text, valid only until the
//     transient's next change (Apply, Set). Whoever reads within one step
//     borrows; a rope derived from a borrowed one (an edit of it) is
//     borrowed too, since it shares what the transient may rewrite. The
//     views of one transient share a memo of the last line they looked
//     up (linememo.go), valid until the text changes.
//   - Freeze returns the current text as an ordinary persistent rope, O(1):
//     it replaces the owner token (the old one is retired), so nothing
//     reachable from that rope is written again, and the next change copies
//     its leaf and path once before editing in place again. Whoever keeps a
//     rope across a change (a published view, an undo snapshot, the
//     undo-file writer, a diff, a reload) freezes.
//
// The kjxpoison build tag makes the rule checkable: a borrowed rope then
// carries its transient and the transient's change count, and any read of
// it (every Rope method, every Iter step) after a later change panics with
// "stale borrowed rope" (poison_on.go). Without the tag the stamp is an
// empty struct and the checks compile to nothing. `make test` runs the
// buffer, undo and editor tests under it.
//
// # Concurrency
//
// A Rope is a value holding a root pointer, a summary and a height; copying
// it is O(1) and allocates nothing. Ropes never change, so any number of
// goroutines may read the same Rope, or ropes sharing nodes, while another
// goroutine derives new ropes from it: no locks. The one thing a read
// writes is a node's line index cache: a query counter and the index
// pointer, atomically; an index is complete before a compare-and-swap
// publishes it and never changes afterwards, except the index of a node a
// Transient owns, which only that transient's goroutine can reach. An Iter, a
// Reader and a Transient are single-goroutine cursors over such snapshots.
// Chunk slices must not be written to.
//
// # The kjxtiny build tag
//
// Under -tags kjxtiny the leaves hold 4..16 bytes, nodes 2..4 children and
// child counts saturate at 100 (params_tiny.go), so small tests and fuzz
// inputs build trees many levels deep and exercise splits, merges, the
// UTF-8 rule at every boundary and the saturated-count path:
//
//	go test -tags kjxtiny ./buffer
//	go test -tags kjxtiny -fuzz FuzzRope ./buffer
package buffer
