package session

import (
	"os"
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/editor/fileio"
)

// bigText is a file larger than the undo files of these tests may be, so
// that no text copy is stored (the case where a crash used to detach the
// history: nothing to graft with).
func bigText() string {
	var b strings.Builder
	for i := 0; b.Len() < 40_000; i++ {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%50))
		b.WriteString("\n")
	}
	return b.String()
}

// TestPendingWriteCrashPoints kills (in process: the writer stops, the
// exit writes never happen) a :w of a file too large for a text copy at
// each point of its sequence, and reopens: the history always attaches,
// with the disk text as the saved state and every state reachable.
//
//   - before the rename: the announcement is written, the text file is
//     not: the old text, with the new state redo-able;
//   - after the rename, before the undo file's own write: the new text
//     is the announced state;
//   - after both: the new text is the saved state, as always.
func TestPendingWriteCrashPoints(t *testing.T) {
	orig := bigText()
	for _, point := range []string{"before rename", "after rename", "after undo write"} {
		t.Run(point, func(t *testing.T) {
			p := newPersistEnv(t, orig)
			p.conf.MaxFileSize = 16 << 10 // smaller than the text: no copy stored
			s, _ := p.open()
			do(t, s, "ggAone<Esc>", ":w", ":sleep 1", "Gotwo<Esc>")
			b := s.Editor().Buffers()[0]
			written := b.Text().String() // the text the killed :w writes
			saved := strings.TrimSuffix(strings.Replace(orig, "line \n", "line one\n", 1), "\n")
			switch point {
			case "before rename":
				s.writing(b, b.Text(), true)
			case "after rename":
				s.writing(b, b.Text(), true)
				if _, err := fileio.Save(p.file, b.Text(), fileio.SaveOptions{EOL: true}); err != nil {
					t.Fatal(err)
				}
			case "after undo write":
				do(t, s, ":w", ":sleep 1")
			}
			crash(s)
			raw, _ := os.ReadFile(p.file)
			onDisk := strings.TrimSuffix(string(raw), "\n") // the buffer's text has no final newline
			s2, msgs := p.open()
			b2 := s2.Editor().Buffers()[0]
			for _, m := range msgs {
				if strings.Contains(m, "changed since its history was saved") || strings.Contains(m, "corrupt") {
					t.Fatalf("history not attached: %q", msgs)
				}
			}
			if b2.Text().String() != onDisk || b2.Modified() {
				t.Fatalf("reopened: modified %v, text is the disk's: %v", b2.Modified(), b2.Text().String() == onDisk)
			}
			if point == "before rename" {
				if onDisk != saved {
					t.Fatal("the text file changed before its rename")
				}
				do(t, s2, ":later 1")
				if b2.Text().String() != written {
					t.Fatalf("the announced state is not redo-able (messages %q)", msgs)
				}
				do(t, s2, ":undo 0")
			} else {
				if onDisk != written {
					t.Fatal("the text file is not the written text")
				}
				do(t, s2, "u")
				if b2.Text().String() != saved {
					t.Fatalf("u after reopening: not the state before (messages %q)", msgs)
				}
				do(t, s2, "u")
			}
			if b2.Text().String() != strings.TrimSuffix(orig, "\n") {
				t.Fatal("the original text is not reachable")
			}
		})
	}
}
