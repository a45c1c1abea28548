// Package ui is kjx's terminal front end: it turns terminal events into
// editor keys and draws what the editor publishes — the text, the status
// line, the command line and messages, the undo-tree panel and its diff
// preview.
//
// # Model
//
//	terminal ──events──▶ UI goroutine ──session.Input──▶ session goroutine
//	    ▲                     │   ▲                       (the editor core)
//	    └──Show/Sync── Renderer   └──── editor.View (published, immutable)
//	                          │
//	                 diff worker goroutine (previews, off the UI goroutine)
//	                 syntax worker goroutine (ui/syntax: highlighting)
//
// The session (editor/session) owns the editor core and all editing state
// on its own goroutine and publishes an immutable editor.View after each
// batch of input. The UI goroutine turns
// the newest view into a Frame (frame.go) and a Renderer draws the Frame
// onto a Surface: the terminal through a thin tcell adapter
// (TcellSurface, the only file that draws with tcell), or a MemSurface in
// tests, which yields golden screens under testdata/ (go test -update
// rewrites them).
//
// # Safe text
//
// No byte of a file, a file name or a message reaches the terminal unless
// it is part of a printable grapheme cluster. The rules — ^X for
// controls, <xx> for invalid UTF-8, <202e> for format characters, tabs to
// 'tabstop' — are package editor/cells's, which the motions use too, so
// the cursor lands on the column the screen shows. Wide clusters take two
// cells; one that does not fit at the end of a wrapped row leaves a '>'
// and moves to the next row. Every escape is ASCII drawn in the
// SpecialKey style.
//
// # Cost
//
// A frame costs what the screen shows, never the size of the file or of
// the history: only the visible lines are laid out, through a small
// window on the rope, with an ASCII fast path; without 'wrap' a long line
// is laid out only up to the visible columns, from checkpoints cached per
// long line (validated by content, so edits elsewhere keep them). The
// panel lists h rows of an incrementally maintained layout
// (ui/undopanel), and diffs run in ui/diff's worker, debounced and
// cancelled when no longer wanted.
//
// # Colours
//
// scheme.go is the one place that maps what is drawn to styles: the
// Theme's roles and the syntax token types (Theme.Tokens) of a colour
// scheme, kjx's 16-colour dark and light schemes or any chroma style;
// NO_COLOR and TERM=dumb remove every colour. colour.go hands each new
// text to the syntax worker and gives every frame the newest result,
// which the text window draws line by line (syncolour.go).
//
// # Concurrency
//
// Run starts the editor, the terminal reader, the diff worker and the
// syntax worker on their own goroutines; everything else — the Renderer, the Panel, the
// frame builder — belongs to the UI goroutine. Views and undo snapshots
// are immutable and shared freely; the only lock guards the hand-over of
// the newest view. The UI draws at most once per batch: not while input
// is waiting to be read or applied, nor during a bracketed paste (which
// reaches the editor as one insert and one undo step); Show once per
// frame, Sync only after a resize, CTRL-L or a resume from CTRL-Z. A
// panic on any of the goroutines restores the terminal before it goes on.
//
// Mouse clicks and the wheel go to the editor as editor.Click and
// Input.Scroll (the line and display column under the pointer), never as
// keys. The configuration the UI applies itself — [panel] and
// [keys.panel] — comes from the editor's goroutine through
// session.RunHooks.Config and is handed over in a one-slot mailbox
// (uiconfig.go), so a saved configuration file redraws an open panel at
// once. Panel key maps hold a prefix of a longer left side until the next
// key or 'timeoutlen' (a timer that only pokes the UI goroutine).
package ui
