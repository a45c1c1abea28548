package testkit

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
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
