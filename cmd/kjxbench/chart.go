package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

// The chart: one row per workload, one horizontal bar per measure, drawn
// from the parity line (kjx = Vim) on a logarithmic axis of the ratio
// kjx/Vim, so a bar to the left means kjx is better. Red ticks are the
// goals.
const (
	chartW    = 1200
	labelW    = 520 // the label column
	plotX0    = labelW + 20
	plotX1    = chartW - 90
	chartTop  = 70
	barH      = 14
	barGap    = 3
	rowH      = 3*barH + 2*barGap + 34
	axisLo    = 0.01 // left end of the axis
	axisHi    = 100  // right end
	chartFoot = 90
)

// The colours of the chart.
var (
	colBG    = color.RGBA{255, 255, 255, 255}
	colText  = color.RGBA{30, 30, 30, 255}
	colMuted = color.RGBA{110, 110, 110, 255}
	colGrid  = color.RGBA{220, 220, 220, 255}
	colAxis  = color.RGBA{60, 60, 60, 255}
	colGoal  = color.RGBA{220, 30, 30, 255}
	// bar colours: wall, CPU, RSS
	barColors = [3]color.RGBA{{52, 101, 164, 255}, {140, 140, 140, 255}, {233, 140, 40, 255}}
	barNames  = [3]string{"wall", "cpu", "peak rss"}
)

// axisX maps a ratio to an x coordinate of the plot (clamped to the axis).
func axisX(v float64) int {
	v = math.Min(math.Max(v, axisLo), axisHi)
	f := (math.Log10(v) - math.Log10(axisLo)) / (math.Log10(axisHi) - math.Log10(axisLo))
	return plotX0 + int(math.Round(f*float64(plotX1-plotX0)))
}

// renderChart draws the results.
func renderChart(m machine, results []*result) *image.RGBA {
	h := chartTop + len(results)*rowH + chartFoot
	img := image.NewRGBA(image.Rect(0, 0, chartW, h))
	fillRect(img, 0, 0, chartW, h, colBG)
	drawText(img, 20, 16, fmt.Sprintf("kjx / Vim, median of %s runs (left of 1 = kjx better)", m.Runs), colText)
	drawText(img, 20, 40, m.CPU+", nproc "+fmt.Sprint(m.NProc)+", load "+m.LoadStart, colMuted)
	bottom := chartTop + len(results)*rowH
	for _, v := range []float64{0.01, 0.1, 1, 10, 100} {
		x := axisX(v)
		c := colGrid
		if v == 1 {
			c = colAxis
		}
		fillRect(img, x, chartTop-6, 1, bottom-chartTop+6, c)
		label := fmt.Sprint(v)
		drawText(img, x-textWidth(label)/2, bottom+6, label, colMuted)
	}
	for i, r := range results {
		drawRow(img, chartTop+i*rowH, r)
	}
	drawLegend(img, bottom+34)
	return img
}

// drawRow draws one workload at y.
func drawRow(img *image.RGBA, y int, r *result) {
	label := r.Short
	if label == "" {
		label = r.Title
	}
	cols := (labelW - 20) / charW
	drawText(img, 20, y+4, clip(r.ID+" "+label, cols), colText)
	k, v := r.Median[edKjx], r.Median[edVim]
	detail := fmt.Sprintf("kjx %s %s, vim %s %s", shortSec(k.Wall), shortMiB(k.RSS), shortSec(v.Wall), shortMiB(v.RSS))
	if gbps, ok := r.Extra["kjx_load_gbps"]; ok {
		detail = fmt.Sprintf("kjx load %.2f GB/s, vim %.2f GB/s", gbps, r.Extra["vim_load_gbps"])
	}
	color := colMuted
	switch {
	case r.Status == "failed":
		detail, color = "FAILED: "+r.Reason, colGoal
	case r.Status != "ok":
		detail = r.Reason
	}
	drawText(img, 20, y+4+charH+6, clip(detail, cols), color)
	values := [3]float64{r.Ratio.Wall, r.Ratio.CPU, r.Ratio.RSS}
	one := axisX(1)
	for b, val := range values {
		by := y + b*(barH+barGap)
		if math.IsNaN(val) {
			drawText(img, one+6, by, "n/a", colMuted)
			continue
		}
		x := axisX(val)
		lo, hi := min(x, one), max(x, one)
		fillRect(img, lo, by, max(hi-lo, 2), barH, barColors[b])
		text := fmt.Sprintf("%.3g", val)
		tx := hi + 6
		if x < one {
			tx = one + 6
		}
		drawText(img, tx, by, text, colText)
	}
	for _, g := range r.Goals {
		if g.Max <= 0 {
			continue
		}
		b := map[string]int{"wall": 0, "cpu": 1, "rss": 2}[g.Metric]
		by := y + b*(barH+barGap)
		fillRect(img, axisX(g.Max)-1, by-2, 3, barH+4, colGoal)
	}
}

// drawLegend draws the colour key at y.
func drawLegend(img *image.RGBA, y int) {
	x := 20
	for i, name := range barNames {
		fillRect(img, x, y, barH, barH, barColors[i])
		drawText(img, x+barH+6, y, name, colText)
		x += barH + 6 + textWidth(name) + 30
	}
	fillRect(img, x, y-2, 3, barH+4, colGoal)
	drawText(img, x+10, y, "goal", colText)
}

// shortSec prints seconds in at most 3 significant digits.
func shortSec(s float64) string {
	switch {
	case math.IsNaN(s):
		return "-"
	case s < 1:
		return fmt.Sprintf("%.3gms", s*1000)
	default:
		return fmt.Sprintf("%.3gs", s)
	}
}

// shortMiB prints KiB as whole MiB.
func shortMiB(k float64) string {
	if math.IsNaN(k) {
		return "-"
	}
	return fmt.Sprintf("%.0fMiB", k/1024)
}

// clip shortens s to n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:max(n-1, 0)]) + "."
}

// writeChart renders the chart as a PNG file.
func writeChart(path string, m machine, results []*result) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	if err := png.Encode(f, renderChart(m, results)); err != nil {
		f.Close()
		return fmt.Errorf("chart: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("chart: %w", err)
	}
	return nil
}
