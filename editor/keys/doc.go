// Package keys is the one home of key values and Vim key notation: the
// Key type every part of kjx speaks (the editor core, the configuration,
// the undo-tree panel, the terminal adapter in ui), and the one parser
// and formatter of notation such as "ihello<Esc>", "<C-r>", "<S-Tab>"
// and "<lt>".
//
// A Key is a comparable value in a normal form (see Key and WithMods), so
// that two spellings Vim treats as the same key ("<C-S>", "<c-s>",
// "\x13") give equal keys, and mapping tables can compare key slices
// directly.
//
// There is one parser with two entry points: Parse reads notation the way
// Vim reads a mapping or feedkeys() text (a "<" that starts no known name
// is a literal "<"), and ParseStrict, for hand-written configuration,
// reports a well-formed but unknown name such as <Ecs> as a *NameError, so
// typos are caught. String and Format write keys back the way Vim's
// keytrans() does; Parse(Format(keys)) gives the keys back.
//
// Translating terminal events into keys is the terminal adapter's job
// (package ui); this package knows no terminal library. It imports
// nothing of kjx.
package keys
