// Package session is everything beside kjx's editor core: it owns one
// editor.Editor and drives it on one goroutine, and it does the work the
// synchronous core must not do itself.
//
//	       ui / cmd/kjx
//	           │ Input, RunHooks          ▲ editor.View (TakeView)
//	           ▼                          │
//	┌──────────────────── Session (one goroutine) ─────────────────────┐
//	│ Run's select: input · save timer · writer results · file watcher │
//	│               · configuration watcher · 'timeoutlen'             │
//	│        │ Feed, ExecEx, FilesChanged, TimeOutHeldKeys …           │
//	│        ▼                                                         │
//	│   editor core ── ports ──▶ persistPort (undo files, persist*.go)  │
//	│                          ▶ watchPort   (file watcher, watch.go)  │
//	└──────────────────────────────────────────────────────────────────┘
//	     │ jobs (snapshots)          │ Add/Remove          │ Add
//	     ▼                           ▼                     ▼
//	undofile.Writer goroutine   diskwatch (open files)  diskwatch (config)
//
// # What it owns
//
//   - The run loop for the UI (Run, RunWith): inputs are applied to the
//     core in batches and a View is published after each batch.
//   - Timers, all on the session's clock (Config.Clock): the undo-file save
//     timer (Tick) and the 'timeoutlen' wait for keys held as the start of
//     a mapping (timeout.go).
//   - Persistent undo (persist*.go): the undo-file writer and its results,
//     the loader (restore, recovery of unsaved states as redo-able nodes,
//     grafting onto a file changed outside kjx, setting aside what cannot
//     be used), retention, :wundo, :rundo and :undostats. The core reaches
//     it through its Persistence port.
//   - The watcher of the open files (watch.go): started lazily by Run,
//     reached by the core through its FileWatch port; its batches go back to
//     the core, which decides what a change means (Editor.FilesChanged).
//   - The live configuration (configlive.go): the configuration file is
//     watched with the same file watcher, reloaded by config.Reloader and
//     applied to the core's options, key maps and undo limits.
//   - The headless runner (headless.go): steps, scripts and the JSON record
//     of each step (StepState; docs/headless.md is its contract).
//
// # Clocks
//
// Config.Clock is the time of the session and of its core (undo
// timestamps, :sleep, the timers); with `kjx --headless --clock` it is
// virtual. Config.Wall is compared with file modification times
// (retention, stale temporary files, a rewrite within one tick of the file
// system's clock) and stays the wall clock, so that a virtual clock never
// makes kjx delete a history it would keep. Both are clock.Clock.
//
// # Concurrency
//
// A Session belongs to one goroutine: Run's while Run runs, else its
// creator's. The writer, the retention pass and the watchers run on their
// own goroutines and only receive immutable values (undo snapshots,
// ropes, paths) or send results and batches back on channels.
//
// # Seams
//
// FlushUndoFiles is synchronous, for a handler of SIGHUP or SIGTERM;
// cancelling Run's context makes Run flush and return. Tick visits every
// buffer and skips those without a file: recovery files for never-written
// buffers belong there. The Persistence port reports every open, write and
// close of every buffer, which is where checkpoints across files (a
// workspace history) will be taken.
package session
