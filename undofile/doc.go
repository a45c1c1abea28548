// Package undofile persists undo histories: kjx's own binary undo-file
// format, its encoder, a decoder that trusts nothing, the naming of undo
// files, a background writer, size limits, and retention.
//
// # Model
//
// An undo file holds one undo.Image (the whole tree: every node with its
// changes, labels, save numbers, cursors, Vim's line counts for messages
// and the tree's counters) anchored
// to one text: the header records the SHA-256 and size of the text file's
// bytes on disk and the seq of the node whose text that is (the saved
// node). The node changes are deltas between parent and child, so any
// node's text follows from the anchor's: undo.Restore(text, savedSeq, img,
// opt) rebuilds the tree from the text read from disk. Because the writer
// runs on :w and on a timer, the file may hold nodes newer than the saved
// one: unsaved work survives a crash as redo-able history. Optionally the
// file also holds a compressed copy of the saved node's text, so that
// after the file was changed outside kjx the editor can diff the old text
// against the new one and graft the history onto it.
//
// The format is specified byte by byte in docs/undofile.md: a 12-byte
// preamble (magic, version, flags), a header record, one record per node,
// an optional text record and a trailer; varints everywhere, seq, parent,
// time, cursor and offsets delta-encoded, every record with a CRC32C
// keyed by its index, and a trailer with the file's length and the
// SHA-256 of everything before it. A typical one-character insert costs
// about 24 bytes. Version 2 added the node line counts; version 1 files
// (version 2 without them) are still read.
//
// # Invariants
//
//   - Decode returns a complete, structurally valid File or an *Error;
//     never a partial result, never a panic. Every length is bounded by the
//     bytes that remain, so allocations are bounded by a constant multiple
//     of the input (the decompressed text by Limits.MaxTextSize).
//     Whether the changes apply to the text is checked by undo.Restore.
//   - Encode only writes what Decode accepts (it validates the Image).
//   - An undo file is replaced atomically (temporary file, fsync, rename,
//     directory fsync): a crash, a full disk or a read-only directory
//     leaves the previous file intact. Files are mode 0600, a created
//     directory 0700; a symbolic link or other non-regular file is never
//     followed or opened, and a file owned by another user is never read.
//   - A file whose header names another path is never loaded for this one;
//     the writer then uses a hashed name (see Locate).
//   - Nothing larger than Limits.MaxFileSize is written: the saved-text
//     copy is left out first, then the oldest history is trimmed
//     (TrimImage, or Job.Trim), never the current or saved node.
//
// # Retention and the content index
//
// Prune deletes histories only by age (not used for persist_days; Read
// and every write count as a use), never because their text file is
// absent: that file may come back. The undo directory also holds a
// content index (.kjx-index) mapping every undo file to its text path and
// the hash of its saved (and, when known, current) text, so that
// FindHistories answers "which histories have this text" without reading
// every undo file. The index is a cache checked against the directory at
// every use and rebuilt when missing or corrupt; see docs/undofile.md.
//
// # Complexity
//
// Encoding and decoding are O(n log n) in the node count (linear apart
// from seq lookups) plus linear in the bytes. For 10 000 typical nodes
// (about 262 KB) encode+write and read+decode+verify each take a few
// milliseconds. Schedule is O(1) and allocation-light (one small closure
// when the caller builds one).
//
// # Concurrency
//
// Encode, Decode, TrimImage and the file functions are safe for
// concurrent use on different files. A Writer owns one goroutine that
// performs every write for one editor; its methods may be called from any
// goroutine. The writer goroutine reads only immutable data: Job.Image is
// called on it and must only read an immutable snapshot (e.g. the undo
// tree's Snapshot().Export), Job.Text is an immutable buffer.Rope, and
// Job.Trim must be a pure function of its arguments. Schedule never
// blocks on the writer; Results delivers every outcome without ever
// blocking the writer (the oldest unread result is dropped when the
// channel is full); Flush waits with a context; Close abandons waiting
// jobs but finishes the one in progress; Finish, for an exit, writes the
// waiting jobs on the caller's goroutine and returns every result. Several processes may share an
// undo directory: each write is atomic, and start-up clean-up removes
// only temporary files of dead processes (or over an hour old).
//
// # Use by the editor
//
//	dir := cfg.Undo.Dir
//	w := undofile.NewWriter(undofile.WriterOptions{Dir: dir, Limits: lim})
//	path, _ := undofile.Canonical(name)
//	// on open: disk is undofile.HashBytes(bytesRead)
//	l, err := undofile.Read(dir, path, disk, lim)
//	// errors.Is(err, fs.ErrNotExist): no history; other err: show err.Error()
//	// l.Changed: graft with l.File.Text, or undofile.SetAside(l.Name, now)
//	// else: undo.Restore(text, l.File.SavedSeq, l.File.Image, opt)
//	// on :w and on the save timer:
//	snap := tree.Snapshot()
//	w.Schedule(undofile.Job{Path: path, Image: snap.Export, SavedSeq: seq, Disk: disk, Text: &savedText})
//	// read w.Results() in the event loop; at exit: results := w.Finish()
//	// a file with no history under its path: look for one by content
//	hs, _ := undofile.FindHistories(dir, disk) // then undofile.ReadFile(hs[0].Name, disk, lim)
package undofile
