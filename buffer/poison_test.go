//go:build kjxpoison

package buffer

import (
	"strings"
	"testing"
)

// TestPoisonStaleBorrow checks the kjxpoison build: a view borrowed from a
// transient, or a rope derived from one, panics when read after the
// transient changed, and frozen ropes never do.
func TestPoisonStaleBorrow(t *testing.T) {
	tx := FromString(strings.Repeat("poison\n", 3*maxLeaf)).Transient()
	borrowed := tx.Borrow()
	derived := borrowed.Insert(0, "x")
	frozen := tx.Freeze()
	_ = borrowed.Len() // still current: no change yet
	if err := tx.Apply(Change{Off: 1, New: "y"}); err != nil {
		t.Fatal(err)
	}
	for name, read := range map[string]func(){
		"Len":         func() { _ = borrowed.Len() },
		"LineStart":   func() { _ = borrowed.LineStart(1) },
		"String":      func() { _ = borrowed.String() },
		"derived":     func() { _ = derived.LineOf(3) },
		"Chunks.Next": func() { borrowed.Chunks(0).Next() },
		"Apply":       func() { _, _ = borrowed.Apply(Change{Off: 0, New: "z"}) },
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.Contains(msg, "stale borrowed rope") {
					t.Errorf("%s of a stale borrowed rope: panic %q, want the stale-rope message", name, msg)
				}
			}()
			read()
		}()
	}
	if got := frozen.String(); got != strings.Repeat("poison\n", 3*maxLeaf) {
		t.Fatalf("frozen rope changed")
	}
	it := tx.Borrow().Chunks(0)
	it.Next()
	tx.Set(tx.Borrow())
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("an iterator over a stale view went on")
			}
		}()
		it.Next()
	}()
}
