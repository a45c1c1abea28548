package config

import (
	"bytes"
	"errors"
	"io/fs"
)

// Update is the result of one reload of the configuration file.
type Update struct {
	// Config is what the caller should use from now on. After a broken save
	// (syntax error, unreadable file) it is the previous good Config.
	Config Config
	// Errs are the problems found, one line each (see Error); nil when the
	// file was clean.
	Errs []error
}

// Reloader reads the configuration file again each time its watcher says
// it may have changed. It remembers the last good Config, which a broken
// save falls back to, and the bytes it read last, so that a save of the
// same bytes (a touch, a chmod) changes nothing. It does no watching
// itself: the caller's file watcher decides when to call Reload.
type Reloader struct {
	path   string
	env    Env
	good   Config // the last Config returned (or given), what broken saves keep
	last   []byte // bytes of the last reload
	loaded bool   // whether last is meaningful
}

// NewReloader returns a Reloader for the file at path. current is the
// Config the caller uses now (normally what Load returned): the "previous
// good" Config of the first broken save.
func NewReloader(path string, env Env, current Config) *Reloader {
	return &Reloader{path: path, env: env, good: current}
}

// Path returns the configuration file's path.
func (r *Reloader) Path() string { return r.path }

// Reload reads and decodes the file. A broken save keeps the previous good
// Config, and a bad key its previous value; a missing file reads as the
// defaults, as with Load. It reports false when the file holds the same
// bytes as at the previous reload: nothing to apply.
func (r *Reloader) Reload() (Update, bool) {
	data, err := readFile(r.path)
	missing := errors.Is(err, fs.ErrNotExist)
	if err != nil && !missing {
		r.loaded, r.last = false, nil // an unreadable file is always reported
		return Update{Config: r.good, Errs: []error{readError(r.path, err)}}, true
	}
	if data == nil {
		data = []byte{}
	}
	if r.loaded && bytes.Equal(data, r.last) {
		return Update{}, false
	}
	r.loaded, r.last = true, data
	if missing {
		r.good = Default(r.env)
		return Update{Config: r.good}, true
	}
	cfg, errs, ok := decode(r.path, data, r.env, r.good)
	if ok {
		r.good = cfg
	}
	return Update{Config: cfg, Errs: errs}, true
}

// WatchFailed is the Update for a failure of the watch itself: the
// previous good Config, and the error as one line about the file.
func (r *Reloader) WatchFailed(err error) Update {
	return Update{Config: r.good, Errs: []error{&Error{File: r.path, Msg: oneLine("watching for changes: " + err.Error())}}}
}
