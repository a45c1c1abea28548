package undo

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer"
)

// TestSnapshotsWhileCommitting commits 10 000 nodes (with undo, redo, time
// travel, writes, pruning and compaction along the way) while another
// goroutine reads every snapshot it is sent: it walks all nodes and checks
// that texts computed with TextAt agree with each other and with the
// snapshot's text. Run with -race.
func TestSnapshotsWhileCommitting(t *testing.T) {
	const commits = 10_000
	clock := int64(1_700_000_000)
	tr := New(buffer.FromString("start\n"), Options{
		Now: func() time.Time { return time.Unix(clock, 0) }, Levels: 2500, LevelsSet: true, MaxNodes: 3000,
	})
	snaps := make(chan Snapshot, 8)
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(1, 2))
		var failed error
		for s := range snaps {
			if failed == nil {
				failed = readSnapshot(s, rng)
			}
		}
		errs <- failed
	}()
	rng := rand.New(rand.NewPCG(3, 4))
	src := randSource{rng}
	for i := range commits {
		clock += int64(rng.IntN(3))
		tr.Save(Pos{}, SourceTyped)
		for k := rng.IntN(3); k >= 0; k-- {
			if err := tr.Apply(randomChange(src, tr.Text())); err != nil {
				t.Fatal(err)
			}
			if k == 1 && i%29 == 0 {
				snaps <- tr.Snapshot() // mid-block
			}
		}
		tr.Sync()
		switch rng.IntN(20) {
		case 0:
			tr.Undo(1 + rng.IntN(3))
		case 1:
			tr.Redo(1)
		case 2:
			tr.Step(-1 - rng.IntN(4))
		case 3:
			tr.Earlier("10s")
		case 4:
			tr.MarkSaved()
		case 5:
			_ = tr.Join()
		case 6:
			_ = tr.Label(fmt.Sprint("l", rng.IntN(5)))
		}
		if i%10 == 0 {
			snaps <- tr.Snapshot()
		}
	}
	close(snaps)
	wg.Wait()
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
	if err := checkInvariants(tr); err != nil {
		t.Fatal(err)
	}
}

// readSnapshot checks a snapshot on its own: every node's parent and
// children agree, the text of the current state is the snapshot's text,
// and for some nodes the parent's text with the node's changes applied is
// the node's text.
func readSnapshot(s Snapshot, rng *rand.Rand) error {
	cur, err := s.TextAt(s.Current())
	if err != nil {
		return err
	}
	if !cur.Equal(s.Text()) {
		return fmt.Errorf("gen %d: TextAt(current) differs from Text", s.Gen())
	}
	count := 0
	for n := range s.Nodes() {
		count++
		for c := n.FirstChild; c != 0; {
			cn, ok := s.Node(c)
			if !ok || cn.Parent != n.Seq {
				return fmt.Errorf("gen %d: child #%d of #%d is broken", s.Gen(), c, n.Seq)
			}
			c = cn.NextSibling
		}
		if rng.IntN(s.Len()+1) > 1 {
			continue // about two nodes per snapshot
		}
		pt, err := s.TextAt(n.Parent)
		if err != nil {
			return err
		}
		want, err := pt.ApplyAll(n.Changes)
		if err != nil {
			return fmt.Errorf("gen %d: #%d does not apply to its parent: %v", s.Gen(), n.Seq, err)
		}
		got, err := s.TextAt(n.Seq)
		if err != nil {
			return err
		}
		if !got.Equal(want) {
			return fmt.Errorf("gen %d: text of #%d disagrees with its parent's", s.Gen(), n.Seq)
		}
	}
	if count != s.Len() {
		return fmt.Errorf("gen %d: %d nodes iterated, Len %d", s.Gen(), count, s.Len())
	}
	if s.Gen()%97 == 0 {
		_ = s.Export()
	}
	return nil
}
