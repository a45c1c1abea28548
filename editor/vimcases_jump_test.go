package editor

import (
	"fmt"
	"strings"
)

// jumpText is a text for jumplist scenarios: paragraphs, sentences,
// brackets and repeated words over 30 lines.
var jumpText = func() string {
	var b strings.Builder
	for i := 1; i <= 30; i++ {
		switch {
		case i%7 == 0:
			b.WriteString("\n")
		case i%5 == 0:
			fmt.Fprintf(&b, "  foo (bar %d). Next one here.\n", i)
		default:
			fmt.Fprintf(&b, "line %d foo x\n", i)
		}
	}
	return b.String()
}()

// manyLines is a text of 130 numbered lines, to overflow the jumplist.
var manyLines = func() string {
	var b strings.Builder
	for i := 1; i <= 130; i++ {
		fmt.Fprintf(&b, "n%d\n", i)
	}
	return b.String()
}()

// overflowSteps jumps to 110 different lines and walks back.
func overflowSteps() []string {
	steps := []string{":clearjumps<CR>"}
	for i := 1; i <= 110; i++ {
		steps = append(steps, fmt.Sprintf("%dG", i+10))
	}
	return append(steps, "99<C-o>", "<C-o>", "<C-o>", "2<Tab>", "100<C-o>", "50<Tab>")
}

// jumpCases are differential scenarios for the jumplist (CTRL-O, CTRL-I,
// which commands are jumps, merging of entries on one line, the 100-entry
// limit, entries moving with changes and undo) and the ' mark. They start
// with :clearjumps because Vim started with -Es begins on the last line.
var jumpCases = []diffCase{
	{Name: "jumps_basic", Text: jumpText, Steps: []string{":clearjumps<CR>", "G", "gg", "<C-o>", "<C-o>", "<C-o>", "<Tab>", "<Tab>", "<Tab>", "<C-o>", "''", "''"}},
	{Name: "jumps_search", Text: jumpText, Steps: []string{":clearjumps<CR>", "/bar<CR>", "n", "n", "N", "*", "#", "?line 3<CR>", "<C-o>", "<C-o>", "2<C-o>", "<Tab>", "3<C-o>", "9<C-o>", "<Tab>"}},
	{Name: "jumps_same_line", Text: jumpText, Steps: []string{":clearjumps<CR>", "5G", "10G", "5G", "10G", "3G", "<C-o>", "<C-o>", "<C-o>", "<C-o>", "<Tab>", "<Tab>", "<Tab>"}},
	{Name: "jumps_motions", Text: jumpText, Steps: []string{":clearjumps<CR>", "}", "}", "{", "<C-o>", "<C-o>", "5G)", ")", "(", "<C-o>", "<C-o>", "fb%", "%", "<C-o>", "<C-o>", "j", "w", "<C-o>"}},
	{Name: "jumps_marks", Text: jumpText, Steps: []string{":clearjumps<CR>", "3Gma", "G", "'a", "`a", "<C-o>", "<C-o>", "''", "``", "mb", "12G", "'b", "<C-o>", "<Tab>"}},
	{Name: "jumps_ex", Text: jumpText, Steps: []string{":clearjumps<CR>", ":5<CR>", ":12<CR>", ":s/line/LINE/<CR>", ":2,4s/foo/FOO/<CR>", "<C-o>", "<C-o>", "<C-o>", ":g/FOO/s/x/y/<CR>", "<C-o>", "<C-o>", "''"}},
	{Name: "jumps_delete", Text: jumpText, Steps: []string{":clearjumps<CR>", "10G", "20G", "gg", "3dd", "<C-o>", "<C-o>", "<C-o>", "<Tab>", "15G", "dG", "<C-o>", "<C-o>"}},
	{Name: "jumps_insert_lines", Text: jumpText, Steps: []string{":clearjumps<CR>", "10G", "20G", "ggOa<CR>b<Esc>", "<C-o>", "<C-o>", "<Tab>", "ggyyP", "<C-o>", "<C-o>"}},
	{Name: "jumps_undo", Text: jumpText, Steps: []string{":clearjumps<CR>", "10G", "20G", "3GOnew<CR>x<Esc>", "u", "<C-o>", "<C-o>", "<C-r>", "<C-o>", "<Tab>", "u", "<C-o>"}},
	{Name: "jumps_undo_delete", Text: jumpText, Steps: []string{":clearjumps<CR>", "12G", "G", "10G5dd", "<C-o>", "u", "<C-o>", "<C-o>", "<C-r>", "<C-o>", "<Tab>"}},
	{Name: "jumps_none", Text: "one\ntwo\n", Steps: []string{":clearjumps<CR>", "<C-o>", "<Tab>", "j", "<C-o>", "G", "<C-o>", "<C-o>", "<Tab>", "<Tab>"}},
	{Name: "jumps_overflow", Text: manyLines, Steps: overflowSteps()},
	{Name: "jumps_operators", Text: jumpText, Steps: []string{":clearjumps<CR>", "10G", "d/bar<CR>", "<C-o>", "''", "5GdG", "''", "<C-o>", "u", "<C-o>", "''"}},
	{Name: "jumps_visual", Text: jumpText, Steps: []string{":clearjumps<CR>", "vG<Esc>", "<C-o>", "Vgg<Esc>", "<C-o>", "<Tab>", "v}d", "<C-o>"}},
	{Name: "jumps_counts", Text: jumpText, Steps: []string{":clearjumps<CR>", "50%", "gg", "3gg", "<C-o>", "<C-o>", "2<Tab>", "4<C-o>", "''", "``"}},
	{Name: "jumps_undo_time", Text: jumpText, Steps: []string{":clearjumps<CR>", "5Gx", "15Gx", "g-", "<C-o>", "g+", "<C-o>", ":undo 0<CR>", "<C-o>", "<C-o>", "''"}},
	{Name: "marks_join", Text: "a b\n  c d\n\te f\ng\n)x\n", Steps: []string{"jmajlmbkJ", "'a", "`b", "`a", "u", "jjma0wmbggJJ", "`a", "`b", "u", "Gmakk3J", "`a", "u", "ggma2lmbjmcgJ", "`b", "`c", "''"}},
	{Name: "star_punctuation", Text: "a.b (c) x.\n  foo (bar 5). Next.\n+= y\n..a\n  foo (bar 30). Next one here.\n", Steps: []string{"G$*", "n", "#", "G$h*", "gg$*", "wwwf(*", "<C-o>", "<C-o>"}},
	{Name: "jumps_keepjumps", Text: jumpText, Steps: []string{":clearjumps<CR>m'", ":keepjumps normal G<CR>", "<C-o>", "''", "G", ":keepj normal gg<CR>", "<C-o>", "''", ":keepjumps 3,4s/foo/F/<CR>", "<C-o>", ":keepjumps g/foo/s/x/y/<CR>", "<C-o>", "''"}},
	{Name: "pcmark_same_line", Text: jumpText, Steps: []string{"5G", "10G", "10G", "''", "''", "G", "''"}},
	{Name: "undo_marks", Text: "a\nb\nc\nd\ne\nf\n", Steps: []string{"jjmaix<Esc>", "GmBoz<Esc>", "ggdd", "u", "'a", "gi<Esc>", "<C-r>", "'a", "'B", "3Gdj", "'a", "u", "`a", "'B", "ggOq<Esc>", "u", "'B", "gi<Esc>"}},
}
