package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The editor core (package editor, its non-test files) is synchronous and
// effect-free (docs/architecture.md): it starts no goroutine, has no
// timer, reads neither the wall clock nor the environment and handles no
// signal; all of that is the session's (editor/session), and the core
// gets it through its Config. The import allow-list (arch_test.go) cannot
// see calls into the standard library, so this rule reads the source.

// coreForbiddenImports are packages the core must not import.
var coreForbiddenImports = []string{"os/signal", "github.com/fsnotify/fsnotify"}

// coreForbiddenNames are the functions of the standard library the core
// must not use (called or referenced): the wall clock, timers and
// sleeping, and the environment.
var coreForbiddenNames = map[string][]string{
	"time": {"Now", "Since", "Until", "After", "AfterFunc", "NewTimer", "NewTicker", "Tick", "Sleep"},
	"os":   {"Getenv", "LookupEnv", "Environ", "ExpandEnv", "UserHomeDir"},
}

// corePackages are the core and its pure helpers (the sub-packages of
// editor that are not the session, the clock or the file watcher).
var corePackages = []string{"editor", "editor/motion", "editor/exparse", "editor/vimre", "editor/fileio", "editor/linediff"}

// TestCoreIsSynchronous applies the rule to the core's packages.
func TestCoreIsSynchronous(t *testing.T) {
	for _, pkg := range corePackages {
		for _, v := range coreViolations(t, filepath.Join(moduleRoot(t), pkg)) {
			t.Errorf("%s/%s", pkg, v)
		}
	}
}

// TestCoreRuleDetectsViolations runs the rule on a synthetic package that
// breaks it in every way (a renamed import included), and on a clean one.
func TestCoreRuleDetectsViolations(t *testing.T) {
	dir := t.TempDir()
	bad := `package editor

import (
	"os"
	"os/signal"
	tm "time"

	"github.com/fsnotify/fsnotify"
)

func effects() {
	_ = tm.Now()
	f := tm.Since
	_ = f
	<-tm.After(0)
	go func() {}()
	_ = os.Getenv("HOME")
	signal.Reset()
	_ = fsnotify.Create
}
`
	clean := `package editor

import "time"

// a test file may do anything
func later(d time.Duration) time.Duration { return d * time.Second }
`
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("bad.go", bad)
	write("clean.go", clean)
	write("bad_test.go", bad) // tests are not the core
	got := coreViolations(t, dir)
	want := []string{
		`bad.go:5: imports "os/signal"`,
		`bad.go:8: imports "github.com/fsnotify/fsnotify"`,
		"bad.go:12: uses time.Now",
		"bad.go:13: uses time.Since",
		"bad.go:15: uses time.After",
		"bad.go:16: starts a goroutine",
		"bad.go:17: uses os.Getenv",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// coreViolations parses the non-test Go files of the package in dir (those
// the build uses: not a generator under //go:build ignore) and returns one
// line per breach of the core's rule, as FILE:LINE: WHAT, sorted.
func coreViolations(t *testing.T, dir string) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, filepath.Base(name)); err != nil || !ok {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fileViolations(fset, f)...)
	}
	sort.Slice(out, func(i, j int) bool { return lessPosition(out[i], out[j]) })
	return out
}

// fileViolations applies the rule to one parsed file.
func fileViolations(fset *token.FileSet, f *ast.File) []string {
	var out []string
	at := func(p token.Pos, format string, args ...any) {
		pos := fset.Position(p)
		out = append(out, fmt.Sprintf("%s:%d: ", filepath.Base(pos.Filename), pos.Line)+fmt.Sprintf(format, args...))
	}
	local := map[string]string{} // local name → watched package path
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if slices.Contains(coreForbiddenImports, path) {
			at(imp.Pos(), "imports %q", path)
		}
		if _, watched := coreForbiddenNames[path]; watched {
			name := filepath.Base(path)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			local[name] = path
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			at(n.Pos(), "starts a goroutine")
		case *ast.SelectorExpr:
			id, ok := n.X.(*ast.Ident)
			if !ok {
				return true
			}
			if path, ok := local[id.Name]; ok && slices.Contains(coreForbiddenNames[path], n.Sel.Name) {
				at(n.Pos(), "uses %s.%s", path, n.Sel.Name)
			}
		}
		return true
	})
	return out
}

// lessPosition orders "FILE:LINE: …" lines by file, then line number.
func lessPosition(a, b string) bool {
	fa, la := splitPosition(a)
	fb, lb := splitPosition(b)
	if fa != fb {
		return fa < fb
	}
	return la < lb
}

func splitPosition(s string) (string, int) {
	parts := strings.SplitN(s, ":", 3)
	if len(parts) < 2 {
		return s, 0
	}
	n, _ := strconv.Atoi(parts[1])
	return parts[0], n
}
