// Package cells is the one home of kjx's display rules: how text is cut
// into grapheme clusters, how many screen cells each cluster takes, and
// what is drawn for it. The screen (package ui) draws with these rules
// and the motions (editor, editor/motion) count columns with them, so the
// cursor of j, k, |, $, blockwise Visual and mouse clicks lands on the
// column the screen shows, as in Vim. Any other text shown to a person
// (messages on stderr before the screen starts, say) goes through
// Sanitize.
//
// # Clusters
//
// Cut cuts text into uniseg's grapheme clusters, with two exceptions: an
// invalid UTF-8 byte is a cluster of its own, and two ASCII characters
// are never joined (a line holds no CR LF).
//
// # Safe text
//
// No byte reaches the terminal unless it is part of a printable grapheme
// cluster. Pieces gives the display form of a cluster:
//
//   - C0 controls and DEL show as ^X (^@, ^[, ^?), 2 cells; a tab takes
//     the cells to the next multiple of 'tabstop' in a text window
//     (TabWidth, WidthAt) and is ^I elsewhere;
//   - invalid UTF-8 bytes and C1 controls show as <xx>, 4 cells;
//   - format characters (Unicode Cf: bidi controls U+202A–U+202E and
//     U+2066–U+2069, zero-width spaces and joiners, the BOM, the soft
//     hyphen...), other default-ignorable invisibles (Hangul fillers),
//     line and paragraph separators, noncharacters and code points Go's
//     Unicode tables do not assign show as <202e>, 6 cells (more above
//     U+FFFF), and a cluster that holds one is split around it;
//   - a combining mark with nothing to combine with (after a control, at
//     a line start) shows as <0301>;
//   - ZWJ passes only inside a two-cell emoji cluster and tag characters
//     only inside a flag sequence;
//   - any other cluster takes uniseg's width, at most 2 (wide characters
//     and emoji).
//
// Vim 9.0 shows U+200B–U+200F, U+202A–U+202E, U+2060–U+206F and U+FEFF
// the same way (<202e>, 6 cells), and kjx's cursor columns on them are
// checked against Vim's (editor's TestVimFormatCharColumns). kjx escapes
// more than Vim: Vim draws the soft hyphen U+00AD and U+061C as one cell
// each, kjx as <00ad> and <061c>; there kjx's cursor follows kjx's screen.
//
// Widths of East Asian ambiguous characters follow uniseg's
// EastAsianAmbiguousWidth, which tcell sets from RUNEWIDTH_EASTASIAN when
// it is initialised; tests pin it to 1 (Vim's 'ambiwidth' single).
//
// The package imports nothing of kjx and holds no mutable state (two
// tables built once on first use).
package cells
