package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue #18's measures of the editor core, kept: no non-test file of
// package editor over coreMaxFileLines lines, no function over
// coreMaxFuncLines (docs/architecture.md). A part that outgrows them is
// split by what it does, not by cutting a function in half.
const (
	coreMaxFileLines = 400
	coreMaxFuncLines = 60
)

// TestCoreSizes applies the measures to package editor.
func TestCoreSizes(t *testing.T) {
	for _, v := range coreSizeViolations(t, filepath.Join(moduleRoot(t), "editor")) {
		t.Error(v)
	}
}

// TestCoreSizesDetectViolations: the check fails a file and a function
// that are too long, and passes short ones.
func TestCoreSizesDetectViolations(t *testing.T) {
	dir := t.TempDir()
	long := "package editor\n\nfunc long() {\n" + strings.Repeat("\t_ = 1\n", coreMaxFuncLines) + "}\n"
	long += strings.Repeat("\n", coreMaxFileLines)
	short := "package editor\n\nfunc short() {}\n"
	for name, src := range map[string]string{"long.go": long, "short.go": short, "long_test.go": long} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := coreSizeViolations(t, dir)
	if len(got) != 2 || !strings.Contains(got[0]+got[1], "long.go: ") || !strings.Contains(got[0]+got[1], "long: ") {
		t.Errorf("violations %q, want the file and the function of long.go only", got)
	}
}

// coreSizeViolations lists the non-test files of dir over the line limit
// and their functions over theirs.
func coreSizeViolations(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		if n := fset.File(f.Pos()).LineCount(); n > coreMaxFileLines {
			out = append(out, fmt.Sprintf("%s: %d lines (at most %d)", name, n, coreMaxFileLines))
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			if n > coreMaxFuncLines {
				out = append(out, fmt.Sprintf("%s: %s: %d lines (at most %d)", name, fd.Name.Name, n, coreMaxFuncLines))
			}
		}
	}
	return out
}
