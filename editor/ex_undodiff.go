package editor

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/exparse"
	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/undo"
)

// :undodiff A [B] (issue #15) opens, in the current window, a scratch
// buffer holding the unified diff from undo state A to state B (the
// current state when B is left out); a state is a change number or a
// checkpoint name. The buffer behaves as one with Vim's 'buftype' set to
// "nofile": it belongs to no file, :w without a file name refuses it
// (E382), :w FILE writes a copy, it never holds up :q and has no undo
// file. The buffer left stays loaded (:b# or CTRL-^ returns to it), so
// :undodiff needs no ! even when that buffer is modified.

// errScratchWrite is Vim's error for :w in a 'buftype' nofile buffer.
var errScratchWrite = errors.New("E382: Cannot write, 'buftype' option is set")

func exUndodiff(e *Editor, c *exparse.Cmd, rg exRange) error {
	args := strings.Fields(c.Arg)
	if len(args) == 0 || len(args) > 2 {
		return errors.New("E471: Argument required: :undodiff A [B]")
	}
	src := e.buf()
	s := src.tree.Snapshot()
	from, err := stateArg(s, args[0])
	if err != nil {
		return err
	}
	to := s.Current()
	if len(args) == 2 {
		if to, err = stateArg(s, args[1]); err != nil {
			return err
		}
	}
	a, err := s.TextAt(from)
	if err != nil {
		return fmt.Errorf("undodiff: %w", err)
	}
	b, err := s.TextAt(to)
	if err != nil {
		return fmt.Errorf("undodiff: %w", err)
	}
	res, err := linediff.Ropes(context.Background(), a, b, linediff.Options{})
	if err != nil {
		return fmt.Errorf("undodiff: %w", err)
	}
	if len(res.Hunks) == 0 {
		e.msg("#%d and #%d have the same text", from, to)
		return nil
	}
	name := src.name
	if name == "" {
		name = "[No Name]"
	}
	lines := append([]string{
		"--- " + name + " #" + strconv.Itoa(from) + stateTime(s, from, e.loc),
		"+++ " + name + " #" + strconv.Itoa(to) + stateTime(s, to, e.loc),
	}, unifiedLines(res)...)
	title := "[undodiff #" + strconv.Itoa(from) + " #" + strconv.Itoa(to) + "]"
	e.openScratch(title, buffer.FromString(strings.Join(lines, "\n")), "diff")
	e.msg("%s: %d line%s added, %d removed", title, res.Added, plural(res.Added), res.Deleted)
	return nil
}

// stateArg resolves an argument naming an undo state: a change number
// (0 is the original text) or a checkpoint name.
func stateArg(s undo.Snapshot, arg string) (int, error) {
	if n, err := strconv.Atoi(arg); err == nil && n >= 0 {
		if _, ok := s.Node(n); !ok && n != 0 {
			return 0, &undo.NotFoundError{N: int64(n)}
		}
		return n, nil
	}
	if seq, ok := s.LabelSeq(arg); ok {
		return seq, nil
	}
	return 0, fmt.Errorf("E830: Undo checkpoint %s not found", arg)
}

// stateTime is the time of state seq for a diff header ("" for the root,
// which has none).
func stateTime(s undo.Snapshot, seq int, loc *time.Location) string {
	n, ok := s.Node(seq)
	if !ok {
		return ""
	}
	if loc == nil {
		loc = time.Local
	}
	return "\t" + time.Unix(n.Time, 0).In(loc).Format("2006-01-02 15:04:05")
}

// unifiedLines is the body of a unified diff: each hunk's header, then
// its lines marked ' ', '-' or '+'.
func unifiedLines(res *linediff.Result) []string {
	var out []string
	for _, h := range res.Hunks {
		out = append(out, h.Header())
		for _, ln := range h.Lines {
			out = append(out, string(" -+"[ln.Op])+ln.Text)
		}
	}
	return out
}

// openScratch shows text in the current window in a scratch buffer
// titled title ('buftype' nofile, see above), reusing the scratch buffer
// of that title if there is one.
func (e *Editor) openScratch(title string, text buffer.Rope, ft string) {
	var b *Buffer
	for _, ob := range e.bufs {
		if ob.scratch && ob.title == title {
			b = ob
		}
	}
	if b == nil {
		b = e.newBuffer("", text)
		b.scratch, b.title = true, title
	} else {
		b.tree = undo.New(text, e.undoOptions())
		b.empty = text.Len() == 0
		b.lastCur = Pos{}
	}
	b.ft = ft
	b.listed = true
	e.switchTo(b)
	e.win.cur = Pos{}
	e.win.wantCol = -1
}
