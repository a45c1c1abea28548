package editor

// INTERIM: plain os file I/O until package editor/fileio lands; this file is
// the only place that touches the file system for buffer text.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"
)

// fileStat identifies a file version on disk.
type fileStat struct {
	size  int64
	mtime time.Time
}

// loaded is a file read from disk, in the text model.
type loaded struct {
	text string // lines joined by "\n", no final newline
	eol  bool   // the file ended with a newline (true for an empty file)
	ff   string
	stat *fileStat
	size int
}

// loadFile reads path. A missing file is an error wrapping fs.ErrNotExist.
func loadFile(path string) (loaded, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return loaded{}, fmt.Errorf("read %s: %w", path, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return loaded{}, fmt.Errorf("stat %s: %w", path, err)
	}
	s := string(data)
	l := loaded{eol: true, ff: "unix", stat: &fileStat{size: fi.Size(), mtime: fi.ModTime()}, size: len(data)}
	if strings.HasSuffix(s, "\n") {
		s = s[:len(s)-1]
	} else if s != "" {
		l.eol = false
	}
	if s != "" && strings.Count(s, "\r\n")+boolInt(l.eol && strings.HasSuffix(s, "\r")) == strings.Count(s, "\n")+boolInt(l.eol) {
		l.ff = "dos"
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.TrimSuffix(s, "\r")
	}
	l.text = s
	return l, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// saveOptions say how the text model becomes file bytes.
type saveOptions struct {
	eol, fixEOL bool
	ff          string
}

// fileBytes renders text as the file's bytes.
func fileBytes(text string, o saveOptions) string {
	if text == "" && !o.fixEOL {
		return ""
	}
	nl := "\n"
	if o.ff == "dos" {
		nl = "\r\n"
		text = strings.ReplaceAll(text, "\n", nl)
	}
	if o.eol || o.fixEOL {
		text += nl
	}
	return text
}

// saveFile writes data to path (create or truncate) and returns its stat.
func saveFile(path, data string) (*fileStat, error) {
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("stat %s: %w", path, err)
	}
	return &fileStat{size: fi.Size(), mtime: fi.ModTime()}, nil
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return !errors.Is(err, fs.ErrNotExist)
}
