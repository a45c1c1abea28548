package main

import (
	"os"
	"testing"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// kjxBin is the kjx binary of the end-to-end tests, built once per run
// instead of once per test.
var kjxBin testkit.SharedKJX

func TestMain(m *testing.M) {
	code := m.Run()
	kjxBin.Remove()
	os.Exit(code)
}
