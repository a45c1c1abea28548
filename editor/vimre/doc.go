// Package vimre runs Vim regular expressions on Go's RE2 engine.
//
// # Model
//
// Compile reads a pattern with Vim's rules ('magic' on; \v \m \M \V switch
// the level anywhere, \c \C override 'ignorecase', 'smartcase' looks for an
// uppercase letter the way Vim's pat_has_uppercase does) and translates it
// to RE2 syntax in (?m) mode. Everything that can match a line break is
// explicit (\n, \_x, \_[...], [\n]); classes and negated collections never
// match one otherwise, so a single-line pattern can be run over many lines
// at once without crossing them. Character classes ignore 'ignorecase' as
// in Vim (\u matches only uppercase even with \c), collections follow it.
//
// RE2 has no lookaround, so Vim's zero-width items that need it are
// emulated around the engine: \zs, \ze, \< and \> become empty capture
// groups that record where they matched. \zs and \ze then move the ends of
// the match; \< and \> are checked against the characters around that
// position ('iskeyword' default: ASCII letters, digits, '_', Latin-1
// letters, other letters, digits and marks), and a failed check makes the
// search try again one character further, as Vim's engine tries each start
// position. This is exact for the usual \<word\>; with alternatives it only
// judges the alternative RE2 picked (Vim backtracks into the others).
// Searching from the middle of a line uses a second regexp,
// \A(?s:.)(?s:.*?)(pattern), so that the characters before the start stay
// context for ^ and the markers; for a single-line pattern the plain
// translation first finds where the earliest match can start on the rest
// of the line (it may use a literal prefix), and the context regexp starts
// there. FindSubmatchAt is the search :s uses over many lines at once;
// MultiLine says a match may hold a line break, HasNL whether Vim's :s
// treats the pattern as multi-line (re_multiline: \n and \_x classes, not
// collections).
//
// Search follows Vim's searchit: forward matches must start after the
// cursor (a match at the end of the cursor line counts as on its last
// character), backward ones before it, a match passed over is skipped to its
// end ('cpoptions' c), and wrapping continues from the other end up to the
// cursor line; as in Vim, \n also matches at the end of the last line (a
// line break Vim does not store), and the match is clipped to the text.
// FindAllInLine follows :s///g (an empty match where the last
// one ended is skipped, no search starts at the end of the line).
// ExpandReplacement and ExpandTilde follow vim_regsub and regtilde.
// Everything was checked against Vim 9.0 (testdata/golden.json).
//
// # Supported
//
// Literals, . * \+ \= \? \{n,m} \{-n,m} (and \v forms), \( \) \%( \) \|,
// ^ $ \_^ \_$, \< \> \zs \ze, ~ (Options.PrevSub), [] collections with
// ranges, [:class:], \e \t \r \b \n \d123 \o40 \x20 \u20AC inside, \_[],
// \s \S \d \D \w \W \a \A \l \L \u \U \x \X \o \O \h \H \i \I \k \K \f \F
// \p \P and their \_ forms, \_., \n, \t \e \r \b, \%d \%o \%x \%u \%U,
// \%[abc], \c \C \v \m \M \V, \Z (accepted, ignored).
//
// # Unsupported
//
// These give "E383: kjx cannot search for X (why)": \@= \@! \@<= \@<! \@>
// (lookaround), \1..\9 back-references in the pattern, \& (concat-and),
// \%V \%# \%^ \%$ \%23l \%23c \%23v \%'m (positions), \%C, counts above
// 1000 (RE2's limit). [[=x=]] matches only x itself (Vim adds its accented
// forms). Other syntax errors carry Vim's own messages (E54, E55, E944,
// E866, E871, ...). Invalid UTF-8 in a pattern matches any invalid byte.
//
// # Complexity
//
// Compile is linear in the pattern. Matching is RE2's: linear in the text
// times the pattern, no backtracking blow-up; candidates rejected by \< \>
// or by the cursor rule restart the engine, which is quadratic only on
// lines with very many rejected candidates. Search reads the rope in blocks
// of about 1 MiB of whole lines (never the whole rope): a multi-line match
// is found only if it ends within one block after the block it starts in.
//
// # Concurrency
//
// A Regexp is immutable; all functions are pure and may be used from any
// number of goroutines at once.
package vimre
