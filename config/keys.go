package config

import (
	"errors"

	"github.com/kjx-editor/kjx/editor/keys"
)

// ParseKeys parses a key sequence in Vim key notation the strict way the
// configuration file needs: keys.ParseStrict (an unknown name such as
// <Ecs> is an error rather than literal text, so typos are caught), with
// the closest key name suggested for a misspelt one.
func ParseKeys(s string) ([]keys.Key, error) {
	ks, err := keys.ParseStrict(s)
	var ne *keys.NameError
	if errors.As(err, &ne) && ne.Modifier == "" {
		ne.Suggestion = suggestName(ne.Name)
	}
	return ks, err
}

// suggestName returns the key name closest to a misspelt one, or "".
func suggestName(low string) string {
	limit := 2
	if len(low) <= 3 {
		limit = 1
	}
	best, bestD := "", limit+1
	for spelling, canon := range keys.Names() {
		d := distance(low, spelling)
		if d < bestD || d == bestD && canon < best {
			best, bestD = canon, d
		}
	}
	return best
}
