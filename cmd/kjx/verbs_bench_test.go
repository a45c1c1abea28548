package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// bigHistory makes a 2 000-line file with a history of about 10 000
// states (typing, deletions, puts, undos making branches) in the verbs'
// home, and returns its name.
func bigHistory(tb testing.TB) string {
	tb.Helper()
	text, keys := bigHistoryInput()
	if err := os.WriteFile("big.txt", []byte(text), 0o644); err != nil {
		tb.Fatal(err)
	}
	var out, errb strings.Builder
	run([]string{"--headless", "--clock", "1700000000", "-c", "set undolevels=20000",
		"--keys", keys, "-c", "w", "big.txt"}, strings.NewReader(""), &out, &errb)
	return "big.txt"
}

// bigHistoryInput is bigHistory's text (2 000 lines) and its 13 000
// random keys (x, j, o…<Esc>, dd, u, p), in Vim notation.
func bigHistoryInput() (string, string) {
	var text strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&text, "line %d %s\n", i, strings.Repeat("abcdefghij", 5))
	}
	rng := rand.New(rand.NewPCG(2, 3))
	var keys strings.Builder
	for i := range 13000 {
		switch r := rng.IntN(20); {
		case r < 10:
			keys.WriteString("x")
		case r < 14:
			keys.WriteString("j")
		case r < 16:
			fmt.Fprintf(&keys, "oadded line %d<Esc>", i)
		case r < 18:
			keys.WriteString("dd")
		case r < 19:
			keys.WriteString("u")
		default:
			keys.WriteString("p")
		}
	}
	return text.String(), keys.String()
}

// benchVerbs sets up the big history once in a temporary home, or in
// $KJX_VERBS_BENCH_DIR when set, where it stays for timing whole
// processes (docs/performance.md):
//
//	KJX_VERBS_BENCH_DIR=/tmp/h go test -run '^$' -bench VerbHistory -benchtime 1x ./cmd/kjx
//	cd /tmp/h && HOME=$PWD/home XDG_DATA_HOME=$PWD/data hyperfine -N 'kjx history big.txt'
func benchVerbs(b *testing.B) string {
	dir := os.Getenv("KJX_VERBS_BENCH_DIR")
	if dir == "" {
		dir = b.TempDir()
	} else {
		// A history left by an earlier run would grow by a second
		// session: start afresh.
		for _, sub := range []string{"home", "data", "config"} {
			if err := os.RemoveAll(filepath.Join(dir, sub)); err != nil {
				b.Fatal(err)
			}
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
	}
	b.Setenv("HOME", dir+"/home")
	b.Setenv("XDG_DATA_HOME", dir+"/data")
	b.Setenv("XDG_CONFIG_HOME", dir+"/config")
	b.Chdir(dir)
	file := bigHistory(b)
	var out strings.Builder
	run([]string{"history", file}, nil, &out, io.Discard)
	if n := strings.Count(out.String(), "\n"); n < 9000 {
		b.Fatalf("only %d states", n)
	}
	return file
}

// BenchmarkVerbHistory is kjx history on a history of about 10 000
// states, in process (the process's start-up is measured with hyperfine,
// see docs/performance.md). Budget for the whole process: 30 ms.
func BenchmarkVerbHistory(b *testing.B) {
	file := benchVerbs(b)
	for b.Loop() {
		if code := run([]string{"history", file}, nil, io.Discard, io.Discard); code != 0 {
			b.Fatal(code)
		}
	}
}

// BenchmarkVerbShow is kjx show of a state in the middle of that history.
func BenchmarkVerbShow(b *testing.B) {
	file := benchVerbs(b)
	for b.Loop() {
		if code := run([]string{"show", file + "@5000"}, nil, io.Discard, io.Discard); code != 0 {
			b.Fatal(code)
		}
	}
}

// benchEnv is the verbs' environment for calling their parts directly.
func benchEnv() verbEnv {
	return verbEnv{stdout: io.Discard, stderr: io.Discard, getenv: os.Getenv, now: time.Now()}
}

// BenchmarkVerbHistoryLoad is the part of kjx history (and show) that
// reads: the configuration, the file (hashed), the undo file (read,
// checked, decoded).
func BenchmarkVerbHistoryLoad(b *testing.B) {
	file := benchVerbs(b)
	for b.Loop() {
		if _, err := loadHistory(benchEnv(), file); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerbHistoryLineCounts is the part of kjx history that counts
// the lines each state added and deleted: the walk from the saved state
// to the root and down every branch.
func BenchmarkVerbHistoryLineCounts(b *testing.B) {
	file := benchVerbs(b)
	h, err := loadHistory(benchEnv(), file)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		w, err := h.walkToRoot()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := lineCounts(w); err != nil {
			b.Fatal(err)
		}
	}
}
