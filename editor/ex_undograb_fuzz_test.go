package editor

import (
	"strings"
	"testing"
)

// FuzzGrabArgs checks :undograb's argument parser on any input: it never
// panics; when it accepts, the register is none or one :undograb may
// write, and the pattern is a piece of the argument; and an argument
// built from a register and a pattern free of the delimiter parses back
// to them.
func FuzzGrabArgs(f *testing.F) {
	for _, s := range []string{"/foo/", "a /foo/", "/foo", "#a/b#", "x/y/", "/a/ b", "a", `/\//`, "\" /x/", "_ /y", "/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		reg, pat, err := grabArgs(arg)
		if err == nil {
			if reg != 0 && !isGrabRegister(reg) {
				t.Fatalf("grabArgs(%q): register %q", arg, reg)
			}
			if !strings.Contains(arg, pat) {
				t.Fatalf("grabArgs(%q): pattern %q is not in the argument", arg, pat)
			}
		}
		if strings.ContainsAny(arg, "/\\") {
			return
		}
		built := "a /" + arg + "/"
		reg, pat, err = grabArgs(built)
		if err != nil || reg != 'a' || pat != arg {
			t.Fatalf("grabArgs(%q) = %q, %q, %v; want 'a', %q", built, reg, pat, err, arg)
		}
	})
}
