package undo

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
)

// opSource supplies the random choices of a driver.
type opSource interface {
	intn(n int) int
}

type randSource struct{ r *rand.Rand }

func (s randSource) intn(n int) int { return s.r.IntN(n) }

// byteSource reads choices from fuzz input; it returns 0 when exhausted.
type byteSource struct {
	b []byte
	i int
}

func (s *byteSource) intn(n int) int {
	if s.i >= len(s.b) {
		return 0
	}
	v := int(s.b[s.i])
	s.i++
	if n > 256 && s.i < len(s.b) {
		v = v<<8 | int(s.b[s.i])
		s.i++
	}
	return v % n
}

func (s *byteSource) done() bool { return s.i >= len(s.b) }

// driver runs random operations on a tree and keeps a model that stores
// the full text of every state.
type driver struct {
	t     *Tree
	clock int64
	// texts holds the text of every state ever created, by seq; synthetic
	// roots (after history was freed) have negative keys.
	texts  map[int]string
	parent map[int]int
	synth  int
	held   []heldSnap
	// noRestore keeps the same *Tree (lockstep tests compare two trees).
	noRestore bool
	lastRes   Result // the last movement's result
}

func newDriver(initial string, opt Options) *driver {
	d := &driver{clock: 1_700_000_000, texts: map[int]string{0: initial}, parent: map[int]int{}}
	opt.Now = func() time.Time { return time.Unix(d.clock, 0) }
	opt.Location = time.UTC
	d.t = New(buffer.FromString(initial), opt)
	return d
}

// rootKey is the model key of the tree's root text.
func (d *driver) rootKey() int {
	if d.t.oldhead != 0 {
		return d.parent[d.t.st.m(d.t.oldhead).seq]
	}
	d.synth--
	d.texts[d.synth] = d.t.Text().String()
	return d.synth
}

func (d *driver) stateKey() int {
	if c := d.t.Current(); c != 0 {
		return c
	}
	return d.rootKey()
}

// heldSnap is a snapshot kept while the tree changes, with the model's
// texts of its states when it was taken.
type heldSnap struct {
	s     Snapshot
	texts map[int]string
}

func (d *driver) hold() {
	s := d.t.Snapshot()
	h := heldSnap{s: s, texts: map[int]string{}}
	for n := range s.Nodes() {
		h.texts[n.Seq] = d.texts[n.Seq]
		if n.Parent == 0 {
			h.texts[0] = d.texts[d.parent[n.Seq]]
		}
	}
	d.held = append(d.held, h)
	if len(d.held) > 4 {
		d.held = d.held[1:]
	}
}

// check compares the text with the model's text of the current state.
func (d *driver) check() error {
	k := d.stateKey()
	if got, want := d.t.Text().String(), d.texts[k]; got != want {
		return fmt.Errorf("text of state #%d is %q, model has %q", d.t.Current(), got, want)
	}
	return nil
}

// fullCheck verifies the structure, every node's text through a snapshot,
// the held snapshots and an Export/Restore round trip.
func (d *driver) fullCheck() error {
	if err := checkInvariants(d.t); err != nil {
		return err
	}
	s := d.t.Snapshot()
	texts := map[int]string{}
	for n := range s.Nodes() {
		texts[n.Seq] = d.texts[n.Seq]
		if n.Parent == 0 {
			texts[0] = d.texts[d.parent[n.Seq]]
		}
	}
	if err := checkSnapshot(s, texts); err != nil {
		return err
	}
	for _, h := range d.held {
		if err := checkSnapshot(h.s, h.texts); err != nil {
			return fmt.Errorf("held snapshot %d: %w", h.s.Gen(), err)
		}
	}
	img := d.t.Export()
	r, err := Restore(d.t.Text(), d.t.Current(), img, Options{Levels: d.t.levels, LevelsSet: true})
	if err != nil {
		return fmt.Errorf("restore of export: %w", err)
	}
	if img2 := r.Export(); !reflect.DeepEqual(img, img2) {
		return fmt.Errorf("export/restore/export differs:\n%+v\n%+v", img, img2)
	}
	return nil
}

