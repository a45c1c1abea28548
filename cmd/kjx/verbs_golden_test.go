package main

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// The outputs of kjx history and kjx show on the ~10 000-state history of
// bigHistory, as SHA-256 sums, captured before the verbs were made fast
// (commit 532a51c): the faster code must print the same bytes. The time
// column is in the local zone, so it is replaced by "TIME" before the
// sum (bigHistory's clock is fixed, every state has the same time).
const (
	goldenHistorySum = "87a141341f4f474c8e26a833c2993eb7e9befa2493e302eb31ab3c5d08e075f1"
)

// goldenShowSums are the sums of kjx show big.txt@SEQ.
var goldenShowSums = map[int]string{
	0:    "b3ed6168d9dffb6e532a8d37ef273cd4140d187470f34d795f2f5a312cf0ef08",
	1:    "890baac4dfc20b7a2d0b8fff5eda7177df48852d564b30e65163fb12e4bf4c05",
	1234: "9aa98ff8f576a4c2c4c79a77bbe40aa5000fff8e889c2bacba3e8353a26d15ef",
	5000: "7d0c8570d448a036f22c5a4b8c2d73a24021aadd9a89c9c68076c2e204c42dd7",
	8888: "a96d53beafa6e8795fb6bda2b555b4965ae781e0eceaab654c32e3d3d9b05a22",
	9741: "16c250f4fc12ce08593a1815c961c88d4b7564c87e4f8ba9b57038be2bbc2b6b",
}

// TestLongVerbsGoldenBigHistory runs in make long (0.4 s; 3 s under the
// race detector, and the verbs' output has nothing racy to check).
func TestLongVerbsGoldenBigHistory(t *testing.T) {
	if testkit.RaceEnabled {
		t.Skip("runs in make long, without the race detector")
	}
	verbHome(t)
	file := bigHistory(t)
	var out, errb strings.Builder
	if code := run([]string{"history", file}, nil, &out, &errb); code != 0 {
		t.Fatalf("kjx history: exit %d: %s", code, errb.String())
	}
	stamp := time.Unix(1700000000, 0).Format("2006-01-02 15:04:05")
	hist := strings.ReplaceAll(out.String(), stamp, "TIME")
	if got := sum(hist); got != goldenHistorySum {
		t.Errorf("kjx history: sum %s, want %s (%d lines)", got, goldenHistorySum, strings.Count(hist, "\n"))
	}
	for seq, want := range goldenShowSums {
		var show strings.Builder
		if code := run([]string{"show", file + "@" + strconv.Itoa(seq)}, nil, &show, io.Discard); code != 0 {
			t.Fatalf("kjx show @%d: exit %d", seq, code)
		}
		if got := sum(show.String()); got != want {
			t.Errorf("kjx show @%d: sum %s, want %s", seq, got, want)
		}
	}
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}
