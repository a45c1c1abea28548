package editor

import (
	"fmt"
	"math/rand"
)

// jumpSteps are the commands random jumplist scenarios are made of: jumps,
// CTRL-O/CTRL-I with counts, marks and changes that move lines.
var jumpSteps = []string{
	"G", "gg", "5G", "12G", "/foo<CR>", "?line<CR>", "n", "N", "*", "#", "%", "}", "{", ")", "(",
	"ma", "'a", "`a", "''", "``", "<C-o>", "<C-o>", "<Tab>", "2<C-o>", "3<Tab>",
	"dd", "3dd", "u", "<C-r>", "Ox<Esc>", "yyp", "j", "k", "w", "J", ":s/o/0/<CR>", ":g/x/s/x/X/<CR>",
}

// randomJumpCases makes n scenarios of jumps and changes on jumpText.
func randomJumpCases(seed int64, n int) []diffCase {
	rng := rand.New(rand.NewSource(seed))
	var cases []diffCase
	for i := 0; i < n; i++ {
		// Vim started with -Es has its ' mark and first entry on the last
		// line; m' puts them where an interactive Vim has them.
		steps := []string{":clearjumps<CR>m'"}
		for j := 0; j < 6+rng.Intn(10); j++ {
			steps = append(steps, jumpSteps[rng.Intn(len(jumpSteps))])
		}
		cases = append(cases, diffCase{Name: fmt.Sprintf("randjump%03d", i), Text: jumpText, Steps: steps})
	}
	return cases
}
