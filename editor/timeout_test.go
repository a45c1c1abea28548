package editor

import (
	"strings"
	"testing"
	"time"
)

// TestTimeoutLenOption: 'timeoutlen' ('tm') is a number option, 1000 by
// default as in Vim, and refuses negative values as Vim does.
func TestTimeoutLenOption(t *testing.T) {
	e := newTestEditor("")
	if e.opt.TimeoutLen != 1000 {
		t.Errorf("default %d", e.opt.TimeoutLen)
	}
	e.ExecEx("set tm=250")
	if e.opt.TimeoutLen != 250 {
		t.Errorf(":set tm=250 gave %d", e.opt.TimeoutLen)
	}
	e.ExecEx("set timeoutlen?")
	if v := e.View(); len(v.Output) == 0 || strings.TrimSpace(v.Output[len(v.Output)-1]) != "timeoutlen=250" {
		t.Errorf(":set timeoutlen? said %q", v.Output)
	}
	// Vim refuses a negative value with E487 and then sets the option to
	// 0 (check_num_option_bounds).
	if e.ExecEx("set tm=-1") || e.opt.TimeoutLen != 0 {
		t.Errorf(":set tm=-1 accepted, or not reset to 0 as in Vim (%d)", e.opt.TimeoutLen)
	}
}

// TestTimeoutLenRun: under Run, keys held as the start of a longer
// mapping are used once 'timeoutlen' passes without another key, and
// not before; a key in time completes the mapping.
func TestTimeoutLenRun(t *testing.T) {
	const tm = 40 * time.Millisecond
	start := func(t *testing.T) (*Editor, *runHarness) {
		e := newTestEditor("one\ntwo\nthree\n")
		if err := e.SetMappings(map[string]string{",": "x", ",d": "dd", ",,d": "G", "jk": "G"}, nil); err != nil {
			t.Fatal(err)
		}
		e.ExecEx("set tm=40")
		h := startRun(t, e)
		h.waitView("the first view", func(View) bool { return true })
		return e, h
	}

	t.Run("held key times out", func(t *testing.T) {
		_, h := start(t)
		sent := time.Now()
		h.in <- Input{Keys: MustParseKeys("j")}
		v := h.waitView("j after the timeout", func(v View) bool { return v.Cursor.Line == 1 })
		if d := time.Since(sent); d < tm {
			t.Errorf("j applied after %v, before 'timeoutlen' (%v)", d, tm)
		}
		if v.Text.String() != "one\ntwo\nthree" {
			t.Errorf("text %q", v.Text.String())
		}
	})
	t.Run("held left side maps on timeout", func(t *testing.T) {
		_, h := start(t)
		h.in <- Input{Keys: MustParseKeys(",")}
		h.waitView(", mapped to x after the timeout", func(v View) bool { return v.Text.String() == "ne\ntwo\nthree" })
	})
	t.Run("keys held again wait again", func(t *testing.T) {
		// ",," waits for ",,d"; on the timeout the first "," maps to x and
		// the second is held again (a prefix of ",d") until a second
		// timeout, as in Vim.
		_, h := start(t)
		h.in <- Input{Keys: MustParseKeys(",,")}
		h.waitView("both , mapped to x", func(v View) bool { return v.Text.String() == "e\ntwo\nthree" })
	})
	t.Run("next key in time completes the mapping", func(t *testing.T) {
		_, h := start(t)
		h.in <- Input{Keys: MustParseKeys(",")}
		h.in <- Input{Keys: MustParseKeys("d")}
		v := h.waitView(",d mapped to dd", func(v View) bool { return v.Text.String() == "two\nthree" })
		if v.Status.SeqCur != 1 {
			t.Errorf("seq %d", v.Status.SeqCur)
		}
	})
	t.Run("no flush before the timeout", func(t *testing.T) {
		_, h := start(t)
		h.in <- Input{Ex: "set tm=5000"}
		h.waitView(":set tm=5000", func(v View) bool { return v.Options.TimeoutLen == 5000 })
		h.in <- Input{Keys: MustParseKeys("j")}
		h.waitView("j held", func(v View) bool { return true })
		time.Sleep(3 * tm)
		h.in <- Input{Keys: MustParseKeys("k")}
		v := h.waitView("jk mapped to G", func(v View) bool { return v.Cursor.Line == 2 })
		if v.Text.String() != "one\ntwo\nthree" {
			t.Errorf("text %q", v.Text.String())
		}
	})
}
