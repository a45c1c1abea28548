package ui

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
)

// TestStatusRewound checks that a rewound workspace shows "⟲ label" in
// the status line, escaped, and that nothing shows otherwise.
func TestStatusRewound(t *testing.T) {
	for _, tc := range []struct{ label, want string }{
		{"", ""},
		{"before", "⟲ before"},
		{"a\x1bb", "⟲ a^[b"},
	} {
		s := NewMemSurface(80, 4)
		b := &frameBuilder{}
		v := editor.View{Text: buffer.FromString("x"), Options: editor.DefaultOptions(),
			Status: editor.Status{FileName: "f.go", Rewound: tc.label}}
		f := b.build(&v)
		NewRenderer().Draw(s, f)
		screen := s.Text()
		if tc.want == "" {
			if strings.Contains(screen, "⟲") {
				t.Errorf("not rewound: status shows ⟲:\n%s", screen)
			}
			continue
		}
		if !strings.Contains(screen, tc.want) {
			t.Errorf("rewound to %q: status lacks %q:\n%s", tc.label, tc.want, screen)
		}
	}
}
