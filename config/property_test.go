package config

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/editor/keys"
)

// TestRoundTripRandom: a random valid Config, written as TOML, loads back
// to itself with no errors. This exercises every option kind across its
// whole range and key maps built from every kind of key token.
func TestRoundTripRandom(t *testing.T) {
	n := 2000
	if testkit.RaceEnabled || testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(1, 2))
	env := envOf("HOME", "/home/u")
	for i := range n {
		c := randomConfig(rng)
		text := encode(c)
		got, errs, ok := decode("r.toml", []byte(text), env, Default(env))
		if !ok || errs != nil {
			t.Fatalf("case %d: errors %q for\n%s", i, errStrings(errs), text)
		}
		if !reflect.DeepEqual(normalize(got), normalize(c)) {
			t.Fatalf("case %d: round trip changed the config\n got %+v\nwant %+v\nfrom\n%s", i, got, c, text)
		}
	}
}

// randomConfig draws every option uniformly from its valid values.
func randomConfig(rng *rand.Rand) Config {
	var c Config
	for _, o := range options {
		switch o := o.(type) {
		case boolOpt:
			*o.field(&c) = rng.IntN(2) == 0
		case intOpt[int]:
			*o.field(&c) = int(randInt(rng, o.min, o.max))
		case intOpt[int64]:
			*o.field(&c) = randInt(rng, o.min, o.max)
		case durationOpt:
			*o.field(&c) = o.min + time.Duration(rng.Int64N(int64(time.Hour)))
		case dirOpt:
			*o.field(&c) = "/" + strings.Join(randWords(rng, 1+rng.IntN(3)), "/")
		case enumOpt[PanelSide]:
			*o.field(&c) = o.choices[rng.IntN(len(o.choices))]
		case enumOpt[DiffMode]:
			*o.field(&c) = o.choices[rng.IntN(len(o.choices))]
		case enumOpt[TimeFormat]:
			*o.field(&c) = o.choices[rng.IntN(len(o.choices))]
		case enumOpt[Glyphs]:
			*o.field(&c) = o.choices[rng.IntN(len(o.choices))]
		case nameOpt:
			*o.field(&c) = []string{"default", "monokai", "x.y-z_1"}[rng.IntN(3)]
		default:
			panic("unknown option kind")
		}
	}
	for _, km := range keymaps {
		m := map[string]string{}
		canon := map[string]bool{}
		for range rng.IntN(5) {
			lhs := randKeys(rng)
			toks, _ := ParseKeys(lhs)
			if canon[keys.Format(toks)] {
				continue // the same keys spelt twice would be reported
			}
			canon[keys.Format(toks)] = true
			m[lhs] = randKeys(rng)
			if km.name == "keys.panel" {
				m[lhs] = randPanelKeys(rng)
			}
		}
		*km.field(&c) = m
	}
	return c
}

// randInt draws from [lo, hi], favouring the ends of the range.
func randInt(rng *rand.Rand, lo, hi int64) int64 {
	switch {
	case lo == noMin && hi == noMax:
		lo, hi = -1<<40, 1<<40
	case lo == noMin:
		lo = hi - 1<<40
	case hi == noMax:
		hi = lo + 1<<40
	}
	switch rng.IntN(4) {
	case 0:
		return lo
	case 1:
		return hi
	}
	return lo + rng.Int64N(hi-lo+1)
}

var (
	wordPool = []string{"a", "undo", "kjx", "my dir", "été", "x.y", "$", "~"}
	keyPool  = []string{"a", "Z", ":", "w", "<CR>", "<esc>", "<C-s>", "<M-x>", "<S-Tab>", "<lt>", "<", "\\<", "<F7>",
		"<Space>", " ", "é", "<C-S-Left>", "\"", "\\", "\t", "<Nop>", "<bar>", ">"}
)

func randWords(rng *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = wordPool[rng.IntN(len(wordPool))]
	}
	return out
}

// randKeys returns a valid key sequence; joining pieces can form an
// unknown <name> ("<" then "Z>"), so it draws again until one parses.
func randKeys(rng *rand.Rand) string {
	for {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString(keyPool[rng.IntN(len(keyPool))])
		}
		if _, err := ParseKeys(b.String()); err == nil {
			return b.String()
		}
	}
}

// randPanelKeys returns a right side for [keys.panel]: panel keys only,
// <Nop> alone.
func randPanelKeys(rng *rand.Rand) string {
	if rng.IntN(8) == 0 {
		return "<Nop>"
	}
	var b strings.Builder
	for range 1 + rng.IntN(3) {
		k := panelKeys[rng.IntN(len(panelKeys)-1)] // all but <Nop>
		b.WriteString(k)
	}
	return b.String()
}
