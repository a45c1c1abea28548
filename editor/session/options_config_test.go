package session

import (
	"testing"

	"github.com/kjx-editor/kjx/config"
	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/options"
)

// TestOptionsFromConfigFollowsTable: every option of the table that has a
// configuration key takes the configuration's value (editor.sidescrolloff
// too, which no :set knew before the table), and the others keep base's.
func TestOptionsFromConfigFollowsTable(t *testing.T) {
	c := config.Default(func(string) string { return "" })
	c.Editor = config.EditorConfig{TabStop: 3, ShiftWidth: 2, SoftTabStop: -4, ExpandTab: true, AutoIndent: true,
		ShiftRound: true, Number: true, RelativeNumber: true, IgnoreCase: true, SmartCase: true, HLSearch: true,
		FixEndOfLine: true, ScrollOff: 7, SideScrollOff: 9, TimeoutLen: 12}
	c.Undo.Levels, c.Undo.Persistent, c.Undo.Dir = -5, false, "/u"
	base := editor.DefaultOptions()
	base.Report, base.List = 7, true
	got := OptionsFromConfig(c, base)
	for i := range options.Table() {
		d := &options.Table()[i]
		want := d.Get(&base)
		if v, ok := c.Option(d.Config); ok {
			want = v
		}
		if d.Get(&got) != want {
			t.Errorf("%s = %v, want %v", d.Name, d.Get(&got), want)
		}
	}
	if got.SideScrollOff != 9 {
		t.Errorf("sidescrolloff %d", got.SideScrollOff)
	}
}
