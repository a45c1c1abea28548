package syntax

import (
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// TestMatchLexerAgreesWithChroma checks matchLexer against chroma on
// names made from every glob chroma knows (each wildcard filled in two
// ways, with and without every backup suffix, in other cases, with
// something before and after it) and on random names: every glob's
// verdict on every name made from it against chroma's own rule, and the
// lexer picked against chroma's lexers.Match on a sample of the names
// (chroma takes 2 ms a name).
func TestMatchLexerAgreesWithChroma(t *testing.T) {
	var names []string
	for _, l := range lexers.GlobalLexerRegistry.Lexers {
		c := l.Config()
		for _, g := range append(append([]string{}, c.Filenames...), c.AliasFilenames...) {
			var made []string
			for _, fill := range []string{"", "x"} {
				n := fillGlob(g, fill)
				made = append(made, n, strings.ToUpper(n), "a."+n, n+".x", "x"+n)
				for _, suf := range backupSuffixes {
					made = append(made, n+suf)
				}
				for _, other := range []string{".new", ".dist", ".swp", ".tmpl", ".backup"} {
					made = append(made, n+other)
				}
			}
			for _, n := range made {
				if got, want := anyGlobMatches([]string{g}, n), chromaGlobRule(g, n); got != want {
					t.Fatalf("glob %q, name %q: %v, chroma's rule %v", g, n, got, want)
				}
			}
			names = append(names, made...)
		}
	}
	rng := rand.New(rand.NewSource(1))
	const alphabet = "abcmkhpgo.~_-[]*?"
	for range 300 {
		b := make([]byte, 1+rng.Intn(12))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		names = append(names, string(b))
	}
	matched := 0
	for i := range 600 {
		n := names[rng.Intn(len(names))]
		if i >= 300 {
			n = names[len(names)-600+i] // the random ones
		}
		want, got := lexers.Match(n), matchLexer(n)
		if want != got {
			t.Fatalf("%q: chroma picks %v, matchLexer %v", n, lexerName(want), lexerName(got))
		}
		if got != nil {
			matched++
		}
	}
	if matched < 150 {
		t.Fatalf("only %d of 600 names matched a lexer: the names test little", matched)
	}
}

// chromaGlobRule is how chroma's LexerRegistry.Match tests one glob.
func chromaGlobRule(g, name string) bool {
	if ok, err := filepath.Match(g, name); ok && err == nil {
		return true
	}
	for _, suf := range backupSuffixes {
		if ok, err := filepath.Match(g+suf, name); ok && err == nil {
			return true
		}
	}
	return false
}

// fillGlob makes a name the glob matches: fill for each '*', 'q' for
// each '?', the first character a bracket class allows, escapes undone.
func fillGlob(g, fill string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '*':
			b.WriteString(fill)
		case '?':
			b.WriteByte('q')
		case '\\':
			if i+1 < len(g) {
				i++
				b.WriteByte(g[i])
			}
		case '[':
			end := strings.IndexByte(g[i:], ']')
			if end < 2 || g[i+1] == '^' || g[i+1] == '!' {
				return g // an odd class: the glob as it is
			}
			b.WriteByte(g[i+1])
			i += end
		default:
			b.WriteByte(g[i])
		}
	}
	return b.String()
}

func lexerName(l interface{ Config() *chroma.Config }) string {
	if l == nil {
		return "nil"
	}
	return l.Config().Name
}
