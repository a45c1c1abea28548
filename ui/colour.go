package ui

import (
	"strconv"
	"sync/atomic"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/ui/syntax"
)

// colourState is the UI goroutine's part of colouring: the scheme in use
// and the syntax worker (ui/syntax), which lexes off the UI's and the
// editor's goroutines; the UI only asks for a text to be coloured and
// draws the newest result it has.
type colourState struct {
	worker  *syntax.Worker
	ready   atomic.Bool // the worker has a new result
	env     ColorEnv
	fixed   bool   // Options.Theme was given: schemes do not apply
	scheme  string // the scheme applied
	on      bool   // the newest view wants syntax colours
	buf     int    // its buffer
	ft      string // and file type
	limited map[int]bool
}

// init sets up colouring; poke wakes the UI goroutine.
func (c *colourState) init(opt Options, poke func()) {
	c.worker = syntax.NewWorker(func() {
		c.ready.Store(true)
		poke()
	})
	c.env = opt.Colors
	c.fixed = opt.Theme != nil
	c.scheme = "\x00" // none applied yet
	c.limited = map[int]bool{}
}

// colourView takes in a newly published view (UI goroutine): the scheme
// it names, and its text for the worker.
func (l *loop) colourView(v *editor.View) {
	c := &l.col
	if name := v.Options.ColorScheme; name != c.scheme && !c.fixed && v.Options.TabStop > 0 {
		c.scheme = name
		if th, ok := SchemeTheme(name, c.env); ok {
			l.r.Theme = th
		}
	}
	c.on = v.Options.Syntax && !c.env.NoColor && v.FileType != ""
	c.buf, c.ft = currentBuffer(v), v.FileType
	if c.on {
		c.worker.Want(syntax.Request{Buffer: c.buf, FileType: c.ft, Text: v.Text})
	}
}

// colourFrame gives the frame the newest syntax result (before each
// draw), and says once per buffer when its text is too long to colour
// whole or its lexer failed.
func (l *loop) colourFrame() {
	c := &l.col
	c.ready.Store(false)
	if l.frame == nil {
		return
	}
	l.frame.Text.Syntax = nil
	if !c.on {
		return
	}
	res := c.worker.Latest(c.buf, c.ft)
	l.frame.Text.Syntax = res
	if res == nil || !(res.Limited || res.Err != nil) || c.limited[c.buf] {
		return
	}
	c.limited[c.buf] = true
	msg := Message{Text: "syntax: too long to colour past line " + strconv.Itoa(len(res.Lines))}
	if res.Err != nil {
		msg = Message{Text: "syntax: " + res.Err.Error(), Error: true}
	}
	l.fb.msgs = []Message{msg}
	l.fb.fill(l.frame)
}

// currentBuffer is the number of v's current buffer.
func currentBuffer(v *editor.View) int {
	for _, b := range v.Buffers {
		if b.Current {
			return b.ID
		}
	}
	return 0
}
