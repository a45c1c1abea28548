package main

import (
	"testing"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor/keys"
	"github.com/kjx-editor/kjx/ui/undopanel"
)

// TestPanelKeysAgree: every key a [keys.panel] right side may hold is a
// key the panel handles, so the configuration's list and the panel's
// keys (two packages that may not import each other) stay one set.
func TestPanelKeysAgree(t *testing.T) {
	for _, name := range config.PanelKeys() {
		if name == "<Nop>" {
			continue
		}
		ks, err := keys.Parse(name)
		if err != nil || len(ks) != 1 {
			t.Errorf("%s: %v (%d keys)", name, err, len(ks))
			continue
		}
		if !undopanel.Handles(ks[0]) {
			t.Errorf("config allows %s in [keys.panel], but the panel does not handle it", name)
		}
	}
}