// checkSnapshot compares the text of every state of s with texts (0: the
// root).
func checkSnapshot(s Snapshot, texts map[int]string) error {
	n := 0
	prev, prevText := 0, buffer.Rope{}
	if r, err := s.TextAt(0); err == nil {
		prevText = r
	}
	for node := range s.Nodes() {
		n++
		r, err := s.TextAt(node.Seq)
		if err != nil {
			return err
		}
		if got, want := r.String(), texts[node.Seq]; got != want {
			return fmt.Errorf("snapshot TextAt(%d) = %q, model %q", node.Seq, got, want)
		}
		// From state to state, as a reader walking the history does.
		if r, err = s.TextFrom(prevText, prev, node.Seq); err != nil {
			return err
		}
		if got, want := r.String(), texts[node.Seq]; got != want {
			return fmt.Errorf("snapshot TextFrom(#%d's text, %d, %d) = %q, model %q", prev, prev, node.Seq, got, want)
		}
		prev, prevText = node.Seq, r
	}
	if n != s.Len() {
		return fmt.Errorf("snapshot iterates %d nodes, Len %d", n, s.Len())
	}
	if s.Len() > 0 {
		first := s.Children(0)[0]
		r, err := s.TextAt(0)
		if err != nil {
			return err
		}
		nd, _ := s.Node(first)
		if nd.Parent != 0 {
			return fmt.Errorf("root child #%d has parent #%d", first, nd.Parent)
		}
		if got, want := r.String(), texts[0]; got != want {
			return fmt.Errorf("snapshot root text %q, model %q", got, want)
		}
	}
	ahead := 0
	for seq := s.Redo(); seq != 0; ahead++ {
		kids := s.Children(seq)
		if len(kids) == 0 {
			ahead++
			break
		}
		seq = kids[0]
	}
	if got := s.RedoLen(); got != ahead {
		return fmt.Errorf("snapshot RedoLen %d, the preferred path below the current state has %d", got, ahead)
	}
	cur, err := s.TextAt(s.Current())
	if err != nil {
		return err
	}
	if !cur.Equal(s.Text()) {
		return fmt.Errorf("snapshot TextAt(current %d) differs from its text", s.Current())
	}
	return nil
}

// randomChange returns a change that applies to r.
func randomChange(src opSource, r buffer.Rope) buffer.Change {
	const alphabet = "ab \n\tcé"
	n := r.Len()
	off := 0
	if n > 0 {
		off = src.intn(n + 1)
	}
	for off > 0 && off < n && !isRuneStart(r, off) {
		off--
	}
	var c buffer.Change
	c.Off = off
	if n > 0 && (src.intn(3) == 0 || n > 300) {
		end := min(off+1+src.intn(8), n)
		for end < n && !isRuneStart(r, end) {
			end++
		}
		c.Old = r.SliceString(off, end)
	}
	if src.intn(4) != 0 || c.Old == "" {
		var b strings.Builder
		for k := src.intn(4) + 1; k > 0; k-- {
			switch x := src.intn(8); x {
			case 7:
				b.WriteString("é")
			default:
				b.WriteByte(alphabet[x%6])
			}
		}
		c.New = b.String()
	}
	return c
}

func isRuneStart(r buffer.Rope, off int) bool {
	b := r.SliceString(off, off+1)
	return b[0]&0xC0 != 0x80
}

// commit makes one block of k changes, as typing would.
func (d *driver) commit(src opSource, k int) error {
	d.clock += int64(src.intn(4))
	parentKey := d.stateKey()
	d.t.Save(Pos{Line: src.intn(3), Col: src.intn(5)}, Source(src.intn(3)))
	for ; k > 0; k-- {
		c := randomChange(src, d.t.Text())
		if err := d.t.Apply(c); err != nil {
			return err
		}
		if src.intn(3) == 0 {
			if err := d.t.Apply(contiguous(src, d.t.Text(), c)); err != nil {
				return err
			}
		}
	}
	d.t.SetCursorAfter(Pos{Line: src.intn(3), Col: src.intn(5)})
	d.t.Sync()
	if d.t.levels >= 0 {
		seq := d.t.SeqLast()
		d.texts[seq] = d.t.Text().String()
		d.parent[seq] = parentKey
	}
	return nil
}

// contiguous returns a change touching the text c inserted (typing on, or
// backspacing), to exercise merging.
func contiguous(src opSource, r buffer.Rope, c buffer.Change) buffer.Change {
	end := c.Off + len(c.New)
	switch src.intn(3) {
	case 0:
		return buffer.Change{Off: end, New: "x"}
	case 1:
		if end > 0 && isRuneStart(r, end-1) && end-1 >= 0 {
			return buffer.Change{Off: end - 1, Old: r.SliceString(end-1, end)}
		}
		return buffer.Change{Off: end, New: "y"}
	default:
		if end < r.Len() && isRuneStart(r, end) && (end+1 == r.Len() || isRuneStart(r, end+1)) {
			return buffer.Change{Off: end, Old: r.SliceString(end, end+1)}
		}
		return buffer.Change{Off: c.Off, New: "z"}
	}
}

var timeArgs = []string{"", "1", "2", "0", "3s", "10s", "1m", "2m10s", "1h", "1h30m", "1d", "5", "1f", "2f", "x", "3x"}

