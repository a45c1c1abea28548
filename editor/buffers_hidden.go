package editor

import (
	"fmt"

	"github.com/kjx-editor/kjx/buffer"
)

// LoadHidden returns a buffer holding the file path without showing it:
// the current buffer, the cursor, the alternate file and the messages stay
// as they are. It is the core's "open this file as a hidden buffer" for
// work on several files at once (a workspace rewind): an open buffer of
// the same file is returned as it is; otherwise the file is read into a
// new, unlisted buffer (Vim's bufadd() then bufload()), the Persistence
// port hears Opened, so the session installs the file's undo history
// before LoadHidden returns. A missing file gives an empty buffer with
// that name (Buffer.Exists reports false). Writing it is WriteBuffer;
// :ls! lists it and :buffer N shows it like any other.
func (e *Editor) LoadHidden(path string) (*Buffer, error) {
	if b := e.findBuffer(path); b != nil {
		return b, nil
	}
	if path == "" {
		return nil, errNoFileName
	}
	l, err := loadFile(path)
	switch {
	case err == nil:
		b := e.newBuffer(path, l.Text)
		b.listed = false
		b.lastCur = Pos{Col: firstNonBlank(lineText(l.Text, 0))} // where Vim starts
		b.setLoaded(l)
		e.persist.Opened(b, l)
		return b, nil
	case isNotExist(err):
		b := e.newBuffer(path, buffer.FromString(""))
		b.listed = false
		b.noFile = true
		b.empty, b.loadedEmpty = true, true
		return b, nil
	default:
		return nil, fmt.Errorf("%s: %w", openError(path, err), err)
	}
}

// Exists reports whether the buffer's file existed when it was last read
// or written.
func (b *Buffer) Exists() bool { return !b.noFile }

// WriteBuffer writes the whole of b to its own file, crash-safely, as :w
// does (refusing a file changed on disk since it was read, unless force),
// marks it saved and tells the Persistence port. Its message (`"f" 3L,
// 20B written`) goes to the message line like any other.
func (e *Editor) WriteBuffer(b *Buffer, force bool) error {
	return e.writeBuffer(b, b.name, 0, lineCount(b.Text())-1, force, false)
}
