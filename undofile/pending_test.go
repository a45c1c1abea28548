package undofile

import (
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
)

// pendingFile is a random file of n nodes with a pending write of one of
// its nodes (or the root).
func pendingFile(rng *rand.Rand, n int) *File {
	f := randomFile(rng, n)
	seq := 0
	if n > 0 {
		seq = f.Image.Nodes[rng.IntN(n)].Seq
	}
	f.Pending = PendingWrite{Seq: seq, Disk: HashBytes([]byte(randomString(rng, rng.IntN(100))))}
	return f
}

// TestPendingRoundTrip: a pending write survives encoding, makes the file
// version 3 with flag bit 2, and a file without one stays version 2 (so
// that a kjx reading only version 2 reads every file but the rare one
// written between a :w's announcement and its undo-file write).
func TestPendingRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 40 {
		f := pendingFile(rng, rng.IntN(30))
		data, err := Encode(f, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if v, fl := binary.LittleEndian.Uint16(data[8:]), binary.LittleEndian.Uint16(data[10:]); v != 3 || fl&flagPending == 0 {
			t.Fatalf("%d: version %d flags %#x, want version 3 with the pending flag", i, v, fl)
		}
		got, err := Decode(data, DecodeOptions{Path: testPath})
		if err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		sameFile(t, f, got)
		f.Pending = PendingWrite{}
		data, err = Encode(f, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if v := binary.LittleEndian.Uint16(data[8:]); v != 2 {
			t.Fatalf("%d: a file without a pending write is version %d, want 2", i, v)
		}
	}
}

// TestPendingRefused: a pending write naming a node that does not exist
// is not written, and not read; the pending flag in a version 2 file is
// an unknown flag.
func TestPendingRefused(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	f := pendingFile(rng, 5)
	good, err := Encode(f, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	f.Pending.Seq = f.Image.SeqLast + 1
	if _, err := Encode(f, Limits{}); err == nil || !strings.Contains(err.Error(), "pending node") {
		t.Fatalf("encoding a pending write of a missing node: %v", err)
	}
	v2 := append([]byte{}, good...)
	binary.LittleEndian.PutUint16(v2[8:], 2)
	var e *Error
	if _, err := Decode(v2, DecodeOptions{}); !errors.As(err, &e) || e.Kind != KindVersion {
		t.Fatalf("pending flag in version 2: %v, want an incompatible-version error", err)
	}
	// A pending record naming a missing node, framed with valid checksums.
	f.Pending.Seq = 0
	ok, _ := Encode(f, Limits{})
	bad := reseal(bumpPendingSeq(t, ok, f.Image.SeqLast+1))
	if _, err := Decode(bad, DecodeOptions{}); !errors.As(err, &e) || e.Kind != KindCorrupt {
		t.Fatalf("pending write of a missing node: %v, want corrupt", err)
	}
}

// bumpPendingSeq rewrites the pending record's seq (encoded 0, its last
// payload byte) to seq, which must fit in one byte.
func bumpPendingSeq(t *testing.T, data []byte, seq int) []byte {
	t.Helper()
	d := append([]byte{}, data...)
	for p := preambleLen; p < len(d); {
		n, w := binary.Uvarint(d[p+1:])
		end := p + 1 + w + int(n)
		if d[p] == kindPending {
			if d[end-1] != 0 || seq > 127 {
				t.Fatalf("pending seq byte %d", d[end-1])
			}
			d[end-1] = byte(seq)
			return d
		}
		p = end + crcLen
	}
	t.Fatal("no pending record")
	return nil
}

// TestReadAcceptsPendingWrite is the load rule at each crash point of a
// :w: the text file holds the old bytes (killed before the rename: the
// saved node stays), the new bytes (killed after the rename, before the
// undo file was written again: the pending node becomes the saved one,
// nothing is "changed"), or other bytes (changed outside: Changed, to be
// grafted with the old text).
func TestReadAcceptsPendingWrite(t *testing.T) {
	dir := t.TempDir()
	img := chainImage(20, "x")
	oldDisk, newDisk, other := HashBytes([]byte("old")), HashBytes([]byte("new")), HashBytes([]byte("other"))
	text := buffer.FromString("old")
	j := Job{Path: testPath, Image: func() undo.Image { return img }, SavedSeq: 10, Disk: oldDisk, Text: &text,
		Pending: PendingWrite{Seq: 20, Disk: newDisk}}
	w := NewWriter(WriterOptions{Dir: dir})
	defer w.Close()
	w.Schedule(j)
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r := <-w.Results(); r.Err != nil || r.Pending != j.Pending {
		t.Fatalf("write: %+v", r)
	}
	for _, c := range []struct {
		name      string
		disk      FileState
		saved     int
		changed   bool
		pending   bool
		textKept  bool
		pendingIn bool
	}{
		{"killed before the rename", oldDisk, 10, false, false, true, true},
		{"killed after the rename", newDisk, 20, false, true, false, false},
		{"changed outside", other, 10, true, false, true, true},
	} {
		l, err := Read(dir, testPath, c.disk, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if l.File.SavedSeq != c.saved || l.Changed != c.changed || l.Pending != c.pending ||
			(l.File.Text != nil) != c.textKept || l.File.Pending.IsZero() == c.pendingIn {
			t.Errorf("%s: saved %d changed %v pending %v text %v pending kept %v", c.name,
				l.File.SavedSeq, l.Changed, l.Pending, l.File.Text != nil, !l.File.Pending.IsZero())
		}
		if c.pending && l.File.Disk != newDisk {
			t.Errorf("%s: disk not moved to the pending write's", c.name)
		}
	}
	// The write that follows the text rename clears the announcement.
	j.Pending, j.SavedSeq, j.Disk, j.Text = PendingWrite{}, 20, newDisk, nil
	w.Schedule(j)
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	<-w.Results()
	name, _ := Locate(dir, testPath)
	raw, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if v := binary.LittleEndian.Uint16(raw[8:]); v != 2 {
		t.Errorf("after the write: version %d, want 2", v)
	}
}
