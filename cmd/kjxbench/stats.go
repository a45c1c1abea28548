package main

import (
	"math"
	"slices"
)

// median is the middle of xs (the mean of the two middle values for an
// even count); NaN for no values. xs is not modified.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// ratio is a/b, or NaN when either is unknown or b is not positive.
func ratio(a, b float64) float64 {
	if math.IsNaN(a) || math.IsNaN(b) || b <= 0 {
		return math.NaN()
	}
	return a / b
}

// summary is the medians of an editor's samples: wall and CPU seconds,
// peak RSS in KiB.
type summary struct {
	Wall, CPU, RSS float64
	N              int
}

// summarize takes the median of each measure over samples.
func summarize(samples []sample) summary {
	var wall, cpu, rss []float64
	for _, s := range samples {
		wall = append(wall, s.Wall.Seconds())
		cpu = append(cpu, s.CPU.Seconds())
		rss = append(rss, float64(s.RSS))
	}
	return summary{Wall: median(wall), CPU: median(cpu), RSS: median(rss), N: len(samples)}
}

// ratios are kjx's medians over Vim's.
type ratios struct {
	Wall, CPU, RSS float64
}

// ratiosOf divides kjx's summary by Vim's.
func ratiosOf(kjx, vim summary) ratios {
	return ratios{Wall: ratio(kjx.Wall, vim.Wall), CPU: ratio(kjx.CPU, vim.CPU), RSS: ratio(kjx.RSS, vim.RSS)}
}
