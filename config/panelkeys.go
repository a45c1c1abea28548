package config

import (
	"fmt"
	"slices"

	"github.com/kjx-editor/kjx/editor/keys"
)

// panelKeys are the keys the undo-tree panel understands, in canonical key
// notation (keys.Key.String): what the right side of a [keys.panel]
// mapping may hold. The panel's own list is ui/undopanel's Key handling;
// this one must name the same keys. <Nop> stays last.
var panelKeys = []string{
	"j", "k", "J", "K", "h", "l", "[", "]", "{", "}", "g", "G",
	"p", "z", "t", "q", "?", "/", "n", "N", "m", "P", "r", "u", "w",
	"<Up>", "<Down>", "<Left>", "<Right>", "<Home>", "<End>", "<PageUp>", "<PageDown>",
	"<CR>", "<Esc>", "<Tab>", "<BS>",
	"<C-e>", "<C-y>", "<C-d>", "<C-u>", "<C-n>", "<C-p>", "<C-w>", "<C-h>",
	"<Nop>",
}

// PanelKeys returns the keys a [keys.panel] right side may use, in
// canonical key notation.
func PanelKeys() []string { return slices.Clone(panelKeys) }

// checkPanelKeys reports the first key of rhs that the panel does not
// understand. <Nop> is only allowed alone.
func checkPanelKeys(rhs []keys.Key) error {
	for _, t := range rhs {
		s := t.String()
		if !slices.Contains(panelKeys, s) || s == "<Nop>" && len(rhs) > 1 {
			return fmt.Errorf("%s is not a key of the undo-tree panel (%s)", s, panelKeysHint)
		}
	}
	return nil
}

// panelKeysHint names the panel's keys in error messages.
const panelKeysHint = "it knows j k J K h l [ ] { } gg G p z t q ? / n N m P r u arrows <Home> <End> <PageUp> <PageDown> <CR> <Esc> <Tab> <BS> <C-e> <C-y> <C-d> <C-u> <C-n> <C-p> <C-w> <C-h>"
