// Package workspace keeps the history of a workspace: which state every
// file was in at each checkpoint, so that all of them can later be
// rewound together. It finds the workspace root, names its data
// directory, and keeps the checkpoint log; the texts that no undo file
// holds go to the content store (undofile/store) in the same directory.
//
// # Model
//
// The workspace of a directory is the nearest ancestor holding .git, .hg
// or .jj, else the directory itself (Root). Its history lives in
// $XDG_DATA_HOME/kjx/workspaces/NAME (DataDir), never inside the
// workspace: NAME is the root with '/' replaced by '%', or undo files'
// hashed name when that is too long or taken by another root.
//
//	DATA/workspaces/%home%u%proj/
//	    checkpoints   the log (this package)
//	    blobs/XX/HASH the content store (undofile/store)
//	    lock          serialises appends and maintenance between processes
//
// A checkpoint has a number (increasing, never reused), a time, a label
// ("opened", "write", "before rewind", or a user's name, which may hold
// spaces) and, for every file the workspace history knows, an Entry: the
// path relative to the root, the undo state (seq), whether the file
// existed, the SHA-256 and size of its bytes, and the lines added and
// deleted since the file's previous recorded state. A user's name names
// one checkpoint: reusing it moves it (Committed.MovedFrom says from
// where). Resolve finds a checkpoint by label, by number, or by a
// duration ago (10m, 1h30m, with undo's :earlier parser).
//
// # The log
//
// The log is append-only. A checkpoint appends the paths seen for the
// first time (P records), the file states that changed (V records) and
// one C record listing the ids of the states of every file, so each
// checkpoint is complete on its own and costs about one byte per
// unchanged file and fifty per changed one. Appending is O(1) in the
// log's size, which rewriting an index on every :w would not be; the log
// is rewritten (crash-safely) only by Maintain, when checkpoints expire
// or the size cap is reached. docs/workspace.md has the byte layout:
//
//	preamble: magic "KJXCKPT\0", version u16, flags u16
//	record:   sync f5 cb · kind · payload length u32 · CRC32C of those 7 bytes ·
//	          payload · CRC32C of the payload
//
// # Invariants
//
//   - The decoder trusts nothing. Every length is checked against the
//     bytes present before anything is allocated; ids and numbers must
//     increase; every path must be a clean relative path inside the
//     root (ValidRel), so a damaged or planted log can never name a file
//     outside the workspace.
//   - A damaged record costs only itself: a bad payload checksum skips
//     the record by its (checked) length, a bad header is skipped by
//     searching for the next sync bytes with a valid header checksum. A
//     lost checkpoint is simply absent; a lost file state makes the
//     checkpoints listing it report that file as Lost. Each is one line in
//     Problems. An incomplete last record (a crash while appending) is
//     reported, skipped, and cut off by the next append.
//   - A log that is not one, of an unknown version or of another root is
//     refused whole and never modified.
//   - Files are 0600, directories 0700; nothing is read through a
//     symbolic link; the log is created and rewritten with a temporary
//     file, fsync and rename, and a damaged log is kept aside
//     (checkpoints.~YYYYMMDD-HHMMSS~) before a rewrite drops its damage.
//
// # Concurrency and cost
//
// A Log is safe for concurrent use. Commit, Refresh and Maintain take the
// workspace's lock file and first read what other kjx processes appended
// (or re-read a log that maintenance rewrote), so ids never clash.
// Commit with known hashes is linear in the files known with small
// constants and never waits for the disk (Sync does); hashing and storing
// texts is Prepare's job, for a worker goroutine. The session that owns
// that goroutine calls, for a checkpoint:
//
//	rec := workspace.Record{Time: now, Label: "write", Files: changed}
//	// on the worker, when some texts must be hashed or stored:
//	err := workspace.Prepare(st, &rec, contents)
//	res, err := log.Commit(rec)
//	err = log.Sync()
//
// Maintain (retention, size cap, garbage collection of blobs) and Stats
// read the store's directory: run them on a worker too.
package workspace
