// Package diskwatch tells the editor when files it has open change on
// disk behind its back: git checkout and stash, formatters, AI agents,
// another editor.
//
// # Model
//
// A Watcher tracks files by the path given to Add and watches their
// directories, not the files: editors and tools save by writing a
// temporary file and renaming it over the original, which replaces the
// inode a file watch would follow. Events for other files of a watched
// directory are ignored. A directory is watched while at least one
// tracked file is in it (reference count). A path whose directory has
// symlinks is watched in its resolved directory; when the file itself is
// a symlink, the directory of its target is watched too, so a change to
// the target and a replacement of the link are both seen.
//
// Raw events are folded into batches, received on Events:
//
//	raw events ──▶ core (pending set, first/last event time) ──▶ batch
//	                     │ debounce after the last event,           │
//	                     │ at most 20 intervals after the first     ▼
//	                     └──────────── stat each pending file ── []Event
//
// A batch comes once the events have been quiet for the debounce interval
// (or every 20 intervals while they never stop), and holds one Event per
// affected file, sorted by path. Its Kind compares the file at the end of
// the batch with the file at the end of the previous batch (or when it
// was added), by one stat per file:
//
//	existed  exists   Kind
//	yes      yes      Changed  (write, truncate, rename over, delete+recreate)
//	yes      no       Removed  (delete, rename away)
//	no       yes      Created
//	no       no       nothing  (created and removed within the batch)
//
// So a git checkout touching 500 files yields one batch with an event per
// tracked file, and a script rewriting a file 100 times in a second yields
// one Changed. A bare attribute change (chmod) counts only when the
// file's size or modification time changed, or it is gone: kqueue reports
// truncation that way, and Linux reports an unlink of a file still open
// elsewhere as a chmod. When the OS queue overflows, events were lost,
// so every tracked file is checked (Changed, or Removed). When a watched
// directory itself is removed or renamed, its files are reported Removed;
// Add of one of them again re-watches the directory once it exists.
//
// # Invariants
//
//   - Only tracked paths produce events; one event per path per batch.
//   - A batch waiting to be received absorbs later batches (kinds
//     combined, so Created then Removed vanishes and Removed then Created
//     is Changed): the goroutine never blocks on a slow receiver, and the
//     receiver never misses a change.
//   - The kinds of successive batches for a file chain: Removed is
//     followed by Created, never by Changed.
//
// # The editor's side
//
// Add a file before reading it (or compare after Add), so no change falls
// between the read and the watch. After saving a file itself, the editor
// will see its own write as Changed; it should compare the file with what
// it wrote (a size and mtime, or the content) and ignore a match.
//
// # Concurrency
//
// The Watcher runs one goroutine that reads fsnotify, drives the core and
// hands out batches and errors. Add, Remove and Close may be called from
// any goroutine (the editor's); they are serialised among themselves, and
// the core is guarded by a mutex the goroutine holds only briefly, never
// across a channel operation or an OS call. The receiver owns each batch
// it gets.
//
// # Testing
//
// The core is a pure state machine fed raw events with their times and a
// stat function, so debounce, coalescing and kinds are table-tested
// without a filesystem or sleeping. The Watcher takes a clock.Clock;
// the filesystem tests run real fsnotify under a fake clock and write a
// sentinel file to know when the watcher has taken in every event, so
// they assert exact batches without timing assumptions.
package diskwatch
