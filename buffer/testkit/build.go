package testkit

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// BuildKJXInto builds the kjx command of the repository at root into the
// file out with the go command on PATH. The error holds the compiler's
// output.
func BuildKJXInto(ctx context.Context, root, out string) error {
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, "./cmd/kjx")
	cmd.Dir = root
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./cmd/kjx in %s: %w\n%s", root, err, msg)
	}
	return nil
}

// BuildKJX builds the kjx command of this repository into a temporary
// directory of tb and returns the binary's path; it fails tb when the
// repository cannot be found or the build fails.
func BuildKJX(tb testing.TB) string {
	tb.Helper()
	root, err := Root()
	if err != nil {
		tb.Fatal(err)
	}
	bin := filepath.Join(tb.TempDir(), "kjx")
	if err := BuildKJXInto(tb.Context(), root, bin); err != nil {
		tb.Fatal(err)
	}
	return bin
}

// SharedKJX builds the kjx command once for all the tests of one test
// binary: each build costs seconds (a link of the whole editor), and a
// package's end-to-end tests all run the same binary. The zero value is
// ready; the package's TestMain calls Remove after m.Run.
type SharedKJX struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// Path builds kjx on the first call and returns the binary's path; a
// failed build fails every test that asks for it.
func (s *SharedKJX) Path(tb testing.TB) string {
	tb.Helper()
	s.once.Do(s.build)
	if s.err != nil {
		tb.Fatal(s.err)
	}
	return s.bin
}

// build runs the one build, into its own temporary directory (a test's
// TempDir would vanish with the first test).
func (s *SharedKJX) build() {
	root, err := Root()
	if err != nil {
		s.err = err
		return
	}
	if s.dir, err = os.MkdirTemp("", "kjx-test-bin-"); err != nil {
		s.err = fmt.Errorf("temporary directory for the kjx build: %w", err)
		return
	}
	s.bin = filepath.Join(s.dir, "kjx")
	s.err = BuildKJXInto(context.Background(), root, s.bin)
}

// Remove deletes the built binary, if any.
func (s *SharedKJX) Remove() {
	if s.dir != "" {
		_ = os.RemoveAll(s.dir)
	}
}
