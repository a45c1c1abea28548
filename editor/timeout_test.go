package editor

import (
	"strings"
	"testing"
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
	if v := e.TakeView(); len(v.Output) == 0 || strings.TrimSpace(v.Output[len(v.Output)-1]) != "timeoutlen=250" {
		t.Errorf(":set timeoutlen? said %q", v.Output)
	}
	// Vim refuses a negative value with E487 and then sets the option to
	// 0 (check_num_option_bounds).
	if e.ExecEx("set tm=-1") || e.opt.TimeoutLen != 0 {
		t.Errorf(":set tm=-1 accepted, or not reset to 0 as in Vim (%d)", e.opt.TimeoutLen)
	}
}
