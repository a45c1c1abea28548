// Package undo is kjx's undo tree: Vim's undo semantics, exactly, over byte
// changes to a buffer.Rope, with immutable snapshots for other goroutines.
//
// The current text is a buffer.Transient edited in place (a typed key is
// a memmove in an owned leaf): Text borrows it, valid until the next
// change; Freeze, Snapshot and Result.Text freeze it, O(1), for holders.
//
// # Model
//
// A Tree holds the history of one buffer as a tree of states. The root is
// the text the tree was created with (or, after pruning, the oldest state
// kept). Every other state is a node: one undo block ("change" in Vim's
// messages). A node has
//
//   - Seq, its change number: 1, 2, 3, ... in creation order over the whole
//     tree, never reused (not after pruning, not after Reset);
//   - a parent, and ordered children: the first child is the preferred one,
//     the branch CTRL-R redoes;
//   - Time, the clock's Unix seconds when the block started (Options.Now);
//   - Changes, a []buffer.Change that turns the parent's text into the
//     node's text when applied in order; undo applies the inverses (Old and
//     New swapped) newest first;
//   - the cursor before the change (Save's argument, Vim's uh_cursor) and
//     after it, its Source, an optional checkpoint Label;
//   - SaveNr, the write made while it was the last change applied, and
//     WasModified, Vim's per-header 'modified' flag (UH_CHANGED).
//
// Nodes are linked exactly like Vim's u_header_T: parent (uh_next),
// preferred child (uh_prev), next older and previous newer sibling
// (uh_alt_next, uh_alt_prev); the tree keeps oldhead, newhead, curhead,
// seq_last, seq_cur, time_cur, save_nr_last and save_nr_cur with Vim's
// meaning, so that every rule of undo-semantics.md ports directly: the
// preferred child moved to the front, u and CTRL-R with counts, the
// time-line engine of g-, g+, :earlier, :later and :undo N, messages and
// their age formats, 'modified' per header, write counters, 'undolevels'
// pruning (including the detached root branch and 0 and -1), :undojoin and
// E790.
//
//	   root ("hello")
//	  /      \
//	#3        #1        root level: #3 preferred (made after undoing #1)
//	 |         |
//	#4        #2
//
// Vim's search for a target (undo_time) walks the whole tree depth first,
// marking nodes; ties between equally close candidates are decided by the
// order of visits, revisits included, and the seq_cur quirk of searches
// that stop above a node on another branch is kept. That walk is ported
// literally (walk.go). Because its answer only depends on the visit order
// when candidates tie on both sides of a time target, searches by seq, by
// write number and most searches by time take a direct route instead: a
// binary search or a linear scan, then marking what the walk would have
// left marked on the path that matters, so that the same movement code runs
// either way. Both routes are tested against each other in lockstep.
//
// Every movement is one operation: Vim's bookkeeping (links, flags,
// counters) runs first and queues the nodes to undo or redo; the text is
// then changed with a single ApplyAll, and only the last node is applied
// change by change, because only it decides the cursor.
//
// Text model: the editor's. The text is the buffer's lines joined by '\n'
// without a final newline, so a text ending in '\n' ends with an empty line
// and "" is one empty line, which is either that or an empty buffer (Vim's
// ML_EMPTY, Empty). The tree takes an empty text for an empty buffer unless
// told otherwise (SetEmpty), and keeps per node, as Vim does (UH_EMPTYBUF),
// whether the buffer was empty on its other side, so that undo and redo
// bring the emptiness back.
//
// Cursor after undo and redo (Vim 9.0): Vim's entries replace line ranges;
// a byte change is seen as the entry replacing the lines it covers: a
// change at a line start whose Old and New are each empty or end in '\n' is
// linewise and covers exactly those lines, any other change covers every
// line it touches. A node without changes (x on an empty line) is an entry
// saving the cursor line. Reload nodes are one entry for the whole buffer.
//
// Messages after undo, redo and time travel (u_undo_end): u_oldcount and
// u_newcount are reset once per movement (-1 for u_oldcount when the buffer
// is empty), every node undone or redone adds the lines its entries find
// and put back, and the count is "N more lines" / "N fewer lines" when they
// differ, else "N changes" with the lines put back (one less when the
// buffer ends empty). Each node stores the lines its entries saved and
// left, computed when its block closes (entries.go): p and P, dd (also of
// the last line, "\n" and the line), o and O without typing are exact line
// ranges; a change into which Apply merged inserted text is the Insert-mode
// entry, every line it touches, plus the opened line after o and O
// ("oone<CR>two<Esc>" saves 1 line and leaves 3); other changes save every
// line they touch; saving one line that one of the last ten entries saved,
// with no line count change in between, reuses that entry ("4
// substitutions on 1 line" undo to "1 change").
//
// Recording: Save is Vim's u_save (a new node when synced, pruning happens
// there), Apply changes the text and records the change in the open block,
// Sync closes it. Apply merges a change with the block's previous one when
// it touches the text that change produced (typing, backspacing, deleting
// forward), exactly: the merged change still turns the parent's text into
// the node's text, so typing 1 000 characters stores one change. Merging is
// amortised O(1) per key: while the block is open its last change is built
// in place in gap buffers (pending.go), and the immutable strings the node
// stores are written only when something can read them: before the block
// gets another change, when it closes (Sync, and so before any movement,
// Reload or Export), and when a Snapshot is taken.
//
// # Limits
//
// 'undolevels' behaves as in Vim (default 1000; 0 is Vi-compatible undo;
// negative keeps no history). Options.MaxNodes (default 10 000) and Prune
// are kjx's own limits: they fold the oldest change into the root while the
// root has a single child above the current state, and otherwise drop the
// oldest branch hanging off the path from the root to the current state,
// nearest the root first. They never remove the current state or its path,
// and :undolist says how many states they removed ("(N older states
// folded)"); 'undolevels' pruning does not show there, as in Vim.
//
// # Invariants
//
// Checked after every operation by the property and fuzz tests:
//
//   - a node's parent has a lower seq; slots are in seq order;
//   - children lists are consistent in both directions, and every live node
//     is in its parent's list (root-level nodes in oldhead's);
//   - the path from the root to the current state is made of preferred
//     children; curhead, when set, is the preferred child of the state;
//     with curhead unset, newhead is the state and a leaf;
//   - the text is the text of the current state, and every node's text can
//     be computed from it (Snapshot.TextAt);
//   - write numbers are unique; depth is the parent's plus one.
//
// The one exception is Vim's Vi-compatible undo ('undolevels' 0): a second
// u redoes the change while curhead stays set. The tree tracks the state
// the text is really in (Current) and, before any other operation, makes
// Vim's bookkeeping agree with it again.
//
// # Storage and snapshots
//
// Nodes live in append-only storage: fixed-size chunks of 16 records in two
// parallel arrays (meta: links, seq, time, write number, flags; data:
// changes, cursors, source), addressed by slot through a two-level
// directory (pages of 64 chunk pointers), never reallocated. A Snapshot
// copies the two directories (slice headers), the slot count and the
// counters: O(1), no allocation, about 30 ns. Chunks and pages carry the
// snapshot generation they were made in; the tree writes a slot that a
// snapshot can see (a chunk older than the last snapshot, a slot below its
// count) only after copying the chunk and its page, and the top slice of
// pages once per generation: about 3 KB for the first commit after a
// published view, whatever the history's length (it was 8 KB with 64-record
// chunks, plus 8 bytes per 64 nodes for a flat directory). Slots past a snapshot's count are invisible to it and written
// in place. The node still receiving changes is read by snapshots from
// their own copy of its record, and its change slice is copied before the
// next change once a snapshot holds it; the pending change of the open
// block is written into the record before the copy, so a snapshot only
// holds immutable strings (a snapshot taken with a long insert open costs
// one copy of that insert). Checkpoint labels are a small map
// copied on write the same way. Freed nodes stay as dead slots until they
// outnumber the live ones; then the storage is rebuilt (amortised O(1) per
// freed node). Old snapshots keep the old chunks alive.
//
// # Complexity
//
// With n nodes, d the distance between the current and the target state,
// c the changes applied:
//
//	Save + Apply + Sync       O(changes + log text) (one rope apply, one LineOf per change)
//	Apply merging (typing)    O(log text) amortised per key, plus O(change) once at Sync
//	u, CTRL-R                 O(count + c)
//	g-, g+, :undo N           O(log n + d + c)             shortcut
//	:earlier/:later Nf        O(n + d + c)                 shortcut
//	:earlier/:later Ns        O(n + d + c)                 linear scan
//	any search, literal walk  O(n) per round, two rounds at most
//	Snapshot                  O(1)
//	Snapshot.TextAt           O(d + c)
//	Export, Restore           O(n + total change size)
//	List                      O(n log n)
//
// # Concurrency
//
// A Tree belongs to one goroutine (the editor's); it is not safe for
// concurrent use. Snapshots are immutable values: any number of goroutines
// may read them, while the tree keeps changing, with no lock. A snapshot is
// handed over through a channel or another synchronising operation.
//
// # Known limitations
//
//   - 'cpoptions' u (Vi-compatible u/CTRL-R toggling) is not implemented.
//   - Vim 9.1.2037's cursor rule for blocks of several entries is not
//     followed (9.0 is the reference), nor is the 'shortmess' u flag.
//   - Marks and the Visual area are not saved per node (the editor owns them).
//   - After a Vi-style repeated undo, operations other than u first make the
//     bookkeeping agree with the text; Vim would act on the stale state.
//   - Reload nodes are recognised after Restore by their Source
//     (SourceReload, SourceExternal), which are reserved for Reload.
//   - Line counts come from the byte changes, which cannot show everything
//     Vim saved: a single typed <CR> at a line edge (A<CR><Esc>, I<CR><Esc>)
//     looks like o<Esc> or O<Esc>, a J onto an empty last line like dd of
//     that line, a J of several lines like several Js. An Image without
//     Lines (an undo file that does not keep them) counts typed text after
//     o and O as the put it looks like.
package undo
