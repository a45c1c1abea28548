// Package syntax colours source code for the screen: it finds a buffer's
// file type and lexes its text with chroma's lexers, incrementally and off
// the editor's and the UI's goroutines.
//
// # Model
//
//	UI goroutine ──Want(buffer, file type, rope)──▶ Worker goroutine
//	     ▲                                              │ Highlighter.SetText, Step, Step, …
//	     └──────── Latest(): immutable *Result ◀─────────┘ (published after every step)
//
// A Highlighter keeps, for one buffer, the tokens of every line (as
// Spans: a byte offset in the line and a chroma token type) and the
// lexer's state at the start of every line where that state is known.
//
// # Checkpoints: how a chroma lexer is resumed
//
// chroma's regex lexers are state machines whose whole state is a stack of
// state names (LexerState.Stack); chroma offers no way to start a lexer
// with a given stack or to read the stack back. The lexer is therefore
// rebuilt (resumable, lexer.go) from its own rules with two additions:
//
//   - every rule's mutator is wrapped: after a match, when the match ended
//     exactly at the start of a line, the stack is recorded (interned as a
//     number). A line whose start no match ends on (a token that spans
//     lines, such as a Go block comment or raw string) has no checkpoint.
//   - lexing starts in a private state whose one empty rule replaces the
//     stack with the checkpoint's.
//
// So lexing can restart at any line that has a checkpoint and produces
// exactly the tokens that lexing from the start of the text would.
// Lexers that keep state outside the stack (chroma's MutatorContext: a
// few heredoc lexers) record no checkpoints beyond the first line and are
// lexed from the start; lexers that are not regex lexers (delegating
// lexers such as templates embedded in HTML) likewise.
//
// # Incremental lexing
//
// SetText compares the new text with the old one (the common prefix and
// suffix of the two ropes), keeps the lines before and after the change
// with their tokens and checkpoints (shifted), and marks the changed lines
// unknown. Step lexes from the last checkpoint at or before the first
// line not known to be right, in a window of lines, and stops as soon as
// it reaches a line after the change whose start state equals the state
// recorded there before the edit: from there on the old tokens are the
// new ones. Typing inside a function re-lexes one line; opening a block
// comment re-lexes up to where the comment ends.
//
// A window holds a bounded number of lines (a regexp sees only the
// window): tokens in the last quarter of a window that does not reach the
// end of the text are not trusted and are lexed again by the next window.
// A single token longer than three quarters of a window (a comment of
// thousands of lines) may therefore be cut; this is the method's limit.
//
// # Limits
//
//   - Like Vim's 'synmaxcol' (3000), only the first MaxCol bytes of a line
//     are lexed; the rest of a longer line is not coloured. A 5 MB line is
//     read no further than that.
//   - Only the lines within the first MaxBytes bytes of a text are lexed;
//     Result.Limited says so, and the UI says it once.
//   - Regular-expression lookbehind across a line start, which a few
//     lexers use, can see text before a checkpoint: such a lexer may
//     colour a line differently after an edit above it than a full lex
//     would, until the next full lex.
package syntax
