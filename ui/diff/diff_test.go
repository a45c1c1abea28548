package diff

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
)

// The algorithm's own tests (minimality, cost cap, cancellation, fuzz)
// live with it in editor/linediff; these check the UI's entry points.

func TestRopesThroughAliases(t *testing.T) {
	a := buffer.FromString("a\nb\nc\nd")
	b := buffer.FromString("a\nB\nc\nd\ne")
	r, err := Ropes(context.Background(), a, b, Options{Context: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Added != 2 || r.Deleted != 1 || !r.OldText.Equal(a) || !r.NewText.Equal(b) {
		t.Fatalf("added %d deleted %d, want 2 and 1 with both texts kept", r.Added, r.Deleted)
	}
	var ops []Op
	for _, h := range r.Hunks {
		for _, l := range h.Lines {
			ops = append(ops, l.Op)
		}
	}
	want := []Op{Equal, Delete, Insert, Equal, Equal, Insert}
	if fmt.Sprint(ops) != fmt.Sprint(want) {
		t.Errorf("ops %v, want %v", ops, want)
	}
	got, err := Apply(strings.Split(a.String(), "\n"), r)
	if err != nil || strings.Join(got, "\n") != b.String() {
		t.Fatalf("Apply gives %q, %v; want %q", got, err, b.String())
	}
	if _, err := Lines(context.Background(), []string{"x"}, []string{"y"}, Options{}); err != nil {
		t.Fatal(err)
	}
}

// tenKLines returns a 10 000-line text and a copy with 10 hunks changed.
func tenKLines() (buffer.Rope, buffer.Rope) {
	var a, b strings.Builder
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&a, "\tline %d: some source code with a few words(%d)\n", i, i*7)
		switch {
		case i%1000 == 500:
			fmt.Fprintf(&b, "\tline %d: CHANGED source code\n\tand an inserted line\n", i)
		case i%1000 == 503:
			// deleted
		default:
			fmt.Fprintf(&b, "\tline %d: some source code with a few words(%d)\n", i, i*7)
		}
	}
	return buffer.FromString(a.String()), buffer.FromString(b.String())
}

func BenchmarkDiff10kLines10Hunks(b *testing.B) {
	ra, rb := tenKLines()
	b.ReportAllocs()
	report := testkit.CPUPerOp(b)
	for i := 0; i < b.N; i++ {
		r, err := Ropes(context.Background(), ra, rb, Options{})
		if err != nil || len(r.Hunks) != 10 {
			b.Fatalf("%d hunks, %v", len(r.Hunks), err)
		}
	}
	report()
}
