package ui

import (
	"reflect"
	"testing"

	"github.com/kjx-editor/kjx/editor/session"
)

// TestOptionsForRoundTrip checks that OptionsFor and uiConfigOf are
// inverses over every field of the UI's configuration.
func TestOptionsForRoundTrip(t *testing.T) {
	for _, c := range []session.UIConfig{
		{PanelWidth: 30, PanelDiff: "below"},
		{PanelRight: true, PanelWidth: 44, PanelDiff: "replace", PanelAbsolute: true, PanelASCII: true,
			PanelKeys: map[string]string{"<C-j>": "j"}},
		{PanelDiff: "off"},
	} {
		if got := uiConfigOf(OptionsFor(c)); !reflect.DeepEqual(got, c) {
			t.Errorf("uiConfigOf(OptionsFor(%+v)) = %+v", c, got)
		}
	}
}
