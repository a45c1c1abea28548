package config

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Watch reloads the configuration file at path whenever it changes and
// sends the result on the returned channel. current is the Config the
// caller uses now (normally what Load returned); it is the "previous good"
// Config that a broken save falls back to. Reloads happen debounce after
// the last event of a burst; clock makes the timers (nil means RealClock).
//
// The file's directory is watched, not the file, so saves that replace the
// file by renaming are seen; when path is a symbolic link the directory of
// its target is watched too. A reload that reads the same bytes as the
// previous one sends nothing. A file that disappears reads as defaults, as
// with Load.
//
// Watch fails when the directory cannot be watched (wrapping
// fs.ErrNotExist when it does not exist). Otherwise it starts one goroutine
// that stops, closing the channel, when ctx is done.
func Watch(ctx context.Context, path string, env Env, current Config, debounce time.Duration, clock Clock) (<-chan Update, error) {
	if clock == nil {
		clock = RealClock()
	}
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("config: watching %s: %w", path, err)
	}
	names := watchedNames(path)
	for _, dir := range dirsOf(names) {
		if err := w.Add(dir); err != nil {
			w.Close()
			return nil, fmt.Errorf("config: watching directory %s: %w", dir, err)
		}
	}
	l := &watchLoop{r: NewReloader(path, env, current), debounce: debounce, clock: clock,
		names: names, out: make(chan Update, 1)}
	l.reload = l.r.Reload
	go func() {
		defer w.Close()
		l.run(ctx, w.Events, w.Errors)
	}()
	return l.out, nil
}

// watchedNames returns the cleaned file names whose events mean the config
// may have changed: path, and its symlink target when there is one.
func watchedNames(path string) map[string]bool {
	names := map[string]bool{filepath.Clean(path): true}
	if target, err := filepath.EvalSymlinks(path); err == nil {
		names[filepath.Clean(target)] = true
	}
	return names
}

// dirsOf returns the distinct directories of names.
func dirsOf(names map[string]bool) []string {
	seen := map[string]bool{}
	var dirs []string
	for n := range names {
		if d := filepath.Dir(n); !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// watchLoop is the state owned by Watch's goroutine.
type watchLoop struct {
	r        *Reloader
	debounce time.Duration
	clock    Clock
	names    map[string]bool
	out      chan Update

	// reload reads the file and returns the update to send, or false when
	// nothing changed. It is l.r.Reload except in tests.
	reload func() (Update, bool)
}

// run is the goroutine: it arms the debounce timer on every relevant event
// and reloads when the timer fires, until ctx is done or the event source
// closes. It closes l.out on return.
func (l *watchLoop) run(ctx context.Context, events <-chan fsnotify.Event, errs <-chan error) {
	defer close(l.out)
	var timer Timer
	var fire <-chan time.Time
	arm := func() {
		if timer == nil {
			timer = l.clock.NewTimer(l.debounce)
			fire = timer.C()
			return
		}
		timer.Reset(l.debounce)
	}
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-events:
			if !ok {
				return
			}
			if l.names[filepath.Clean(ev.Name)] {
				arm()
			}
		case err, ok := <-errs:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				arm() // events were lost: the file may have changed
				continue
			}
			l.send(l.r.WatchFailed(err))
		case <-fire:
			if u, changed := l.reload(); changed {
				l.send(u)
			}
		}
	}
}

// send delivers u without ever blocking: a pending Update the receiver has
// not taken yet is replaced. Only this goroutine sends, so after the drain
// there is room.
func (l *watchLoop) send(u Update) {
	select {
	case l.out <- u:
		return
	default:
	}
	select {
	case <-l.out:
	default:
	}
	l.out <- u
}
