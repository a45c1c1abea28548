// Package store is the content-addressed store of workspace history: the
// texts that checkpoints need and no undo file holds (files closed long
// ago, deleted files), each kept once however many files and checkpoints
// share it.
//
// # Model
//
// A blob holds one text (the bytes of a file as kjx wrote or read it) and
// is named by the SHA-256 of those bytes: the same text is stored once
// (deduplicated across files and checkpoints) and a name can be checked
// against its content. Blobs live in DIR/XX/HASH, where XX are the first
// two hex digits of the 64-digit HASH. A blob is compressed with raw
// DEFLATE (compress/flate at its default level) unless that would not
// make it smaller; then the text is stored as is. The byte layout is in
// docs/workspace.md:
//
//	magic "KJXBLOB\0" · version 1 · method (0 stored, 1 DEFLATE) ·
//	uvarint text length · SHA-256 of the text · CRC32C of the header ·
//	the data to the end of the file
//
// Which blobs are still needed is the checkpoint log's business
// (undofile/workspace): it lists them with Blobs and removes them with
// Remove; this package only stores, verifies and lists.
//
// # Invariants
//
//   - Get returns the exact text or an *Error: the header (magic,
//     version, method, length, CRC) and the SHA-256 of the decompressed
//     text are checked every time, and the hash must be the blob's name.
//     Allocation is bounded by the declared length, itself bounded by
//     Options.MaxTextSize and by DEFLATE's largest expansion of the bytes
//     present; a damaged blob never panics. A missing or damaged blob
//     costs only the texts that need it.
//   - Put is crash-safe (temporary file, fsync, rename, fsync of the
//     directory): a blob file is complete or absent. Blob files are mode
//     0600, directories created 0700. Put keeps an intact blob for the
//     same text and refreshes its modification time (the garbage
//     collector spares recently used blobs); it replaces one whose header
//     is damaged.
//   - Nothing is followed through a symbolic link; files of another user
//     and non-regular files are never read.
//
// # Concurrency
//
// A Store is safe for concurrent use, and several kjx processes may share
// a directory: blobs never change once written and every write is an
// atomic rename. Removing blobs is left to the caller, which must make
// sure no other process is about to reference them (the workspace log
// does that with a lock and a grace period).
package store
