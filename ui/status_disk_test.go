package ui

import (
	"strings"
	"testing"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor"
)

// TestStatusDiskState checks that the status line says when the file
// changed on disk or was deleted under the buffer, and says nothing when it
// is in sync.
func TestStatusDiskState(t *testing.T) {
	for _, tc := range []struct {
		disk editor.DiskState
		want string
	}{
		{editor.DiskInSync, ""},
		{editor.DiskChanged, "[changed on disk]"},
		{editor.DiskRemoved, "[deleted]"},
	} {
		s := NewMemSurface(80, 4)
		f := &Frame{Text: TextView{Text: buffer.FromString("x"), Top: -1, Opts: DisplayOptions{TabStop: 8}},
			Status: StatusInfo{Mode: "NORMAL", Name: "f.go", Disk: diskName(tc.disk)}}
		NewRenderer().Draw(s, f)
		screen := s.Text()
		if tc.want == "" {
			if strings.Contains(screen, "[changed") || strings.Contains(screen, "[deleted]") {
				t.Errorf("in sync: status shows a disk state:\n%s", screen)
			}
			continue
		}
		if !strings.Contains(screen, tc.want) {
			t.Errorf("disk state %v: status lacks %q:\n%s", tc.disk, tc.want, screen)
		}
	}
}
