package undopanel

import "time"

// Node is one state of an undo tree as the panel shows it.
type Node struct {
	Seq    int // sequence number; the root has the smallest
	Parent int // seq of the parent; -1 for the root
	Time   time.Time
	// Added and Deleted are the sizes of the change from the parent
	// (bytes inserted and deleted); Changes counts its changes.
	Added, Deleted, Changes int
	SaveNr                  int    // the write number made at this state, 0 if never written
	Label                   string // user label, "" for none
	Source                  string // where the change came from: "typed", "paste", "restore"...
}

// Tree is the read-only view of an undo tree the panel needs. Nodes are
// numbered 0..Len()-1 in increasing Seq order, 0 being the root; a
// parent always comes before its children. Implementations must be
// immutable (a snapshot) and cheap to query: the panel calls Node only
// for the rows it shows, plus the nodes added since the last frame.
type Tree interface {
	Len() int
	Node(i int) Node
	// Cur is the seq of the current state.
	Cur() int
	// LastSaved is the seq of the state written last, -1 if none.
	LastSaved() int
	// Writes counts the writes so far; a write marks one state (SaveNr),
	// so the panel rescans for written states only when Writes grew by
	// more than one since it last looked.
	Writes() int
}
