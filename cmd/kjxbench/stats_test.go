package main

import (
	"math"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{5, 5, 1, 9, 5}, 5},
	}
	for _, tt := range tests {
		in := append([]float64(nil), tt.in...)
		if got := median(tt.in); got != tt.want {
			t.Errorf("median(%v) = %v, want %v", tt.in, got, tt.want)
		}
		for i := range in {
			if in[i] != tt.in[i] {
				t.Fatalf("median reordered its input")
			}
		}
	}
	if !math.IsNaN(median(nil)) {
		t.Error("median of nothing is not NaN")
	}
}

func TestRatio(t *testing.T) {
	if got := ratio(1, 4); got != 0.25 {
		t.Errorf("ratio(1,4) = %v", got)
	}
	for _, c := range [][2]float64{{1, 0}, {math.NaN(), 1}, {1, math.NaN()}, {1, -1}} {
		if !math.IsNaN(ratio(c[0], c[1])) {
			t.Errorf("ratio(%v, %v) is not NaN", c[0], c[1])
		}
	}
}

func TestSummarizeAndRatios(t *testing.T) {
	kjx := []sample{{Wall: 1 * time.Second, CPU: 500 * time.Millisecond, RSS: 100},
		{Wall: 3 * time.Second, CPU: 700 * time.Millisecond, RSS: 300},
		{Wall: 2 * time.Second, CPU: 600 * time.Millisecond, RSS: 200}}
	vim := []sample{{Wall: 4 * time.Second, CPU: 1200 * time.Millisecond, RSS: 400},
		{Wall: 8 * time.Second, CPU: 1200 * time.Millisecond, RSS: 100}}
	k, v := summarize(kjx), summarize(vim)
	if k.Wall != 2 || k.CPU != 0.6 || k.RSS != 200 || k.N != 3 {
		t.Errorf("kjx summary %+v", k)
	}
	if v.Wall != 6 || v.RSS != 250 {
		t.Errorf("vim summary %+v", v)
	}
	r := ratiosOf(k, v)
	if math.Abs(r.Wall-1.0/3) > 1e-12 || math.Abs(r.CPU-0.5) > 1e-12 || r.RSS != 0.8 {
		t.Errorf("ratios %+v", r)
	}
}

func TestGoalVerdicts(t *testing.T) {
	j := &job{id: "x", goals: []goal{{Metric: "wall", Max: 0.5}, {Metric: "rss", Max: 0.5}, {Metric: "kjx_load_gbps", Min: 1}, {Metric: "cpu", Max: 1}}}
	r := newResult(j)
	r.Samples[edKjx] = []sample{{Wall: time.Second, RSS: 10}}
	r.Samples[edVim] = []sample{{Wall: 4 * time.Second, RSS: 10}}
	j.after = func(r *result) { r.Extra["kjx_load_gbps"] = 1.5 }
	r.finish(j)
	want := []string{"PASS", "MISS", "PASS", "N/A"} // CPU of 0 over 0 is unknown
	for i, g := range r.Goals {
		if g.Verdict != want[i] {
			t.Errorf("goal %s: %s (value %v), want %s", g.goal, g.Verdict, g.Value, want[i])
		}
	}
	f := newResult(j)
	f.Samples = r.Samples
	f.fail("wrong output")
	f.finish(j)
	if f.Goals[0].Verdict != "FAIL" {
		t.Errorf("a failed workload's goal is %s, want FAIL", f.Goals[0].Verdict)
	}
}
