package undofile

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/buffer/testkit"
	"github.com/kjx-editor/kjx/undo"
)

// applyChanges applies cs to s, failing the test if one does not fit.
func applyChanges(t *testing.T, s string, cs []buffer.Change) string {
	t.Helper()
	for _, c := range cs {
		if c.Off+len(c.Old) > len(s) || s[c.Off:c.Off+len(c.Old)] != c.Old {
			t.Fatalf("change %+v does not apply", c)
		}
		s = s[:c.Off] + c.New + s[c.Off+len(c.Old):]
	}
	return s
}

func inverse(cs []buffer.Change) []buffer.Change {
	out := make([]buffer.Change, len(cs))
	for i, c := range cs {
		out[len(cs)-1-i] = c.Inverse()
	}
	return out
}

// textTree returns a random history whose changes really apply, and the
// text of every node (0: the root).
func textTree(t *testing.T, rng *rand.Rand, n int) (undo.Image, map[int]string) {
	texts := map[int]string{0: randomWord(rng) + randomWord(rng)}
	img := undo.Image{SeqLast: n, TimeCur: 1}
	kids := map[int][]int{}
	parents := map[int]int{}
	for seq := 1; seq <= n; seq++ {
		p := seq - 1
		if rng.IntN(4) == 0 {
			p = rng.IntN(seq)
		}
		base := texts[p]
		off := rng.IntN(len(base) + 1)
		c := buffer.Change{Off: off, New: randomWord(rng)}
		if k := rng.IntN(3); k > 0 && off+k <= len(base) {
			c.Old = base[off : off+k]
			if rng.IntN(2) == 0 {
				c.New = ""
			}
		}
		texts[seq] = applyChanges(t, base, []buffer.Change{c})
		parents[seq] = p
		kids[p] = append([]int{seq}, kids[p]...) // newest preferred, as Vim
		img.Nodes = append(img.Nodes, undo.ImageNode{Seq: seq, Parent: p, Changes: []buffer.Change{c}})
	}
	for i := range img.Nodes {
		img.Nodes[i].Children = kids[img.Nodes[i].Seq]
	}
	img.RootChildren = kids[0]
	pick := func() int { return rng.IntN(n + 1) }
	img.SeqCur, img.CurHead, img.NewHead = pick(), pick(), pick()
	return img, texts
}

// textsFrom recomputes every node's text from the anchor's text alone.
func textsFrom(t *testing.T, img undo.Image, anchor int, anchorText string) map[int]string {
	t.Helper()
	s := anchorText
	for seq := anchor; seq != 0; {
		n := img.Nodes[indexOf(img.Nodes, seq)]
		s = applyChanges(t, s, inverse(n.Changes))
		seq = n.Parent
	}
	out := map[int]string{0: s}
	queue := append([]int(nil), img.RootChildren...)
	for len(queue) > 0 {
		n := img.Nodes[indexOf(img.Nodes, queue[0])]
		queue = append(queue[1:], n.Children...)
		out[n.Seq] = applyChanges(t, out[n.Parent], n.Changes)
	}
	return out
}

// TestTrimImageProperties: on random histories with real texts, trimming
// leaves a valid tree, keeps the protected nodes, never mutates its input,
// and every kept node still has its text when rebuilt from the saved node
// alone.
func TestTrimImageProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	rounds := 300
	if testkit.RaceEnabled {
		rounds = 60
	}
	for round := range rounds {
		n := 1 + rng.IntN(60)
		img, texts := textTree(t, rng, n)
		saved := rng.IntN(n + 1)
		orig := deepCopy(img)
		maxNodes := rng.IntN(n + 1)
		out, newSaved, err := TrimImage(img, saved, maxNodes)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(img, orig) {
			t.Fatalf("round %d: input modified", round)
		}
		if err := checkImage(&out, newSaved); err != nil {
			t.Fatalf("round %d: invalid result: %v", round, err)
		}
		removed := n - len(out.Nodes)
		if out.Pruned != img.Pruned+removed {
			t.Fatalf("round %d: Pruned %d, want %d", round, out.Pruned, img.Pruned+removed)
		}
		if newSaved != saved && (newSaved != 0 || indexOf(out.Nodes, saved) >= 0) {
			t.Fatalf("round %d: saved %d became %d", round, saved, newSaved)
		}
		for _, p := range []int{img.SeqCur, img.CurHead, img.NewHead} {
			if p != 0 && indexOf(out.Nodes, p) < 0 {
				t.Fatalf("round %d: protected node %d removed", round, p)
			}
		}
		if removed > 0 && saved == 0 && len(img.RootChildren) == 1 && len(out.Nodes) > 0 &&
			out.RootChildren[0] != img.RootChildren[0] {
			t.Fatalf("round %d: folded while the root was the saved state", round)
		}
		got := textsFrom(t, out, newSaved, texts[saved])
		for _, node := range out.Nodes {
			if got[node.Seq] != texts[node.Seq] {
				t.Fatalf("round %d: node %d text %q, want %q", round, node.Seq, got[node.Seq], texts[node.Seq])
			}
		}
	}
}

