package undo

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// ErrNoChangeToLabel is returned by Label while the buffer is at the root
// (nothing changed yet, or everything undone).
var ErrNoChangeToLabel = errors.New("undo: no change to name (the buffer is at its oldest state)")

// labelSet maps checkpoint names to nodes and back. It is shared with
// snapshots and copied on write (gen works as for the chunks).
type labelSet struct {
	byName map[string]nid
	byNode map[nid]string
	gen    uint64
}

// labelsW returns the label set for writing, copying it when a snapshot may
// hold it.
func (t *Tree) labelsW() *labelSet {
	if t.labels.gen < t.snapGen {
		nl := &labelSet{
			byName: make(map[string]nid, len(t.labels.byName)+1),
			byNode: make(map[nid]string, len(t.labels.byNode)+1),
			gen:    t.snapGen,
		}
		for k, v := range t.labels.byName {
			nl.byName[k] = v
		}
		for k, v := range t.labels.byNode {
			nl.byNode[k] = v
		}
		t.labels = nl
	}
	return t.labels
}

// ValidLabel reports why name cannot name a checkpoint, or nil: it must be
// non-empty, not all digits (":undo 12" is a change number) and without
// blanks or control characters.
func ValidLabel(name string) error {
	if name == "" {
		return errors.New("undo: empty checkpoint name")
	}
	if strings.IndexFunc(name, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		return fmt.Errorf("undo: checkpoint name %q is a change number", name)
	}
	if strings.IndexFunc(name, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return fmt.Errorf("undo: checkpoint name %q contains a blank or a control character", name)
	}
	return nil
}

// Label names the current state (":checkpoint NAME"). A name names one
// state: naming another state moves it; a state has at most one name.
func (t *Tree) Label(name string) error {
	if err := ValidLabel(name); err != nil {
		return err
	}
	u := t.phys
	if u == 0 {
		return ErrNoChangeToLabel
	}
	ls := t.labelsW()
	if old, ok := ls.byName[name]; ok {
		delete(ls.byNode, old)
	}
	if oldName, ok := ls.byNode[u]; ok {
		delete(ls.byName, oldName)
	}
	ls.byName[name] = u
	ls.byNode[u] = name
	return nil
}

// GotoLabel is ":undo NAME": Goto the state named by Label.
func (t *Tree) GotoLabel(name string) Result {
	u, ok := t.labels.byName[name]
	if !ok {
		return Result{Text: t.Freeze(), Cursor: t.cursor, Err: fmt.Errorf("E830: Undo checkpoint %s not found", name)}
	}
	return t.Goto(t.st.m(u).seq)
}

// LabelSeq returns the seq of the state named name.
func (t *Tree) LabelSeq(name string) (int, bool) {
	u, ok := t.labels.byName[name]
	if !ok {
		return 0, false
	}
	return t.st.m(u).seq, true
}

// Labels returns the checkpoint names of the tree, sorted.
func (t *Tree) Labels() []string {
	names := make([]string, 0, len(t.labels.byName))
	for name := range t.labels.byName {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}
