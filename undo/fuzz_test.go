package undo

import (
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