func deepCopy(img undo.Image) undo.Image {
	out := img
	out.RootChildren = append([]int(nil), img.RootChildren...)
	out.Nodes = make([]undo.ImageNode, len(img.Nodes))
	for i, n := range img.Nodes {
		n.Children = append([]int(nil), n.Children...)
		n.Changes = append([]buffer.Change(nil), n.Changes...)
		out.Nodes[i] = n
	}
	return out
}

func TestTrimImageLinear(t *testing.T) {
	img := chainImage(10, "")
	img.SeqCur, img.NewHead = 10, 10
	for _, tc := range []struct {
		max, saved   int
		wantFirst    int // first kept seq
		wantSavedSeq int
	}{
		{5, 8, 6, 8},
		{1, 8, 9, 0}, // folds up to the saved node, which becomes the root
		{1, 0, 1, 0}, // the root is the saved state: nothing can be folded
		{20, 3, 1, 3},
	} {
		out, saved, _ := TrimImage(img, tc.saved, tc.max)
		if out.Nodes[0].Seq != tc.wantFirst || saved != tc.wantSavedSeq || out.RootChildren[0] != tc.wantFirst ||
			out.Nodes[0].Parent != 0 {
			t.Errorf("max %d saved %d: first %d root %v saved %d; want first %d saved %d",
				tc.max, tc.saved, out.Nodes[0].Seq, out.RootChildren, saved, tc.wantFirst, tc.wantSavedSeq)
		}
	}
}

// TestWriterTrimsToLimits: a history over max_file_size is written
// trimmed (text copy left out first), within the limit; over max_entries
// it keeps the newest max_entries nodes.
func TestWriterTrimsToLimits(t *testing.T) {
	dir := t.TempDir()
	img := chainImage(10000, "newest")
	text := buffer.FromString(randomTextImage(30000).Nodes[0].Changes[0].New) // incompressible
	j := job(testPath, img)
	j.SavedSeq, j.Text = 9950, &text
	w := NewWriter(WriterOptions{Dir: dir, Limits: Limits{MaxFileSize: 50_000}})
	w.Schedule(j)
	j2 := job("/entries", chainImage(300, "e"))
	j2.SavedSeq = 300
	w.Schedule(j2)
	w.Flush(t.Context())
	w.Close()
	r := <-w.Results()
	if r.Err != nil || r.Size > 50_000 || r.Trimmed == 0 || r.TextStored || r.Nodes+r.Trimmed != 10000 || r.Nodes < 1000 {
		t.Fatalf("trimmed write: %+v", r)
	}
	l, err := Read(dir, testPath, stateOf(testPath), Limits{})
	if err != nil || len(l.File.Image.Nodes) != r.Nodes || newestLabel(l.File) != "newest" || l.File.SavedSeq != 9950 {
		t.Fatalf("read back: %v", err)
	}
	t.Logf("10 000 nodes → %d nodes, %d bytes", r.Nodes, r.Size)
	<-w.Results()
	w2 := NewWriter(WriterOptions{Dir: dir, Limits: Limits{MaxEntries: 100}})
	w2.Schedule(j2)
	w2.Flush(t.Context())
	w2.Close()
	if r := <-w2.Results(); r.Err != nil || r.Nodes != 100 || r.Trimmed != 200 {
		t.Fatalf("max_entries: %+v", r)
	}
}

// TestWriterTooLarge: when even the newest change is over the limit the
// result is a KindTooLarge warning and the previous file stays.
func TestWriterTooLarge(t *testing.T) {
	dir := t.TempDir()
	name := writeHistory(t, dir, testPath, 3)
	w := NewWriter(WriterOptions{Dir: dir, Limits: Limits{MaxFileSize: 10_000}})
	w.Schedule(job(testPath, randomTextImage(20_000)))
	w.Flush(t.Context())
	w.Close()
	r := <-w.Results()
	if KindOf(r.Err) != KindTooLarge || !strings.Contains(r.Err.Error(), "too large") {
		t.Fatalf("result %v", r.Err)
	}
	if l, err := Read(dir, testPath, stateOf(testPath), Limits{}); err != nil || len(l.File.Image.Nodes) != 3 || l.Name != name {
		t.Fatalf("previous file: %v", err)
	}
}
