package session

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/undo"
	"github.com/kjx-editor/kjx/undofile"
)

// BenchmarkOpenFindByContent5000 is the session's part of opening a file
// that has no history under its path, with 5 000 undo files in the undo
// directory, one of which was saved with the file's bytes under a path
// that is gone (an outside mv): the content index is asked, the history
// read, checked and attached. Budget: 20 ms (issue #12).
func BenchmarkOpenFindByContent5000(b *testing.B) {
	p := newPersistEnv(b, "the moved text\n")
	if err := os.MkdirAll(p.dir, 0o700); err != nil {
		b.Fatal(err)
	}
	tree := undo.New(buffer.FromString("the moved"), undo.Options{})
	tree.Save(undo.Pos{}, undo.SourceTyped)
	if err := tree.Apply(buffer.Change{Off: 9, New: " text"}); err != nil {
		b.Fatal(err)
	}
	tree.Sync()
	img := tree.Snapshot().Export()
	for i := range 5000 {
		text := fmt.Sprintf("text %d\n", i)
		if i == 2500 {
			text = "the moved text\n"
		}
		path := fmt.Sprintf("/gone/src/pkg%03d/file%05d.go", i%100, i)
		data, err := undofile.Encode(&undofile.File{Path: path, Disk: undofile.HashBytes([]byte(text)), SavedSeq: 1, Image: img}, undofile.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p.dir, undofile.PlainName(path)), data, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := undofile.LoadIndex(p.dir); err != nil { // the index is up to date, as at every open
		b.Fatal(err)
	}
	s := p.session()
	e := s.Editor()
	if err := e.Open(p.file); err != nil {
		b.Fatal(err)
	}
	if e.Buffer().History().Len() != 1 {
		b.Fatalf("the history was not attached: %q", msgTexts(e.TakeMessages()))
	}
	buf := e.Buffer()
	pb := s.pbuf(buf)
	text := buf.Text()
	disk := undofile.HashBytes([]byte("the moved text\n"))
	if s.persist.pruneCh != nil {
		<-s.persist.pruneCh // the start-up retention pass is not part of the open
	}
	b.ResetTimer()
	for b.Loop() {
		if !s.findByContent(buf, pb, p.dir, text, disk) {
			b.Fatal("not attached")
		}
	}
	b.StopTimer()
	crash(s)
}
