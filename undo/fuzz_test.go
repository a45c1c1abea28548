package undo

import (
	"math/rand/v2"
	"testing"
)

// FuzzTree decodes operation sequences from the input and checks the
// structural invariants and the model's text after every operation, and
// everything (snapshots, Export/Restore) every few operations.
func FuzzTree(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 35, 45, 50, 60, 70, 80, 90})
	f.Add([]byte("\x00\x05\x01\x00\x07\x02\x20\x30\x40\x50\x60\x61\x62\x63"))
	f.Add([]byte{76, 6, 0, 1, 0, 1, 0, 1, 35, 1, 35, 1, 0, 2})
	f.Fuzz(func(t *testing.T, data []byte) {
		src := &byteSource{b: data}
		d := newDriver("ab\ncd\n", Options{Levels: 20, LevelsSet: true, MaxNodes: 30})
		for i := 0; i < 400 && !src.done(); i++ {
			desc, err := d.step(src)
			if err == nil {
				err = d.check()
			}
			if err == nil {
				err = checkInvariants(d.t)
			}
			if err == nil && i%40 == 39 {
				err = d.fullCheck()
			}
			if err != nil {
				t.Fatalf("op %d (%s): %v", i, desc, err)
			}
		}
		if err := d.fullCheck(); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzTimeArg checks that ParseTimeArg never panics, accepts what Vim
// accepts and reports E475 with the argument otherwise.
func FuzzTimeArg(f *testing.F) {
	for _, s := range []string{"", "3", "10s", "5m", "1h", "2d", "1f", "1h30m", "2m10s", "3x", "1f2s", "99999999999999999999s", " 4 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		n, sec, file, err := ParseTimeArg(arg)
		if err != nil {
			if want := "E475: Invalid argument: "; len(err.Error()) < len(want) || err.Error()[:len(want)] != want {
				t.Fatalf("%q: error %q", arg, err)
			}
			return
		}
		if n < 0 || n > maxCount || (sec && file) {
			t.Fatalf("%q: n=%d sec=%v file=%v", arg, n, sec, file)
		}
	})
}

// FuzzRestore mutates a valid Image (seq numbers, parents, children,
// heads, counters, write numbers, labels, changes) as the fuzz input says
// and restores it: Restore must never panic, and a tree it accepts must
// satisfy the invariants and compute every state's text.
func FuzzRestore(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 0, 3})
	f.Add([]byte{1, 2, 0, 5, 1, 7, 9, 3, 3, 3})
	f.Add([]byte{8, 1, 1, 9, 0, 2, 10, 2, 200})
	f.Fuzz(func(t *testing.T, data []byte) {
		d := newDriver("ab\ncd\n", Options{Levels: 50, LevelsSet: true})
		src := randSource{rand.New(rand.NewPCG(11, 12))}
		for d.t.Len() < 12 {
			if _, err := d.step(src); err != nil {
				t.Fatal(err)
			}
		}
		img := d.t.Export()
		text, textSeq := d.t.Text(), d.t.Current()
		in := &byteSource{b: data}
		for !in.done() {
			mutateImage(&img, in, &textSeq)
		}
		tr, err := Restore(text, textSeq, img, Options{})
		if err != nil {
			if tr != nil {
				t.Fatal("error with a tree")
			}
			return
		}
		if err := checkInvariants(tr); err != nil {
			t.Fatalf("accepted image breaks an invariant: %v", err)
		}
		s := tr.Snapshot()
		for n := range s.Nodes() {
			if _, err := s.TextAt(n.Seq); err != nil {
				t.Fatalf("accepted image: %v", err)
			}
		}
	})
}

func mutateImage(img *Image, in *byteSource, textSeq *int) {
	pick := func() *ImageNode {
		if len(img.Nodes) == 0 {
			return &ImageNode{}
		}
		return &img.Nodes[in.intn(len(img.Nodes))]
	}
	v := in.intn(12) - 2
	switch in.intn(16) {
	case 0:
		pick().Seq += v
	case 1:
		pick().Parent += v
	case 2:
		n := pick()
		n.Children = append(n.Children, v)
	case 3:
		n := pick()
		if len(n.Children) > 0 {
			n.Children = n.Children[1:]
		}
	case 4:
		img.CurHead += v
	case 5:
		img.NewHead += v
	case 6:
		img.SeqLast += v
	case 7:
		img.SaveCur += v
	case 8:
		pick().SaveNr += v
	case 9:
		pick().Label = []string{"", "a", "1", "b c"}[in.intn(4)]
	case 10:
		n := pick()
		if len(n.Changes) > 0 {
			n.Changes[0].Off += v
		}
	case 11:
		n := pick()
		if len(n.Changes) > 0 {
			n.Changes[0].Old += "x"
		}
	case 12:
		img.RootChildren = append(img.RootChildren, v)
	case 13:
		*textSeq += v
	case 14:
		if len(img.Nodes) > 1 {
			i := in.intn(len(img.Nodes))
			img.Nodes = append(img.Nodes[:i], img.Nodes[i+1:]...)
		}
	default:
		img.SeqCur += v
	}
}
