package fileio

import (
	"bufio"
	"bytes"
	"io"

	"github.com/kjx-editor/kjx/buffer"
)

// encodeBuf is the size of Encode's output buffer: the rope's leaves are
// small, so writing them one by one would cost a system call each.
const encodeBuf = 256 << 10

// Encode writes text to w as a file: the text, "\r\n" for every "\n" when
// f is DOS, and a final newline ("\n" or "\r\n") when eol is true. It
// streams the rope chunk by chunk through a 256 KiB buffer and never
// flattens it. It returns the number of bytes written.
func Encode(w io.Writer, text buffer.Rope, eol bool, f Format) (int64, error) {
	cw := &countingWriter{w: w}
	// A small text needs no large buffer (allocating and clearing 256 KiB
	// would cost more than writing it): its bytes, CRs included, fit.
	bw := bufio.NewWriterSize(cw, min(encodeBuf, 2*text.Len()+64))
	nl := "\n"
	if f == DOS {
		nl = "\r\n"
	}
	for it := text.Chunks(0); it.Next(); {
		var err error
		if f == DOS {
			err = writeCRLF(bw, it.Chunk())
		} else {
			_, err = bw.Write(it.Chunk())
		}
		if err != nil {
			return cw.n, err
		}
	}
	if eol {
		if _, err := bw.WriteString(nl); err != nil {
			return cw.n, err
		}
	}
	err := bw.Flush()
	return cw.n, err
}

// BOM is the UTF-8 byte order mark: Load takes it off the text
// (Loaded.BOM), Save with SaveOptions.BOM puts it back.
const BOM = "\xef\xbb\xbf"

// EncodeFile writes text to w exactly as Save writes it to the file: a
// BOM first when bom is set ('bomb'), then as Encode. It is the one home
// of "the bytes kjx writes": what Save puts on disk, and what the hash
// of a saved state (an undo file's anchor) is computed over. It returns
// the number of bytes written.
func EncodeFile(w io.Writer, text buffer.Rope, eol bool, f Format, bom bool) (int64, error) {
	var n int64
	if bom {
		m, err := io.WriteString(w, BOM)
		if n = int64(m); err != nil {
			return n, err
		}
	}
	m, err := Encode(w, text, eol, f)
	return n + m, err
}

// encode writes the saver's text with its BOM, line ends and final
// newline, and returns the bytes written.
func (s *saver) encode(w io.Writer) (int64, error) {
	return EncodeFile(w, s.text, s.eol, s.opt.Format, s.opt.BOM)
}

// writeCRLF writes chunk with every "\n" written as "\r\n".
func writeCRLF(bw *bufio.Writer, chunk []byte) error {
	for len(chunk) > 0 {
		i := bytes.IndexByte(chunk, '\n')
		if i < 0 {
			_, err := bw.Write(chunk)
			return err
		}
		if _, err := bw.Write(chunk[:i]); err != nil {
			return err
		}
		if _, err := bw.WriteString("\r\n"); err != nil {
			return err
		}
		chunk = chunk[i+1:]
	}
	return nil
}

// countingWriter counts the bytes that reached w.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
