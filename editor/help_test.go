package editor

import (
	"regexp"
	"strings"
	"testing"
)

// TestHelpTags checks that every tag in the embedded help opens a section
// that starts with it, and that an unknown topic is E149.
func TestHelpTags(t *testing.T) {
	entries, err := helpFiles.ReadDir("help")
	if err != nil || len(entries) == 0 {
		t.Fatalf("embedded help: %v", err)
	}
	tagRE := regexp.MustCompile(`\*([^*\s]+)\*`)
	for _, en := range entries {
		data, _ := helpFiles.ReadFile("help/" + en.Name())
		for _, m := range tagRE.FindAllStringSubmatch(string(data), -1) {
			tag := m[1]
			e := newTestEditor("")
			if !e.ExecEx("help " + tag) {
				t.Errorf("%s: :help %s failed: %v", en.Name(), tag, e.TakeMessages())
				continue
			}
			out := e.TakeOutput()
			if len(out) == 0 || !strings.Contains(out[0], "*"+tag+"*") {
				t.Errorf(":help %s shows %q", tag, out)
			}
		}
	}
	e := newTestEditor("")
	e.ExecEx("help")
	if out := e.TakeOutput(); len(out) == 0 || !strings.Contains(out[0], "kjx.txt") {
		t.Errorf(":help shows %q", out)
	}
	e.ExecEx("help no-such-topic")
	if m := e.TakeMessages(); len(m) != 1 || m[0].Text != "E149: Sorry, no help for no-such-topic" {
		t.Errorf(":help no-such-topic: %v", m)
	}
}
