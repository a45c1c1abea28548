package editor

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// scriptBlock is how many keys of a -s script are queued at once.
const scriptBlock = 4096

// FeedScript runs the keys of a -s script (raw bytes, control characters
// as keys, not typed, but typed for the command-line history as in Vim),
// a block at a time: the typeahead then stays short,
// so what puts keys in front of it (., @q, a mapping) costs the length of
// a block rather than of the script, and a script of millions of keys
// runs in linear time.
func (e *Editor) FeedScript(data string) {
	keys := make([]Key, 0, min(len(data), scriptBlock))
	for _, r := range data {
		if keys = append(keys, RawKey(r)); len(keys) == scriptBlock {
			e.feedScriptin(keys)
			keys = keys[:0]
			if e.quit {
				return
			}
		}
	}
	e.feedScriptin(keys)
}

// feedScriptin queues keys read from a -s script and runs them.
func (e *Editor) feedScriptin(keys []Key) {
	for _, k := range keys {
		e.queue = append(e.queue, queued{k: k, scriptin: true})
	}
	e.drain()
}

// Source runs the Ex commands read from r, one per line (blank lines and
// "-comments skipped), until one quits; name is the script's name for
// errors. It reads a line at a time: a replay script can be megabytes,
// and holding it whole would keep it in memory for the whole run. As in
// Vim, the lines of a sourced script run one level deeper than the
// :source that reads them (E169 counts both).
func (e *Editor) Source(r io.Reader, name string) error {
	e.nest.depth++
	defer func() { e.nest.depth-- }()
	br := bufio.NewReaderSize(r, 64<<10)
	for !e.quit {
		line, err := br.ReadString('\n')
		line = strings.TrimSuffix(line, "\n")
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "\"") {
			e.ExecEx(line)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("cannot read script %s: %w", name, err)
		}
	}
	return nil
}
