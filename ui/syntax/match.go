package syntax

import (
	"path/filepath"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// backupSuffixes are the endings chroma's LexerRegistry.Match looks
// through ("x.go.orig" is Go), as chroma v2.27.0 lists them (unexported);
// TestMatchLexerAgreesWithChroma compares the picks with lexers.Match on
// a sample of names ending in them and in a few endings chroma lacks.
var backupSuffixes = [...]string{
	"~", ".bak", ".old", ".orig",
	".dpkg-dist", ".dpkg-old", ".ucf-dist", ".ucf-new", ".ucf-old",
	".rpmnew", ".rpmorig", ".rpmsave",
	".in",
}

// matchLexer returns the lexer chroma's lexers.Match picks for the base
// name of a file, or nil. chroma tries every glob of every lexer, and
// each again with every backup suffix, through filepath.Match: about
// 7 000 pattern matches, 2.4 ms at every file opened. Here a glob that is
// a plain name or "*" and a plain ending is compared as a string, and
// only the few others go through filepath.Match. The choice is chroma's:
// file names first, then alias file names; among the lexers that match,
// the highest priority, the first registered on a tie.
func matchLexer(base string) chroma.Lexer {
	all := lexers.GlobalLexerRegistry.Lexers
	if l := bestMatch(all, base, func(c *chroma.Config) []string { return c.Filenames }); l != nil {
		return l
	}
	return bestMatch(all, base, func(c *chroma.Config) []string { return c.AliasFilenames })
}

// bestMatch returns the highest-priority lexer of all with a glob in
// globs(config) that matches name, the first on a tie.
func bestMatch(all chroma.Lexers, name string, globs func(*chroma.Config) []string) chroma.Lexer {
	var best chroma.Lexer
	bestPrio := float32(0)
	for _, l := range all {
		c := l.Config()
		if !anyGlobMatches(globs(c), name) {
			continue
		}
		if p := priority(c); best == nil || p > bestPrio {
			best, bestPrio = l, p
		}
	}
	return best
}

// priority is a lexer's priority as chroma sorts by it (0 counts as 1).
func priority(c *chroma.Config) float32 {
	if c.Priority == 0 {
		return 1
	}
	return c.Priority
}

// anyGlobMatches reports whether one of globs matches name, or name
// without one of the backup suffixes it ends with.
func anyGlobMatches(globs []string, name string) bool {
	for _, g := range globs {
		if globMatches(g, name) {
			return true
		}
		for _, suf := range &backupSuffixes {
			if strings.HasSuffix(name, suf) && globMatches(g, name[:len(name)-len(suf)]) {
				return true
			}
		}
	}
	return false
}

// globMatches is filepath.Match(glob, name) for a name without a
// separator, a bad pattern matching nothing: a string comparison when
// glob is a plain name or a "*" before a plain ending.
func globMatches(glob, name string) bool {
	const meta = `*?[\`
	if !strings.ContainsAny(glob, meta) {
		return glob == name
	}
	if tail, ok := strings.CutPrefix(glob, "*"); ok && !strings.ContainsAny(tail, meta) {
		return strings.HasSuffix(name, tail)
	}
	ok, err := filepath.Match(glob, name)
	return ok && err == nil
}
