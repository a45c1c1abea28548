package editor

import (
	"errors"
	"fmt"

	"github.com/kjx-editor/kjx/editor/exparse"
)

// exWriteAll is :wall, :wqall and :xall: every modified buffer is written
// that can be, and each one that cannot reports its own error line (Vim's
// do_wqall: E141 for a buffer without a name, the write's error for the
// others), in buffer order between the written messages; the writes go
// on after a failure. :wqall and :xall quit only when every write
// succeeded.
func exWriteAll(e *Editor, c *exparse.Cmd, rg exRange) error {
	failed := false
	for _, b := range e.bufs {
		if !b.Modified() || !b.listed {
			continue // Vim's :bdelete! unloads a buffer: its changes are not written
		}
		var err error
		if b.name == "" {
			err = fmt.Errorf("E141: No file name for buffer %d", b.id)
		} else {
			err = e.writeBuffer(b, b.name, 0, lineCount(b.Text())-1, c.Bang, false)
		}
		if err != nil && !errors.Is(err, errAbort) {
			e.errMsg("%v", err)
		}
		failed = failed || err != nil
	}
	if failed {
		return errAbort // each failure was shown
	}
	if c.Name == "wqall" || c.Name == "xall" {
		e.quit = true
	}
	return nil
}
