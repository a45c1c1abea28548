package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The rules a violation breaks.
const (
	ruleForbidden = "forbidden"  // an import the allow-list does not allow
	ruleUnlisted  = "unlisted"   // a package missing from the allow-list
	ruleNoPackage = "no-package" // an allow-list entry naming no package
	ruleTestOnly  = "test-only"  // test support imported by code that is not a test
)

// violation is one break of the architecture's rules. Pkg and Dep are
// package paths relative to the module root, File a slash-separated path
// from the root; File and Dep are empty where the rule concerns a whole
// package.
type violation struct {
	Pkg, File, Dep, Rule string
}

func (v violation) String() string {
	switch v.Rule {
	case ruleUnlisted:
		return fmt.Sprintf("package %s is not in the architecture's allow-list (cmd/kjx/arch_test.go); add it with a reason in docs/architecture.md", v.Pkg)
	case ruleTestOnly:
		return fmt.Sprintf("%s imports the test-support package %s from %s, which is not a test file (cmd/kjx/arch_test.go)", v.Pkg, v.Dep, v.File)
	case ruleNoPackage:
		if v.Dep != "" {
			return fmt.Sprintf("the allow-list lets %s import %s, which is not a package of the module", v.Pkg, v.Dep)
		}
		return fmt.Sprintf("the allow-list has an entry for %s, which is not a package of the module", v.Pkg)
	}
	return fmt.Sprintf("%s imports %s (%s): not allowed by the dependency direction (cmd/kjx/arch_test.go)", v.Pkg, v.Dep, v.File)
}

// checkImports reads every Go file of the module at root and returns, in
// a stable order, the imports of the module's own packages that allowed
// (package → the packages it may import, "*" for any) does not allow,
// the packages allowed does not list, and the entries of allowed and
// testSupport that name no package. Test files follow the same rules as
// the package they test, with one exception: the packages that are keys of
// testSupport exist for tests, so any test file may import them, while a
// file that is not a test may only when its package is in the key's list
// ("*" in allowed does not lift that). Every file counts, whatever its build constraints, so that an
// edge cannot hide behind a GOOS or a tag; directories named testdata,
// docs or bin, or starting with "." or "_", are not part of the module's
// code. An unreadable module is an error, never an empty list.
func checkImports(root string, allowed, testSupport map[string][]string) ([]violation, error) {
	module, err := modulePath(root)
	if err != nil {
		return nil, err
	}
	files, err := packageFiles(root)
	if err != nil {
		return nil, err
	}
	out := append(missingPackages(allowed, files), missingPackages(testSupport, files)...)
	for pkg, names := range files {
		list, known := allowed[pkg]
		if !known {
			out = append(out, violation{Pkg: pkg, Rule: ruleUnlisted})
			continue
		}
		for _, name := range names {
			imps, err := fileImports(filepath.Join(root, filepath.FromSlash(name)))
			if err != nil {
				return nil, err
			}
			for _, imp := range imps {
				dep, ours := ownPackage(module, imp)
				if !ours || dep == pkg { // dep == pkg: an external test package
					continue
				}
				if rule := importRule(pkg, name, dep, list, testSupport); rule != "" {
					out = append(out, violation{Pkg: pkg, File: name, Dep: dep, Rule: rule})
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b violation) int {
		return cmp.Or(cmp.Compare(a.Pkg, b.Pkg), cmp.Compare(a.File, b.File),
			cmp.Compare(a.Dep, b.Dep), cmp.Compare(a.Rule, b.Rule))
	})
	return out, nil
}

// importRule returns the rule that file (of package pkg, allowed to
// import list) breaks by importing dep, or "".
func importRule(pkg, file, dep string, list []string, testSupport map[string][]string) string {
	if users, ok := testSupport[dep]; ok {
		if strings.HasSuffix(file, "_test.go") || slices.Contains(users, pkg) {
			return ""
		}
		return ruleTestOnly
	}
	if slices.Contains(list, dep) || slices.Contains(list, "*") {
		return ""
	}
	return ruleForbidden
}

// missingPackages reports the entries of allowed, keys and values, that
// name no package of files.
func missingPackages(allowed map[string][]string, files map[string][]string) []violation {
	var out []violation
	for pkg, list := range allowed {
		if _, ok := files[pkg]; !ok {
			out = append(out, violation{Pkg: pkg, Rule: ruleNoPackage})
		}
		for _, dep := range list {
			if _, ok := files[dep]; !ok && dep != "*" {
				out = append(out, violation{Pkg: pkg, Dep: dep, Rule: ruleNoPackage})
			}
		}
	}
	return out
}

// ownPackage returns imp relative to module, and whether imp is one of
// the module's packages.
func ownPackage(module, imp string) (string, bool) {
	if imp == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(imp, module+"/")
	return rel, ok
}

// modulePath reads the module path from root/go.mod.
func modulePath(root string) (string, error) {
	f, err := os.Open(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("module root %s: %w", root, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			if path, err := strconv.Unquote(strings.TrimSpace(rest)); err == nil {
				return path, nil
			}
			return strings.TrimSpace(rest), nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("reading %s: %w", f.Name(), err)
	}
	return "", errors.New(f.Name() + ": no module line")
}

// packageFiles maps every package directory below root (slash-separated,
// relative to root, "." for root itself) to its Go files, sorted.
func packageFiles(root string) (map[string][]string, error) {
	files := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") ||
				name == "testdata" || name == "docs" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		pkg := filepath.ToSlash(filepath.Dir(rel))
		files[pkg] = append(files[pkg], rel)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing the packages of %s: %w", root, err)
	}
	return files, nil
}

// fileImports returns the import paths of one Go file.
func fileImports(path string) ([]string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
	if err != nil {
		return nil, fmt.Errorf("reading the imports of %s: %w", path, err)
	}
	imps := make([]string, 0, len(f.Imports))
	for _, spec := range f.Imports {
		imp, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: import %s: %w", path, spec.Path.Value, err)
		}
		imps = append(imps, imp)
	}
	return imps, nil
}
