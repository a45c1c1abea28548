package diskwatch

import (
	"fmt"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// BenchmarkCoreCheckout feeds the core the events of a checkout touching
// 500 files of a directory where 3 are open (a write and a chmod each),
// then takes the batch: the cost of one burst.
func BenchmarkCoreCheckout(b *testing.B) {
	fs := fakeFS{}
	var all []string
	for i := 0; i < 500; i++ {
		p := fmt.Sprintf("/repo/f%03d.go", i)
		fs.write(p)
		all = append(all, p)
	}
	c := newTestCore(fs, all[7], all[300], all[499])
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		now := t0.Add(time.Duration(i) * time.Hour)
		for _, p := range all {
			c.event(p, fsnotify.Write, now)
			c.event(p, fsnotify.Chmod, now)
		}
		if batch := c.flush(now.Add(debounce)); len(batch) != 3 {
			b.Fatalf("batch %v", batch)
		}
	}
}

// BenchmarkWatcherEvent measures one raw event through the watcher's
// goroutine (fake source, so no syscalls): the per-event overhead of a
// burst.
func BenchmarkWatcherEvent(b *testing.B) {
	src := newFakeSource()
	fs := &syncFS{fs: fakeFS{}}
	w := start(newFakeClock(), debounce, src, fs.stat, nil)
	defer w.Close()
	w.withCore(func(c *core) { c.track("/d/f", []string{"/d/f"}) })
	ev := fsnotify.Event{Name: "/d/f", Op: fsnotify.Write}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src.ev <- ev
	}
}
