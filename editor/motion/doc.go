// Package motion implements Vim's cursor motions and text objects as pure
// functions over an immutable buffer.Rope: the word motions w b e ge W B E
// gE, the line motions 0 ^ $ g_, f F t T with ; and ,, %, the paragraph and
// sentence motions { } ( ), the text objects iw aw iW aW is as ip ap, the
// bracket blocks and the quoted strings, grapheme-cluster stepping and
// display columns. Vim 9 is the specification; the tests compare thousands
// of cases with answers recorded from the real Vim.
//
// # Model
//
// Positions are byte offsets into the rope. The cursor moves by grapheme
// clusters (Unicode extended grapheme clusters as cells.Cut cuts them
// with github.com/rivo/uniseg), with three rules of Vim's: a '\n' is a cluster
// of its own and clusters never cross a line end (so "\r\n" is two clusters,
// Vim's ^M and the line break), an invalid UTF-8 byte is a cluster of its
// own (Vim shows it as <xx>). Every function first moves an offset that is
// inside a cluster to the cluster's start, and every position it returns
// is a cluster start or Len().
//
// A line's "NUL position", the place just past its last character, is the
// offset of its '\n', or Len() for the last line. Vim's cursor can rest
// there only in Visual mode and, briefly, in the middle of a command; the
// functions named after a motion return where the cursor ends in Normal
// mode, and the ...Raw variants return the raw target that operators and
// Visual mode need, which may be a NUL position. The text's lines are the
// rope's lines: a text ending in '\n' has an empty last line.
//
// Word classes follow Vim's cls() with the default 'iskeyword'
// ("@,48-57,_,192-255"): blanks (space, tab, NUL, U+00A0 and the Unicode
// spaces) are class 0, punctuation 1, and word characters 2 or a class of
// their own for emoji, CJK ideographs, kana, Hangul, braille, super- and
// subscripts (class_table.go, generated from Vim's charclass() by
// gen_classes.go). A cluster's class is its first rune's. Display widths
// are package editor/cells's, the screen's own: a tab reaches the next
// multiple of the tab stop, a control character is ^X (2 cells), a C1
// control or an invalid byte <xx> (4), a format character such as U+202E
// <202e> (6), other clusters uniseg's width (2 for wide characters and
// emoji), so DisplayCol is the column the screen shows.
//
// Vim's options are fixed at their defaults: 'iskeyword', 'matchpairs'
// "(:),{:},[:]" (plus <:> for the < > objects), 'paragraphs', 'sections',
// 'quoteescape' "\", 'cpoptions' without %, M, J, E or {, 'selection'
// inclusive, no 'virtualedit', no folding, no 'lisp'.
//
// # Differences from Vim 9.0
//
//   - Grapheme clusters: Vim 9.0 treats a ZWJ emoji sequence, an emoji with
//     a skin-tone modifier or a flag as several characters; here each is one
//     character everywhere (motions stop before or after it, never inside).
//     Combining marks attach to their base in both.
//   - { that ends on the last line stays at the line start (Vim 9.0 went to
//     the line's end, fixed in later Vim), and vi( on an empty block "()"
//     fails (Vim 9.0 selected the two brackets, fixed in later Vim).
//   - A text object that fails leaves the Operator-pending cursor where it
//     was (Vim 9.0 sometimes leaves it where the failed search stopped).
//
// # What the editor core must do
//
// The operator rules of Vim belong to the editor, which combines these
// functions as follows (operator_test.go is a reference implementation of
// these rules for d, c and y, checked against Vim by the golden test).
//
//   - Motion kinds: w W b B ( ) { } 0 ^ | F T are exclusive; e E ge gE $ g_ f
//     t % are inclusive; % between #if/#else/#endif is linewise
//     (MatchPairRaw says so). } and { are inclusive when
//     ParagraphForwardRaw or ParagraphBackwardRaw say so: they reached the
//     last character of the text (Vim 9.0 does that for { too, on a
//     one-line text).
//   - Normal and Operator-pending mode never leave the cursor on a line's
//     NUL position: when a motion that moved forward ends there on a
//     non-empty line (WordForwardRaw, WordEndRaw, SentenceForwardRaw), the
//     target moves back onto the line's last character and the motion
//     becomes inclusive (Vim's adjust_cursor). In Visual mode the target
//     stays on the NUL, and the selection includes the line break.
//   - With an operator, w and W use WordForwardRaw(..., operator=true): the
//     last count stops at the end of a line, so dw on a line's last word
//     does not join lines.
//   - cw and cW on a non-blank act as ce and cE with Vim's "stop" rule:
//     WordEndForChange, inclusive. On a blank cw is an ordinary operator w.
//   - ":h exclusive": when an exclusive characterwise range (a motion, or a
//     Range of Kind Exclusive) ends at the start of a later line, its end
//     moves to the end of the previous line and it becomes inclusive; and if
//     its start is at or before the first non-blank of its line, the range
//     becomes linewise instead. (o_v and friends are the editor's.)
//   - d (not c or y) with a characterwise motion that spans lines becomes
//     linewise when only blanks precede its start and follow its end.
//   - d and c on an empty exclusive region do nothing (no register is
//     set); y yanks the empty text.
//   - ; and , repeat the last f F t T: the editor remembers the kind and the
//     cluster, passes repeat=true, and reverses the kind for ,.
//   - A count before % is "go to N% of the file", not MatchPair.
//   - Text objects in Operator-pending mode use TextObject(..., nil). A
//     Linewise Range spans whole lines and its End is the last line's end
//     (the editor adds that line's '\n', or for the last line of the text
//     the '\n' before the first line). In Visual mode use TextObjectVisual
//     with the editor's anchor and cursor; TextObject with a selection Range
//     is a convenience that cannot keep the columns of linewise Visual mode.
//
// # Complexity
//
// The rope is read through a small sliding window (buffer.Rope.SliceString
// of about 1 KiB), never flattened, so the cost of a call depends on the
// distance it travels and on the lines it inspects, not on the size of the
// text: a w in a 1 GB file costs what it costs in a small one. Word, find,
// line and sentence motions and grapheme stepping are O(distance); stepping
// back over one cluster is O(1) in ordinary text and at worst O(line) in
// pathological lines (long runs of ZWJ or regional indicators). Functions
// that work on a whole line (the quote objects, %, the bracket objects,
// DisplayCol, OffsetAtDisplayCol) are O(line length) per line visited. Like
// Vim, % and the bracket objects scan until they find a match, to the
// start or end of the text when there is none, and { } stop at the next
// paragraph boundary however far it is.
//
// # Concurrency
//
// The package has no mutable state: every function is pure, reads only its
// rope argument (an immutable value) and read-only tables, and is safe for
// concurrent use by any number of goroutines.
package motion
