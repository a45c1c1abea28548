package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
)

// demoText is the file `make run` opens.
const demoText = `package main

import "fmt"

// greet returns a greeting for name.
func greet(name string) string {
	return "Hello, " + name
}

func main() {
	fmt.Println(greet("world"))
}
`

// demoSteps build a history with branches, spread over the last two hours:
// each step is an Ex command, and "+N" advances the clock N seconds.
var demoSteps = []string{
	"+600", `%s/Hello/Hi/`,
	"+900", `normal! Go// TODO: read the name from the command line`,
	"w",
	"+1200", `undo 1`, // back to the first edit, then branch from there
	"+60", `%s/world/kjx/`,
	"+300", `normal! 6GA // used by main`,
	"checkpoint tidy",
	"+1800", `undo 0`, // a second branch from the original text
	"+120", `%s/greet/welcome/g`,
	"+900", `normal! 11Gofmt.Println("bye")`,
	"w",
	"+400", `undo tidy`,
}

// demoClock is a virtual clock two hours in the past while the demo history
// is recorded, then the wall clock. Its timers are the wall clock's.
type demoClock struct {
	clock.Clock
	mu     sync.Mutex
	offset time.Duration // added to the wall clock; 0 once the demo is played
}

func newDemoClock() *demoClock { return &demoClock{Clock: clock.Real(), offset: -2 * time.Hour} }

// Now returns the current (possibly shifted) time.
func (c *demoClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Clock.Now().Add(c.offset)
}

func (c *demoClock) advance(d time.Duration) {
	c.mu.Lock()
	c.offset += d
	c.mu.Unlock()
}

func (c *demoClock) realTime() {
	c.mu.Lock()
	c.offset = 0
	c.mu.Unlock()
}

// playDemo records the demo history into ed's current buffer.
// demoMessage is the demo's first message: it fits an 80-column
// terminal, so the first screen is the file, not a hit-enter prompt.
const demoMessage = "kjx demo: a history with branches. F5: undo tree; u, CTRL-R, g-, g+: walk it"

func playDemo(ed *editor.Editor, clock *demoClock) error {
	for _, s := range demoSteps {
		var secs int
		if _, err := fmt.Sscanf(s, "+%d", &secs); err == nil {
			clock.advance(time.Duration(secs) * time.Second)
			continue
		}
		ed.ExecEx(s)
		ed.TakeMessages() // the demo's own messages are not the user's
	}
	clock.realTime()
	ed.ShowMessage(demoMessage)
	return nil
}
