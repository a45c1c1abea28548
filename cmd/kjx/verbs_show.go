package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/kjx-editor/kjx/editor/linediff"
	"github.com/kjx-editor/kjx/ui"
)

// verbShow writes state REF of FILE to stdout, byte for byte as the
// editor would write it after :undo N.
func verbShow(env verbEnv, arg string) error {
	name, ref, _ := splitRef(arg)
	h, err := loadHistory(env, name)
	if err != nil {
		return err
	}
	seq, err := h.resolve(ref, env.now)
	if err != nil {
		return err
	}
	return h.writeAt(env.stdout, seq)
}

// diffSide is one side of kjx diff: a state of a file's history, or the
// file on disk.
type diffSide struct {
	label string // for the ---/+++ line
	text  []byte
}

// verbDiff prints a unified diff from the first side to the second (the
// file on disk when not given).
func verbDiff(env verbEnv, args []string) error {
	if len(args) == 1 {
		name, _, _ := splitRef(args[0])
		args = append(args, name)
	}
	var sides [2]diffSide
	loaded := map[string]*fileHistory{} // each file's history is read once
	for i, arg := range args {
		s, err := loadSide(env, arg, loaded)
		if err != nil {
			return err
		}
		sides[i] = s
	}
	a, b := splitKeepingNewlines(sides[0].text), splitKeepingNewlines(sides[1].text)
	res, err := linediff.Lines(context.Background(), a, b, linediff.Options{})
	if err != nil {
		return err
	}
	if len(res.Hunks) == 0 {
		return nil
	}
	var w strings.Builder
	fmt.Fprintf(&w, "--- %s\n+++ %s\n", sides[0].label, sides[1].label)
	for _, hk := range res.Hunks {
		w.WriteString(hk.Header() + "\n")
		for _, ln := range hk.Lines {
			w.WriteByte(" -+"[ln.Op])
			w.WriteString(ln.Text)
			if !strings.HasSuffix(ln.Text, "\n") {
				w.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
	if res.Approximate {
		fmt.Fprintln(env.stderr, "kjx: the texts differ too much for a minimal diff: whole regions are shown replaced")
	}
	return ui.WriteDiff(env.stdout, w.String(), env.tty, ui.UseColor(env.getenv, env.tty))
}

// loadSide reads one side: FILE@REF is a state, FILE (or FILE@) the file
// on disk, byte for byte.
func loadSide(env verbEnv, arg string, loaded map[string]*fileHistory) (diffSide, error) {
	name, ref, hasRef := splitRef(arg)
	if !hasRef || ref == "" {
		if err := checkRegular(name, name); err != nil {
			return diffSide{}, err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return diffSide{}, err
		}
		return diffSide{label: terminalSafe(name), text: data}, nil
	}
	h, ok := loaded[name]
	if !ok {
		var err error
		if h, err = loadHistory(env, name); err != nil {
			return diffSide{}, err
		}
		loaded[name] = h
	}
	seq, err := h.resolve(ref, env.now)
	if err != nil {
		return diffSide{}, err
	}
	text, err := h.bytesAt(seq)
	if err != nil {
		return diffSide{}, err
	}
	return diffSide{label: terminalSafe(fmt.Sprintf("%s@%d", name, seq)), text: text}, nil
}

// splitKeepingNewlines splits text into lines that keep their "\n" (and
// a "\r" before it); the last line lacks one when the text does not end
// with a newline. An empty text has no lines.
func splitKeepingNewlines(text []byte) []string {
	s := string(text)
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			return append(out, s)
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}
