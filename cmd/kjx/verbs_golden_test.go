package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/buffer/testkit"
)

// The outputs of kjx history and kjx show on the ~10 000-state history of
// bigHistory, as SHA-256 sums, captured before the verbs were made fast
// (commit 532a51c): the faster code must print the same bytes. The
// history is typed through the editor, so a fix of the editor's Vim
// semantics changes the states: the sums of kjx show were taken again
// after u of p returned to Vim's cursor (the history sum did not change),
// and TestLongBigHistoryVim checks those states against Vim itself. The time
// column is in the local zone, so it is replaced by "TIME" before the
// sum (bigHistory's clock is fixed, every state has the same time).
const (
	goldenHistorySum = "87a141341f4f474c8e26a833c2993eb7e9befa2493e302eb31ab3c5d08e075f1"
)

// goldenShowSums are the sums of kjx show big.txt@SEQ.
var goldenShowSums = map[int]string{
	0:    "b3ed6168d9dffb6e532a8d37ef273cd4140d187470f34d795f2f5a312cf0ef08",
	1:    "890baac4dfc20b7a2d0b8fff5eda7177df48852d564b30e65163fb12e4bf4c05",
	1234: "3d0a8bea76fb07267c6f882f628e540397427b67a99a2a36190c28ea1eee47f5",
	5000: "c8ae499b48118d68c45e48071c13d1f4ca9342e9864b0824f54400a1db6dc11b",
	8888: "04619de43ccac2d1c6f7feb38f30463b9c27dc45219de9bb60963c6d50979cf0",
	9741: "3694a8f9dfb37e54ab66bd3fbc98835f992bbdd6f403e80a4e0be66743fc8601",
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

// TestLongBigHistoryVim types bigHistory's 13 000 keys into a real Vim
// (undolevels=20000), then compares the final text and the texts of
// :undo N for several N with what kjx wrote and what kjx show prints: the
// whole undo core (numbering, branches, the cursor each undo leaves for
// the next key) against Vim on one long session.
func TestLongBigHistoryVim(t *testing.T) {
	if _, err := exec.LookPath("vim"); err != nil {
		t.Skip("vim is not installed")
	}
	if testkit.RaceEnabled {
		t.Skip("runs in make long, without the race detector")
	}
	verbHome(t)
	file := bigHistory(t)
	vdir := t.TempDir()
	text, keys := bigHistoryInput()
	for name, body := range map[string]string{"v.txt": text, "keys.txt": strings.ReplaceAll(keys, "<Esc>", "\x1b")} {
		if err := os.WriteFile(filepath.Join(vdir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	seqs := []int{1, 1234, 5000, 8888, 9741}
	var sc strings.Builder
	sc.WriteString("set undolevels=20000\ncall cursor(1, 1)\n")
	sc.WriteString("call feedkeys(join(readfile('keys.txt', 'b'), \"\\n\"), 'xt')\nwrite! final.txt\n")
	for _, n := range seqs {
		fmt.Fprintf(&sc, "undo %d\nwrite! s%d.txt\n", n, n)
	}
	sc.WriteString("qa!\n")
	if err := os.WriteFile(filepath.Join(vdir, "d.vim"), []byte(sc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("vim", "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es", "-S", "d.vim", "v.txt")
	cmd.Dir = vdir
	_ = cmd.Run() // -Es exits 1 after an error; the files tell
	want, err := os.ReadFile(filepath.Join(vdir, "final.txt"))
	if err != nil {
		t.Fatalf("vim wrote no final text: %v", err)
	}
	if got, _ := os.ReadFile(file); string(got) != string(want) {
		t.Errorf("final text: kjx %d bytes, vim %d bytes, different", len(got), len(want))
	}
	for _, n := range seqs {
		want, err := os.ReadFile(filepath.Join(vdir, fmt.Sprintf("s%d.txt", n)))
		if err != nil {
			t.Fatalf("vim wrote no state %d: %v", n, err)
		}
		var show strings.Builder
		if code := run([]string{"show", file + "@" + strconv.Itoa(n)}, nil, &show, io.Discard); code != 0 {
			t.Fatalf("kjx show @%d: exit %d", n, code)
		}
		if show.String() != string(want) {
			t.Errorf("state %d: kjx show %d bytes, vim :undo %d %d bytes, different", n, show.Len(), n, len(want))
		}
	}
}
