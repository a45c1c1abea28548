package workspace

import (
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// frameInfo is one record's place in a log file.
type frameInfo struct {
	at, size int
	kind     byte
}

// frames lists the records of a healthy log.
func frames(t testing.TB, data []byte) []frameInfo {
	t.Helper()
	var out []frameInfo
	for pos := preambleLen; pos < len(data); {
		kind, n, ok := frameAt(data, pos)
		if !ok {
			t.Fatalf("no record at %d", pos)
		}
		out = append(out, frameInfo{pos, n + frameLen, kind})
		pos += n + frameLen
	}
	return out
}

// sampleLog writes a log of six checkpoints over three files and returns
// it with the shapes of its checkpoints.
func sampleLog(t *testing.T) (*Log, map[int][]string) {
	l := openTest(t, Options{})
	commit(t, l, t0, "opened", false, file("a", 0, "a0"), file("b", 0, "b0"))
	commit(t, l, t0.Add(time.Minute), "write", false, file("a", 2, "a2"))
	commit(t, l, t0.Add(2*time.Minute), "first point", true, file("c", 1, "c1"))
	commit(t, l, t0.Add(3*time.Minute), "write", false, gone("b", 4), file("a", 3, "a3"))
	commit(t, l, t0.Add(4*time.Minute), "first point", true, file("c", 2, "c2"))
	commit(t, l, t0.Add(5*time.Minute), "write", false, file("a", 5, "a5"))
	shapes := map[int][]string{}
	for _, s := range l.List() {
		shapes[s.Number] = shape(mustCheckpoint(t, l, s.Number))
	}
	return l, shapes
}

// TestDamageCostsOnlyItsRecord damages every record of a log in turn, in
// its payload and in its header: only what that record held is lost.
func TestDamageCostsOnlyItsRecord(t *testing.T) {
	l, shapes := sampleLog(t)
	orig := readLog(t, l)
	fs := frames(t, orig)
	for _, f := range fs {
		for _, where := range []string{"payload", "header", "sync", "length"} {
			data := slices.Clone(orig)
			switch where {
			case "payload":
				data[f.at+frameHeaderLen+(f.size-frameLen)/2] ^= 0x10
			case "header":
				data[f.at+2] ^= 0x01 // the kind
			case "sync":
				data[f.at] = 0
			case "length":
				binary.LittleEndian.PutUint32(data[f.at+3:], 1<<20)
			}
			name := fmt.Sprintf("%c record at %d, %s", f.kind, f.at, where)
			if err := os.WriteFile(l.Name(), data, 0o600); err != nil {
				t.Fatal(err)
			}
			l2, err := Open(l.opt)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkDamage(t, name, l2, f, orig, shapes)
			l2.Close()
		}
	}
}

func checkDamage(t *testing.T, name string, l *Log, f frameInfo, orig []byte, shapes map[int][]string) {
	t.Helper()
	p := l.Problems()
	if len(p) == 0 || strings.Contains(strings.Join(p, ""), "\n") || !strings.Contains(p[0], fmt.Sprintf("record at byte %d", f.at)) {
		t.Errorf("%s: problems %q", name, p)
	}
	healthy := newModel()
	healthy.scan(orig[preambleLen:], preambleLen)
	got := map[int][]string{}
	for _, s := range l.List() {
		got[s.Number] = shape(mustCheckpoint(t, l, s.Number))
	}
	for n, want := range shapes {
		have, ok := got[n]
		c := healthy.cps[n-1]
		switch {
		case f.kind == kindCheckpoint && f.at == recordOf(t, orig, c.number):
			if ok {
				t.Errorf("%s: damaged checkpoint %d still listed", name, n)
			}
		case !ok:
			t.Errorf("%s: checkpoint %d lost with another record", name, n)
		default:
			// Lost file states are left out; everything else is intact.
			lost := 0
			for _, w := range want {
				if !slices.Contains(have, w) {
					lost++
				}
			}
			cp := mustCheckpoint(t, l, n)
			if lost != cp.Lost || len(have)+lost != len(want) {
				t.Errorf("%s: checkpoint %d = %v (lost %d), healthy %v", name, n, have, cp.Lost, want)
			}
			if lost > 0 && f.kind != kindVersion && f.kind != kindPath {
				t.Errorf("%s: a %c record cost file states of checkpoint %d", name, f.kind, n)
			}
		}
	}
}

// recordOf returns the offset of checkpoint number n's record.
func recordOf(t *testing.T, data []byte, n uint32) int {
	for _, f := range frames(t, data) {
		if f.kind != kindCheckpoint {
			continue
		}
		r := &fields{b: data[f.at+frameHeaderLen : f.at+f.size-crcLen]}
		if uint32(r.uvarint("n", 1<<32)) == n {
			return f.at
		}
	}
	return -1
}

// TestGarbageBetweenRecords: bytes that are no record (a bad sector
// rewritten with junk, a stray write) are skipped as one problem.
func TestGarbageBetweenRecords(t *testing.T) {
	l, shapes := sampleLog(t)
	orig := readLog(t, l)
	fs := frames(t, orig)
	mid := fs[len(fs)/2].at
	junk := []byte("\xf5\xcb junk that even starts like a record \xf5\xcbW\x00\x00")
	data := append(append(slices.Clone(orig[:mid]), junk...), orig[mid:]...)
	if err := os.WriteFile(l.Name(), data, 0o600); err != nil {
		t.Fatal(err)
	}
	l2 := reopen(t, l)
	if p := l2.Problems(); len(p) != 1 || !strings.Contains(p[0], fmt.Sprintf("%d damaged bytes", len(junk))) {
		t.Errorf("problems %q", p)
	}
	for n, want := range shapes {
		if got := shape(mustCheckpoint(t, l2, n)); !slices.Equal(got, want) {
			t.Errorf("checkpoint %d = %v, want %v", n, got, want)
		}
	}
}

// TestLostStateIDsNeverReused: when the newest file state's record is
// damaged, a new state gets a new id, so that after maintenance rewrites
// the log the old checkpoint still reports the file as lost rather than
// naming the new state.
func TestLostStateIDsNeverReused(t *testing.T) {
	l := openTest(t, Options{})
	commit(t, l, t0, "opened", false, file("a", 1, "a1"))
	data := readLog(t, l)
	fs := frames(t, data)
	for _, f := range fs {
		if f.kind == kindVersion {
			data[f.at+frameHeaderLen+1] ^= 0x40
		}
	}
	if err := os.WriteFile(l.Name(), data, 0o600); err != nil {
		t.Fatal(err)
	}
	l2 := reopen(t, l)
	commit(t, l2, t0.Add(time.Minute), "write", false, file("a", 2, "a2"))
	if _, err := l2.Maintain(newStore(t, l2), Policy{}, t0); err != nil {
		t.Fatal(err)
	}
	l3 := reopen(t, l2)
	c1 := mustCheckpoint(t, l3, 1)
	if c1.Lost != 1 || len(c1.Files) != 0 {
		t.Errorf("checkpoint 1 after the rewrite: %v, lost %d", shape(c1), c1.Lost)
	}
	if got := shape(mustCheckpoint(t, l3, 2)); !slices.Equal(got, []string{"a@2"}) {
		t.Errorf("checkpoint 2 = %v", got)
	}
}
