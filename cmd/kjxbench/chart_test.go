package main

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// chartResults are two measured workloads and one not measured.
func chartResults() []*result {
	j := &job{id: "1a", title: "replay", goals: []goal{{Metric: "wall", Max: 0.33}}}
	a := newResult(j)
	a.Samples[edKjx] = []sample{{Wall: time.Second, CPU: time.Second, RSS: 1000}}
	a.Samples[edVim] = []sample{{Wall: 10 * time.Second, CPU: 10 * time.Second, RSS: 1000}}
	a.finish(j)
	j2 := &job{id: "2", title: "json"}
	b := newResult(j2)
	b.Samples[edKjx] = []sample{{Wall: 10 * time.Second, CPU: time.Second, RSS: 4000}}
	b.Samples[edVim] = []sample{{Wall: time.Second, CPU: time.Second, RSS: 1000}}
	b.finish(j2)
	j3 := &job{id: "6", title: "panel"}
	j3.skip = [2]string{"not measurable", "kjx only"}
	c := newResult(j3)
	c.Status, c.Reason = "n/a", "not measurable"
	c.finish(j3)
	return []*result{a, b, c}
}

func TestChartBars(t *testing.T) {
	img := renderChart(machine{Runs: "1", CPU: "test cpu", NProc: 2}, chartResults())
	if img.Bounds().Dx() != chartW || img.Bounds().Dy() != chartTop+3*rowH+chartFoot {
		t.Fatalf("size %v", img.Bounds())
	}
	at := func(x, y int) color.RGBA { return img.RGBAAt(x, y) }
	// Row 1: wall ratio 0.1 is a bar from the 1.0 line leftwards to 0.1.
	y := chartTop + barH/2
	mid := (axisX(0.1) + axisX(1)) / 2
	if at(mid, y) != barColors[0] {
		t.Errorf("no wall bar between 0.1 and 1 in row 1: %v", at(mid, y))
	}
	if at(axisX(0.05), y) == barColors[0] {
		t.Error("the wall bar of row 1 reaches past 0.1")
	}
	// Its goal tick is at 0.33.
	if at(axisX(0.33), y) != colGoal {
		t.Errorf("no goal tick at 0.33: %v", at(axisX(0.33), y))
	}
	// Row 2: RSS ratio 4 is a bar rightwards from 1 to 4.
	y2 := chartTop + rowH + 2*(barH+barGap) + barH/2
	if at((axisX(1)+axisX(4))/2, y2) != barColors[2] {
		t.Errorf("no RSS bar between 1 and 4 in row 2")
	}
	if at(axisX(8), y2) == barColors[2] {
		t.Error("the RSS bar of row 2 reaches past 4")
	}
	// Row 3 has no bars at all.
	for b := 0; b < 3; b++ {
		yy := chartTop + 2*rowH + b*(barH+barGap) + barH/2
		for x := plotX0; x < plotX1; x++ {
			if c := at(x, yy); c == barColors[0] || c == barColors[1] || c == barColors[2] {
				t.Fatalf("a bar in the unmeasured row at x %d", x)
			}
		}
	}
}

func TestWriteChartPNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.png")
	if err := writeChart(path, machine{Runs: "1"}, chartResults()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
}

func TestFont(t *testing.T) {
	for r, g := range glyphs {
		for _, row := range g {
			if row > 0x1F {
				t.Errorf("glyph %q is wider than 5 pixels", r)
			}
		}
	}
	if textWidth("ab≤") != 4*charW {
		t.Errorf("textWidth: %d", textWidth("ab≤"))
	}
	if fontText("a≤b") != "A<=B" {
		t.Errorf("fontText: %q", fontText("a≤b"))
	}
}
