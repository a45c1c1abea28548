package main

import (
	"bufio"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// docRef is a reference from code to a document of the repository: a
// path under docs/ ending in .md, optionally with a #section anchor.
var docRef = regexp.MustCompile(`docs/([A-Za-z0-9_-]+\.md)(#[A-Za-z0-9_-]+)?`)

// sharedDocRef is a citation of a document outside the repository (the
// shared design notes and Vim notes): code must cite docs/ instead, so
// that a clone of the repository alone explains itself. Tests still read
// the shared data files.
var sharedDocRef = regexp.MustCompile(`\.\./shared/\S*\.md|undo-semantics\.md|undofile-vim\.md|DESIGN\.md|STYLE\.md`)

// selfPath is this file, relative to the module root.
const selfPath = "cmd/kjx/doclinks_test.go"

// mdAnchorLink is a Markdown link to a section of this document or of
// another one beside it: ](#anchor) or ](other.md#anchor).
var mdAnchorLink = regexp.MustCompile(`\]\(([A-Za-z0-9_-]+\.md)?#([^)\s]+)\)`)

// TestDocLinks fails when code cites a document of docs/ or a section of
// one that does not exist, when code cites a document outside the
// repository, or when a document links to a section that does not exist.
func TestDocLinks(t *testing.T) {
	broken, err := checkDocLinks(moduleRoot(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range broken {
		t.Error(b)
	}
}

// TestDocLinksDetectsBreaks runs the check on a synthetic repository with
// one break of each kind, and one good reference of each kind.
func TestDocLinksDetectsBreaks(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"go.mod": "module example.com/m\n",
		"docs/a.md": "# A\n\n## Good section\n\nSee [it](#good-section), [b](b.md#b-one), " +
			"[gone](#gone) and [gone too](b.md#nope).\n",
		"docs/b.md": "# B\n\n## B one\n",
		"p/p.go": "// Package p: docs/a.md#good-section, docs/b.md, docs/a.md#missing-section,\n" +
			"// docs/none.md, and ../shared/vim-cases/undo-semantics.md section 3.\npackage p\n",
	})
	got, err := checkDocLinks(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"docs/a.md:5: links to #gone: no such section",
		"docs/a.md:5: links to b.md#nope: no such section",
		"p/p.go:1: cites docs/a.md#missing-section: no such section",
		"p/p.go:2: cites ../shared/vim-cases/undo-semantics.md, outside the repository: state it in docs/ and cite that",
		"p/p.go:2: cites docs/none.md: no such document",
	}
	if !slices.Equal(got, want) {
		t.Errorf("checkDocLinks:\n got  %q\n want %q", got, want)
	}
}

// TestHeadingAnchor pins the anchors GitHub gives headings, which the
// references above must match.
func TestHeadingAnchor(t *testing.T) {
	for heading, want := range map[string]string{
		"What is one undo step":                "what-is-one-undo-step",
		"Vim's rules, in kjx's words":          "vims-rules-in-kjxs-words",
		"u and CTRL-R":                         "u-and-ctrl-r",
		"'modified'":                           "modified",
		":undolist":                            "undolist",
		"The argument of :earlier and :later":  "the-argument-of-earlier-and-later",
		"Tests that need `../shared`":          "tests-that-need-shared",
		"Refinement: sub-packages of `editor`": "refinement-sub-packages-of-editor",
		"Data flow of one keystroke":           "data-flow-of-one-keystroke",
	} {
		if got := headingAnchor(heading); got != want {
			t.Errorf("headingAnchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

// checkDocLinks returns, in a stable order, every broken reference under
// root: in Go files, citations of documents under docs/ (and their
// sections) that do not exist and citations of documents outside the
// repository; in docs/*.md, links to sections that do not exist. This
// file is left out: its examples are broken on purpose.
func checkDocLinks(root string) ([]string, error) {
	anchors, err := docAnchors(filepath.Join(root, "docs"))
	if err != nil {
		return nil, err
	}
	files, err := packageFiles(root)
	if err != nil {
		return nil, err
	}
	var broken []string
	for _, names := range files {
		for _, name := range names {
			if name == selfPath {
				continue
			}
			err := eachLine(filepath.Join(root, filepath.FromSlash(name)), func(n int, line string) {
				for _, m := range docRef.FindAllStringSubmatch(line, -1) {
					if msg := resolve(anchors, m[1], strings.TrimPrefix(m[2], "#")); msg != "" {
						broken = append(broken, fmt.Sprintf("%s:%d: cites %s: %s", name, n, m[0], msg))
					}
				}
				for _, m := range sharedDocRef.FindAllString(line, -1) {
					broken = append(broken, fmt.Sprintf("%s:%d: cites %s, outside the repository: state it in docs/ and cite that", name, n, m))
				}
			})
			if err != nil {
				return nil, err
			}
		}
	}
	for doc := range anchors {
		err := eachLine(filepath.Join(root, "docs", doc), func(n int, line string) {
			for _, m := range mdAnchorLink.FindAllStringSubmatch(line, -1) {
				target := cmp.Or(m[1], doc)
				if msg := resolve(anchors, target, m[2]); msg != "" {
					broken = append(broken, fmt.Sprintf("docs/%s:%d: links to %s#%s: %s", doc, n, m[1], m[2], msg))
				}
			}
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(broken)
	return broken, nil
}

// resolve says what is wrong with a reference to section anchor ("" for
// the whole document) of doc, or "".
func resolve(anchors map[string]map[string]bool, doc, anchor string) string {
	sections, ok := anchors[doc]
	switch {
	case !ok:
		return "no such document"
	case anchor != "" && !sections[anchor]:
		return "no such section"
	}
	return ""
}

// docAnchors maps each docs/*.md file to the anchors of its headings.
func docAnchors(dir string) (map[string]map[string]bool, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]bool{}
	for _, path := range paths {
		seen := map[string]bool{}
		inFence := false
		err := eachLine(path, func(_ int, line string) {
			if strings.HasPrefix(line, "```") {
				inFence = !inFence
			}
			if inFence || !strings.HasPrefix(line, "#") {
				return
			}
			heading := strings.TrimSpace(strings.TrimLeft(line, "#"))
			a := headingAnchor(heading)
			for i := 1; seen[a]; i++ { // GitHub numbers repeated headings
				a = fmt.Sprintf("%s-%d", headingAnchor(heading), i)
			}
			seen[a] = true
		})
		if err != nil {
			return nil, err
		}
		out[filepath.Base(path)] = seen
	}
	return out, nil
}

// headingAnchor is the anchor GitHub gives a Markdown heading: lower case,
// punctuation dropped (hyphens and underscores kept), spaces as hyphens.
func headingAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// eachLine calls fn with every line of the file at path, numbered from 1.
func eachLine(path string, fn func(n int, line string)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		fn(n, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}
