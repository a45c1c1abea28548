package session

import (
	"fmt"
	mrand "math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// TestPersistRoundTripProperty: random editing sessions (typing, deleting
// lines, undo, redo, g-, :w, idle time) ended by :q! or by a crash after
// the last timer write; the next editor must see exactly the history the
// undo file was last written from: every state's text, the counters, the
// file's text as the current state, and the lost work one command away as
// the message says.
func TestPersistRoundTripProperty(t *testing.T) {
	runs := 60
	if testing.Short() || testkit.RaceEnabled {
		runs = 15
	}
	recovered := 0
	for run := range runs {
		rng := mrand.New(mrand.NewPCG(uint64(run), 7))
		t.Run(fmt.Sprint(run), func(t *testing.T) {
			if persistSession(t, rng) {
				recovered++
			}
		})
	}
	if recovered == 0 || recovered == runs {
		t.Errorf("%d of %d sessions had unsaved work to recover: the generator does not cover both cases", recovered, runs)
	}
}

// persistSession runs one session and checks the next open; it reports
// whether there was unsaved work to recover.
func persistSession(t *testing.T, rng *mrand.Rand) bool {
	p := newPersistEnv(t, "alpha\nbeta\ngamma\n")
	e, _ := p.open()
	crashed := rng.IntN(2) == 0
	ops := []string{"oline<Esc>", "Ax<Esc>", "dd", "u", "<C-r>", "g-", "g+", "ggIy<Esc>", ":w", ":sleep 10", "2u"}
	var log []string
	for range 5 + rng.IntN(30) {
		op := ops[rng.IntN(len(ops))]
		log = append(log, op)
		do(t, e, op)
	}
	if crashed {
		do(t, e, ":sleep 10") // the last timer write; nothing after it
		crash(e)
	} else {
		do(t, e, ":q!")
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
	}
	want := e.Editor().Buffer().History().Snapshot()
	if want.Len() == 0 {
		return false // no history, no undo file
	}
	disk, err := os.ReadFile(p.file)
	if err != nil {
		t.Fatal(err)
	}

	e2, msgs := p.open()
	got := e2.Editor().Buffer().History()
	ctx := strings.Join(log, " ")
	if got.SeqLast() != want.SeqLast() || got.Len() != want.Len() || got.SaveLast() != want.SaveLast() {
		t.Fatalf("%s: restored seq_last %d, %d nodes, save_last %d; want %d, %d, %d", ctx,
			got.SeqLast(), got.Len(), got.SaveLast(), want.SeqLast(), want.Len(), want.SaveLast())
	}
	for n := range want.Nodes() {
		a, errA := got.Snapshot().TextAt(n.Seq)
		b, _ := want.TextAt(n.Seq)
		if errA != nil || !a.Equal(b) {
			t.Fatalf("%s: state #%d differs: %q, want %q", ctx, n.Seq, a.String(), b.String())
		}
	}
	if textOf(e2.Editor())+"\n" != string(disk) && !(textOf(e2.Editor()) == "" && len(disk) == 0) {
		t.Fatalf("%s: restored buffer %q is not the file %q", ctx, textOf(e2.Editor()), disk)
	}
	lost := want.Text().String()
	recovered := false
	for _, m := range msgs {
		var cmd string
		if _, err := fmt.Sscanf(m, "unsaved state #%s", &cmd); err == nil {
			do(t, e2, ":undo "+cmd)
			recovered = true
		}
		var n int
		if _, err := fmt.Sscanf(m, "%d unsaved change", &n); err == nil {
			do(t, e2, fmt.Sprintf(":later %d", n))
			recovered = true
		}
	}
	if textOf(e2.Editor()) != lost {
		t.Fatalf("%s: messages %q lead to %q, want the text at the last write %q", ctx, msgs, textOf(e2.Editor()), lost)
	}
	return recovered
}
