package syntax

import (
	"path/filepath"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/kjx-editor/kjx/buffer"
)

// vimNames maps chroma lexer names to Vim's 'filetype' names where they
// differ from the lexer's first alias; fileTypes is the inverse, for
// :set filetype=.
var vimNames = map[string]string{
	"Bash": "sh", "C++": "cpp", "Makefile": "make", "VimL": "vim", "Docker": "dockerfile",
	"plaintext": "text", "JavaScript": "javascript", "TypeScript": "typescript", "Python": "python",
	"markdown": "markdown", "Ruby": "ruby", "Perl": "perl", "Rust": "rust", "Diff": "diff",
	"Go": "go", "C": "c", "Java": "java", "Lua": "lua", "YAML": "yaml", "JSON": "json", "TOML": "toml",
	"HTML": "html", "CSS": "css", "SQL": "sql", "XML": "xml", "Zsh": "zsh", "Fish": "fish",
	"PowerShell": "ps1", "Haskell": "haskell", "OCaml": "ocaml", "Kotlin": "kotlin", "Swift": "swift",
	"PHP": "php", "Scala": "scala", "Elixir": "elixir", "Erlang": "erlang", "Clojure": "clojure",
	"Common Lisp": "lisp", "Emacs Lisp": "lisp", "reStructuredText": "rst", "TeX": "tex", "CMake": "cmake",
	"INI": "dosini", "Protocol Buffer": "proto", "Terraform": "terraform", "Nix": "nix", "Zig": "zig",
}

var fileTypes = func() map[string]string {
	m := make(map[string]string, len(vimNames))
	for lexer, ft := range vimNames {
		if _, dup := m[ft]; !dup || ft == "lisp" && lexer == "Common Lisp" {
			m[ft] = lexer
		}
	}
	return m
}()

// interpreters maps a #! interpreter (without version digits) to a
// file type, where the name is not already one.
var interpreters = map[string]string{
	"bash": "sh", "sh": "sh", "dash": "sh", "ksh": "sh", "zsh": "zsh", "fish": "fish",
	"python": "python", "pypy": "python", "perl": "perl", "ruby": "ruby", "node": "javascript",
	"nodejs": "javascript", "deno": "typescript", "lua": "lua", "php": "php", "tclsh": "tcl",
	"awk": "awk", "gawk": "awk", "make": "make", "pwsh": "ps1", "Rscript": "r",
}

// LexerFor returns the lexer of file type ft (a Vim name such as "go",
// "sh" or "cpp", or any chroma lexer name or alias), or nil for none
// (also for "text" and "").
func LexerFor(ft string) chroma.Lexer {
	if ft == "" || ft == "text" {
		return nil
	}
	if name, ok := fileTypes[ft]; ok {
		ft = name
	}
	l := lexers.Get(ft)
	if l == nil || l.Config().Name == "plaintext" {
		return nil
	}
	return l
}

// FileTypeOf returns the file type name of a lexer: Vim's name where kjx
// knows it, else the lexer's first alias, else its name in lower case.
func FileTypeOf(l chroma.Lexer) string {
	c := l.Config()
	if ft, ok := vimNames[c.Name]; ok {
		return ft
	}
	if len(c.Aliases) > 0 {
		return c.Aliases[0]
	}
	return strings.ToLower(c.Name)
}

// Detect returns the file type of the file called name holding text, as
// Vim's filetype detection does in spirit: a modeline (vim: set ft=go:)
// in the first or last five lines wins, as it is applied last in Vim;
// otherwise the file name decides; otherwise the #! line. "" means no
// known type.
func Detect(name string, text buffer.Rope) string {
	if ft := modelineType(text); ft != "" {
		return ft
	}
	if base := filepath.Base(name); name != "" && base != "." && base != "/" {
		if l := matchLexer(base); l != nil && l.Config().Name != "plaintext" {
			return FileTypeOf(l)
		}
	}
	return shebangType(firstLine(text))
}

// firstLine returns the first line of text (at most 256 bytes).
func firstLine(text buffer.Rope) string {
	return text.SliceString(0, min(text.LineEnd(0), 256))
}

// shebangType returns the file type that a "#!" line names.
func shebangType(line string) string {
	rest, ok := strings.CutPrefix(line, "#!")
	if !ok {
		return ""
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return ""
	}
	prog := filepath.Base(fields[0])
	if prog == "env" {
		fields = fields[1:]
		for len(fields) > 0 && (strings.HasPrefix(fields[0], "-") || strings.Contains(fields[0], "=")) {
			fields = fields[1:]
		}
		if len(fields) == 0 {
			return ""
		}
		prog = filepath.Base(fields[0])
	}
	prog = strings.TrimRight(prog, "0123456789.")
	if ft, ok := interpreters[prog]; ok {
		return ft
	}
	if l := LexerFor(prog); l != nil {
		return FileTypeOf(l)
	}
	return ""
}

// modelineType looks for modelines in the first and last five lines
// (Vim's 'modelines' default) and returns the file type the last one
// sets, as Vim applies them in order.
func modelineType(text buffer.Rope) string {
	n := text.Newlines() + 1
	ft := ""
	for i := 0; i < n; i++ {
		if i == 5 && n > 10 {
			i = n - 5
		}
		a, e := text.LineStart(i), text.LineEnd(i)
		if t := ModelineFileType(text.SliceString(a, min(e, a+512))); t != "" {
			ft = t
		}
	}
	return ft
}