// step runs one random operation and returns its description.
func (d *driver) step(src opSource) (string, error) {
	t := d.t
	op := src.intn(100)
	var res Result
	desc := ""
	switch {
	case op < 30:
		k := src.intn(4)
		if src.intn(10) == 0 {
			k = 0
		}
		return fmt.Sprintf("commit %d", k), d.commit(src, max(k, 0))
	case op < 40:
		n := 1 + src.intn(3)
		desc, res = fmt.Sprintf("undo %d", n), t.Undo(n)
	case op < 48:
		n := 1 + src.intn(3)
		desc, res = fmt.Sprintf("redo %d", n), t.Redo(n)
	case op < 56:
		n := src.intn(7) - 3
		desc, res = fmt.Sprintf("step %d", n), t.Step(n)
	case op < 64:
		a := timeArgs[src.intn(len(timeArgs))]
		if src.intn(2) == 0 {
			desc, res = "earlier "+a, t.Earlier(a)
		} else {
			desc, res = "later "+a, t.Later(a)
		}
	case op < 67:
		desc = "write"
		t.MarkSaved()
	case op < 72:
		n := src.intn(t.SeqLast() + 3)
		desc, res = fmt.Sprintf("goto %d", n), t.Goto(n)
	case op < 74:
		name := []string{"a", "b", "c"}[src.intn(3)]
		if src.intn(2) == 0 {
			desc = "label " + name
			_ = t.Label(name)
		} else {
			desc, res = "goto label "+name, t.GotoLabel(name)
		}
	case op < 76:
		n := src.intn(t.Len() + 2)
		desc = fmt.Sprintf("prune %d", n)
		t.Prune(n)
	case op < 78:
		lv := []int{1000, 1000, 3, 8, 50, 0, -1}[src.intn(7)]
		desc = fmt.Sprintf("levels %d", lv)
		t.SetLevels(lv)
	case op < 81:
		desc = "join"
		if err := t.Join(); err != nil {
			return desc, nil
		}
		if !t.Synced() {
			seq := t.Current()
			c := randomChange(src, t.Text())
			if err := t.Apply(c); err != nil {
				return desc, err
			}
			t.Sync()
			d.texts[seq] = t.Text().String()
		}
	case op < 83:
		desc = "reload"
		parentKey := d.stateKey()
		r := t.Text()
		for k := src.intn(3); k >= 0; k-- {
			if nr, err := r.Apply(randomChange(src, r)); err == nil {
				r = nr
			}
		}
		d.clock += int64(src.intn(3))
		t.Reload(r, SourceReload) // r is derived from a borrowed view: stale now
		if t.levels >= 0 {
			d.texts[t.SeqLast()] = t.Text().String()
			d.parent[t.SeqLast()] = parentKey
		}
	case op < 85:
		desc = "restore"
		if d.noRestore {
			return desc, nil
		}
		target := t.Current()
		if src.intn(2) == 0 && t.Len() > 0 {
			// the file on disk belongs to another state
			s := t.Snapshot()
			var seqs []int
			for n := range s.Nodes() {
				seqs = append(seqs, n.Seq)
			}
			target = seqs[src.intn(len(seqs))]
		}
		s := t.Snapshot()
		text, err := s.TextAt(target)
		if err != nil {
			return desc, err
		}
		nt, err := Restore(text, target, s.Export(), Options{
			Now: t.now, Location: t.loc, Levels: t.levels, LevelsSet: true, MaxNodes: t.maxNodes,
		})
		if err != nil {
			return desc, err
		}
		d.t = nt
		desc = fmt.Sprintf("restore at #%d", target)
	case op < 88:
		desc = "snapshot"
		d.hold()
	case op < 92:
		desc = "time passes"
		d.clock += []int64{1, 30, 600, 7200, 90000}[src.intn(5)]
	case op < 95:
		desc = "reset"
		if src.intn(10) == 0 {
			r := t.Text()
			if nr, err := r.Apply(randomChange(src, r)); err == nil {
				r = nr
			}
			t.Reset(r)
		}
	default:
		desc = "join after undo"
		if t.curhead != 0 && t.newhead != 0 {
			if err := t.Join(); err != ErrUndojoinAfterUndo {
				return desc, fmt.Errorf("join after undo: %v", err)
			}
		}
	}
	d.lastRes = res
	if res.Err != nil && res.Message != "" {
		return desc, fmt.Errorf("result has both message %q and error %v", res.Message, res.Err)
	}
	if !res.Text.Equal(buffer.Rope{}) && !res.Text.Equal(d.t.Text()) {
		return desc, fmt.Errorf("result text differs from the tree's")
	}
	return desc, nil
}
