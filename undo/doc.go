// Package undo is kjx's undo tree: every state a buffer's text has been
// in, kept as a tree over byte changes to a buffer.Rope, with Vim 9.0's
// undo commands working on it exactly as in Vim, and immutable snapshots
// for other goroutines.
//
// The current text is a buffer.Transient edited in place (a typed key is
// a memmove in an owned leaf): Text borrows it, valid until the next
// change; Freeze, Snapshot and Result.Text freeze it, O(1), for holders.
//
// # The model
//
// A Tree holds the history of one buffer as states. The root, state 0, is
// the text the tree was created with. Every other state is a node, made
// by one undo step (one Insert-mode session, one Normal-mode command with
// its count, one Ex command line: "a change" in Vim's messages). Nodes are
// numbered in the order they were made, seq 1, 2, 3, ... over the whole
// tree, and a number is never used twice (not after pruning, not after
// Reset); "state N" is the text right after change N.
//
// Each node has a parent, the state it was made from, and Changes that
// turn the parent's text into its own; undoing the node applies their
// inverses, newest first. The children of a state are ordered, and the
// first is the preferred child: the one redo goes to. A change made while
// the buffer shows state P becomes P's first child, so the branch the user
// had undone is kept, one place further. An old node's text never
// changes; what does is the order of its children, and the bookkeeping of
// writes and 'modified'.
//
// After typing a, typing b, u, u, typing c and typing d, from "x":
//
//	        root "x"                state 0
//	       /        \
//	#3 "xc"          #1 "xa"        the root's children: #3 first
//	   |                |           (the preferred child), because
//	#4 "xcd"         #2 "xab"       it was made after undoing #1
//
// The buffer shows state 4. From there:
//
//   - u (Undo) goes to the parent: #3, the root, then "Already at oldest
//     change". [count]u repeats.
//   - CTRL-R (Redo) goes to the preferred child: from the root #3, then #4,
//     then "Already at newest change". u and CTRL-R never reorder
//     children, so CTRL-R redoes exactly what u undid.
//   - g- and g+ (Step) go to the state with the next lower or higher seq,
//     wherever it is: from #4, g- reaches #3, then #2 (up to the root and
//     down through #1), then #1, then the root. They replay the history in
//     the order it was made.
//   - :earlier and :later (Earlier, Later) travel by a count, like g- and
//     g+; by time (10s, 5m, 2h, 1d, and in kjx sums such as 1h30m): to the
//     change made nearest that long before or after the current state's
//     time, stopping before it when going back, so that changes made in
//     the same second go together; or by file writes (2f: two writes back
//     or forward, where changes since the last write count as one).
//   - :undo N (Goto) goes to state N wherever it is; :undo 0 is the root.
//
// Each of these is a movement: from the current state up to the lowest
// common ancestor of it and the target, then down to the target, undoing
// and redoing one node at a time; the text changes once per movement,
// whatever its length. u and CTRL-R move along one edge and leave the
// order of children alone. Every other movement, a jump, makes each node
// it goes down through its parent's preferred child, so that after
// :undo 2 above, u, u, CTRL-R, CTRL-R come back to #2, not to #4.
//
// Checkpoints (Label, ":checkpoint NAME") name a state, and GotoLabel
// (":undo NAME") is the movement to it. A name names one state and a state
// has at most one name; the root cannot be named, and a name is never a
// number.
//
// Writes (MarkSaved) are numbered 1, 2, 3, ...; each is recorded on the
// node of the state written, and 'modified' is on exactly when the buffer
// is not in the state last written.
//
// Readers on other goroutines (the screen, the undo-tree panel, the
// undo-file writer) never touch a Tree. They read Snapshots: immutable
// values holding the text, every node and the counters, taken in O(1);
// Snapshot.TextAt computes the text of any state by the same path up and
// down.
//
// Limits remove the oldest states: Vim's 'undolevels' and kjx's node cap
// (# Limits). The root then stands for the oldest state kept, and seq
// numbers go on from where they were.
//
// # Vim's bookkeeping
//
// Underneath, the tree keeps Vim's own undo state, field by field and
// with Vim's meaning, so that each rule stated in
// docs/undo.md#vims-rules-in-kjxs-words ports line by line: the preferred
// child moved to the front, u and CTRL-R with counts, the time-line search
// of g-, g+, :earlier, :later and :undo N, messages and their ages,
// 'modified' per node, write counters, 'undolevels' pruning (with the
// detached root branch, 0 and -1), :undojoin and E790.
//
// A node's links are those of Vim's u_header_T: its parent (uh_next), its
// preferred child (uh_prev), its next older and next newer sibling
// (uh_alt_next, uh_alt_prev). Root-level nodes are siblings without a
// parent. The tree's counters are Vim's per-buffer fields
// (docs/undo.md#the-tree-and-its-bookkeeping):
//
//   - oldhead: the first (preferred) root-level node; numhead: the node
//     count (Len);
//   - curhead unset: the buffer is at newhead, the last change made or the
//     leaf a redo reached; curhead set: it is the node undone last, the one
//     CTRL-R redoes, and the buffer shows its parent (newhead is then stale);
//   - seq_last, the highest seq handed out (SeqLast), and seq_cur, Vim's
//     idea of the current state (SeqCur), which after some searches by
//     time names a state on another branch (docs/undo.md#sequence-numbers);
//     the tree also tracks the state the text is really in (Current);
//   - time_cur (TimeCur), the reference of :earlier Ns;
//   - save_nr_last and save_nr_cur, the number of writes and the write of
//     the current state (SaveLast, SaveCur);
//   - synced: whether the next Save starts a new node (Synced).
//
// A node holds
//
//   - Seq, its change number, and Time, the clock's Unix seconds when the
//     block started (Options.Now);
//   - Changes, a []buffer.Change that turns the parent's text into the
//     node's text when applied in order;
//   - the cursor before the change (Save's argument, Vim's uh_cursor) and
//     after it, its Source, an optional checkpoint Label;
//   - SaveNr, the write made while it was the last change applied (Vim's
//     uh_save_nr), WasModified, Vim's per-node 'modified' flag
//     (UH_CHANGED), and whether the buffer was empty on its other side
//     (UH_EMPTYBUF).
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
// then changed in place node by node, and only the last node is applied
// with cursor work, because only it decides the cursor. A long movement
// skips most of the nodes: the tree keeps the text of a state every
// snapEvery nodes and the line entries of each node, and starts from the
// last kept state on the path (skip.go).
//
// Text model: the editor's. The text is the buffer's lines joined by '\n'
// without a final newline, so a text ending in '\n' ends with an empty line
// and "" is one empty line, which is either that or an empty buffer (Vim's
// ML_EMPTY, Empty). The tree takes an empty text for an empty buffer unless
// told otherwise (SetEmpty), and keeps per node, as Vim does (UH_EMPTYBUF),
// whether the buffer was empty on its other side, so that undo and redo
// bring the emptiness back.
//
// Cursor after undo and redo (Vim 9.0; the rule is in
// docs/undo.md#the-cursor-after-undo-and-redo): Vim's entries replace line
// ranges; a byte change is seen as the entry replacing the lines it
// covers: a change at a line start whose Old and New are each empty or end
// in '\n' is linewise and covers exactly those lines, any other change
// covers every line it touches. A node without changes (x on an empty
// line) is an entry saving the cursor line. Reload nodes are one entry for
// the whole buffer.
//
// Messages after undo, redo and time travel (u_undo_end; the rule is in
// docs/undo.md#messages): u_oldcount and u_newcount are reset once per
// movement (-1 for u_oldcount when the buffer is empty), every node undone
// or redone adds the lines its entries find and put back, and the count
// is "N more lines" / "N fewer lines" when they differ, else "N changes"
// with the lines put back (one less when the buffer ends empty). Each node
// stores the lines its entries saved and left, computed when its block
// closes (entries.go): p and P, dd (also of the last line, "\n" and the
// line), o and O without typing are exact line ranges; a change into which
// Apply merged inserted text is the Insert-mode entry, every line it
// touches, plus the opened line after o and O ("oone<CR>two<Esc>" saves 1
// line and leaves 3); other changes save every line they touch; saving one
// line that one of the last ten entries saved, with no line count change
// in between, reuses that entry ("4 substitutions on 1 line" undo to "1
// change").
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
// A movement of d >= minSkip steps applies only the changes after the last
// kept text on its path (those of at most about snapEvery nodes): c counts
// those; the steps before it cost O(1) each plus their line entries.
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
