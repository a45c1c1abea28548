// Package editor is kjx's modal core: buffers, windows, modes, operators
// and motions, registers, marks, macros, Ex commands, messages and the
// reading and writing of the text. It is synchronous: it starts no
// goroutine, has no timer, watches no file, reads no environment and never
// reads the wall clock. It knows nothing of terminals: its caller (the
// session in editor/session, a test) feeds it Keys and takes immutable
// Views (TakeView).
//
// Everything else comes in through its Config: the clock (Config.Clock; a
// virtual one standing at clock.Epoch when none is given), the home
// directory, and two ports (ports.go): Persistence, through which the
// core tells the session's undo files what happened to a buffer's file
// and hands over :wundo, :rundo and :undostats, and FileWatch, through
// which it registers the files of its buffers with the session's watcher
// (whose batches come back through FilesChanged). A core made from a zero
// Config writes no undo file and watches nothing.
//
// # Modes
//
// The editor is a state machine over Mode:
//
//	         i a o O I A c s C S R                 :  /  ?
//	Insert <─────────────────────── Normal ────────────────> Command-line
//	Replace ───────── <Esc> ──────>  │  ^  <─── <CR> <Esc> ───
//	                         v V ^V  │  │ <Esc>, operator
//	                                 v  │
//	                                Visual (char, line, block)
//
// Operator-pending is Normal mode with an incomplete command in the
// pending keys (View.Pending). Normal-mode keys are collected until they
// parse as a whole command (["x][count]cmd or op[count]motion), then the
// command runs.
//
// Confirm is the prompt of :s///c (ex_substitute_confirm.go): the command
// line's <CR> enters it when a match is found, each key answers it, and
// it returns to Normal mode when the matches, q, l or a end the command.
// The pending :s lives in Editor.pendingConfirm; a :g that runs it is resumed from
// there.
//
// # Text model
//
// A buffer's text is a buffer.Rope holding its lines joined by "\n"
// without a final newline: Vim line k is rope line k-1, and "" is one
// empty line. Whether the file ended with a newline is a buffer flag.
// Positions are Pos{Line, Col}: 0-based line, 0-based byte column; the
// cursor always sits on the start of a grapheme cluster, and display
// columns count tabs and wide characters.
//
// # Undo blocks
//
// Every change goes through the buffer's undo.Tree: Save (Vim's u_save,
// opening a block when the tree is synced), then Apply of a minimal
// buffer.Change. The editor syncs the tree exactly where Vim does: on
// every typed key in Normal or Visual mode (not for keys from :normal,
// macros, . or -s scripts), before u, CTRL-R, g-, g+, :undo, :earlier and
// :later, when 'undolevels' is set and on reload. So one Insert session,
// one counted command, one . and one Ex command line are each one block,
// and a command that fails before changing anything creates none.
//
// # Marks and the jumplist
//
// Marks live on the buffer, the jumplist (jumplist.go: 100 entries, merged
// per line before CTRL-O, CTRL-I and :jumps) on the window. Both follow the
// text as Vim's mark_adjust and mark_col_adjust move them: every change
// reports its line shift (marks.go), and undo and redo replay theirs
// entry by entry (undomarks.go). Every jump goes through setPCMark, which
// sets the ' mark and appends an entry; checkPCMark runs after each Normal
// command and puts the old ' mark back when the jump left the cursor on it.
//
// # Typeahead
//
// Keys go through a queue, as Vim's typeahead: Feed appends keys marked
// typed or not; . (the redo command), @ (macros) and :normal put their
// keys in front, not typed. A typed key in Normal or Visual mode closes
// the undo block; keys that were not typed never do, so a macro, a . and a
// :normal are one block each. A failing command (a motion that cannot
// move, an error message) drops the keys that were not typed, as Vim's
// beep_flush: a macro stops at its first failure, typed keys still run.
// EndStep ends a batch of scripted keys like Vim's feedkeys(keys, 'xt'):
// Insert and Command-line mode are left with <Esc>, a pending command is
// dropped, Visual mode stays.
//
// # Concurrency
//
// One goroutine owns an Editor: call every method from it (the session's
// Run is that goroutine's loop for the UI). TakeView returns a snapshot
// that shares the persistent rope and copies only small state; it may be
// handed to any goroutine and is never modified afterwards.
package editor
