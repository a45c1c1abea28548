package motion

import (
	"flag"
	"fmt"
	"os"
	"sync"
	"testing"
)

// With -vim, the hand-written table tests are also run through the
// installed Vim after the tests pass, and every expectation must be Vim's
// answer: `go test -run 'Test' -vim ./editor/motion/`.
var vimFlag = flag.Bool("vim", false, "check the table tests' expectations against the installed vim")

// vimChecker collects table cases for the -vim check.
type vimChecker struct {
	mu    sync.Mutex
	cases []vimCase
	names []string
}

var vimCheck = &vimChecker{}

// add records a motion case: keys from off should leave the cursor at want.
func (v *vimChecker) add(t *testing.T, text string, off int, keys string, want int) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.cases = append(v.cases, vimCase{Text: text, Off: off, Keys: keys, Want: want})
	v.names = append(v.names, t.Name())
}

// addYank records a "y" + text object case with the expected yank (an
// empty regtyp means the object fails).
func (v *vimChecker) addYank(t *testing.T, text string, off int, keys string, res result) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.cases = append(v.cases, vimCase{Text: text, Off: off, Keys: keys, Want: res.cur, Yank: res.yank, RegType: res.regtyp})
	v.names = append(v.names, t.Name())
}

// verify runs the collected cases through Vim and reports disagreements.
func (v *vimChecker) verify() error {
	got := make([]vimCase, len(v.cases))
	copy(got, v.cases)
	for i, c := range got {
		if c.Off < 0 || c.Off > len(c.Text) {
			return fmt.Errorf("%s: bad case offset %d", v.names[i], c.Off)
		}
	}
	dir, err := os.MkdirTemp("", "kjx-motion-vim")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := runVimCases(dir, got); err != nil {
		return err
	}
	bad := 0
	for i, want := range v.cases {
		g := got[i]
		failed := want.RegType == "" && want.Keys[0] == 'y'
		if failed && g.RegType == "" {
			continue
		}
		if g.Want != want.Want || g.Yank != want.Yank || g.RegType != want.RegType {
			bad++
			fmt.Printf("%s: %q from %d keys %q: table expects %d %q %q, vim %d %q %q\n",
				v.names[i], want.Text, want.Off, want.Keys, want.Want, want.Yank, want.RegType, g.Want, g.Yank, g.RegType)
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d table cases disagree with vim", bad, len(v.cases))
	}
	fmt.Printf("all %d table cases agree with vim\n", len(v.cases))
	return nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if code == 0 && *vimFlag {
		if err := vimCheck.verify(); err != nil {
			fmt.Println(err)
			code = 1
		}
	}
	os.Exit(code)
}
