package shell

import (
	"errors"
	"testing"
	"time"
)

func TestRun(t *testing.T) {
	r := Runner{Shell: "sh"}
	for _, tc := range []struct {
		cmd, in, out string
		code         int
	}{
		{"sort", "b\na\n", "a\nb\n", 0},
		{"echo out; echo err >&2; exit 3", "", "out\nerr\n", 3},
		{"tr a-z A-Z", "abc", "ABC", 0},
		{"cat", "", "", 0},
	} {
		res, err := r.Run(tc.cmd, []byte(tc.in))
		if err != nil {
			t.Fatalf("Run(%q): %v", tc.cmd, err)
		}
		if string(res.Output) != tc.out || res.ExitCode != tc.code {
			t.Errorf("Run(%q) = %q, %d; want %q, %d", tc.cmd, res.Output, res.ExitCode, tc.out, tc.code)
		}
	}
}

func TestRunTimeout(t *testing.T) {
	_, err := Runner{Shell: "sh", Timeout: 100 * time.Millisecond}.Run("sleep 5", nil)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("Run(sleep 5) with a 100ms timeout: %v, want ErrTimeout", err)
	}
}

func TestRunNoShell(t *testing.T) {
	if _, err := (Runner{Shell: "/nonexistent/shell"}).Run("true", nil); err == nil {
		t.Fatal("Run with a missing shell: no error")
	}
}
