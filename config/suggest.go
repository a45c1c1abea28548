package config

import (
	"sort"
	"strings"

	optable "github.com/kjx-editor/kjx/editor/options"
)

// distance is the optimal-string-alignment edit distance between a and b
// counted in runes: insertions, deletions, substitutions and swaps of two
// neighbours cost one each.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// Three rolling rows: two back, one back and the current one.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// knownKeys is every dotted key the file may contain: tables, key-map
// tables and options, sorted. It is computed once and never modified.
var knownKeys = func() []string {
	keys := make([]string, 0, len(options)+len(keymaps)+len(tables))
	for _, t := range tables {
		if t != "" {
			keys = append(keys, t)
		}
	}
	for _, k := range keymaps {
		keys = append(keys, k.name)
	}
	for _, o := range options {
		keys = append(keys, o.key())
	}
	sort.Strings(keys)
	return keys
}()

// vimAbbrev maps Vim's short option names, and Vim's names that differ
// from the key's last part (undolevels, undofile, …), to kjx's keys, so
// "ts = 4" suggests "editor.tabstop". It is derived from the option table
// once and never modified.
var vimAbbrev = func() map[string]string {
	m := map[string]string{}
	for _, d := range optable.Table() {
		if d.Config == "" {
			continue
		}
		if d.Short != "" {
			m[d.Short] = d.Config
		}
		if !strings.HasSuffix(d.Config, "."+d.Name) {
			m[d.Name] = d.Config
		}
	}
	return m
}()

// suggestKey returns the known key an unknown dotted key most likely meant,
// or "". It tries Vim's abbreviation ("editor.ts" → "editor.tabstop"),
// then a close spelling of the whole key ("editor.tabsop" →
// "editor.tabstop"), then a key with the same last part in another table
// ("tabstop" at the top level → "editor.tabstop").
func suggestKey(unknown string) string {
	last := unknown[strings.LastIndexByte(unknown, '.')+1:]
	if long, ok := vimAbbrev[last]; ok {
		return long
	}
	limit := 2
	if len([]rune(last)) <= 4 {
		limit = 1
	}
	best, bestD := "", limit+1
	for _, k := range knownKeys {
		if d := distance(unknown, k); d < bestD {
			best, bestD = k, d
		}
	}
	if best != "" {
		return best
	}
	for _, k := range knownKeys {
		if k[strings.LastIndexByte(k, '.')+1:] == last {
			return k
		}
	}
	return ""
}
