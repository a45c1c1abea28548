// Package config is kjx's configuration: a TOML file, its defaults, the XDG
// paths it lives at, validation with file:line errors, and the rules for
// reloading it when it changes on disk.
//
// # Model
//
// A Config is a plain value with one field per option, grouped by TOML table:
//
//	[undo]    persistent undo files and history limits   → Config.Undo
//	[editor]  Vim options (tabstop, number, …)           → Config.Editor
//	[panel]   the undo-tree panel                        → Config.Panel
//	[keys.*]  key maps per mode, Vim key notation        → Config.Keys
//
// Every scalar option is one entry of a single table (options.go) giving its
// key, type, default, validation and documentation line. Default, Load and
// the generated docs/config.md are all driven by that table, so an option
// cannot exist in one and be missing from another; a test fails when
// docs/config.md is stale (go test ./config -run TestDocs -update
// regenerates it).
//
// # Loading
//
// The file is found by DefaultFile ($XDG_CONFIG_HOME/kjx/config.toml) unless
// the caller names another (kjx -u FILE); with --clean the caller does not
// call Load and uses Default. Paths come from an injected Env, never from
// the process environment directly.
//
// Load never fails as a whole. The TOML is parsed once, then every key is
// decoded and validated on its own: a good key takes the file's value, a
// bad key keeps the default and yields one Error, and the others are
// unaffected. Only a TOML syntax error or an unreadable file makes the whole
// file count for nothing (defaults, one Error). A missing file is not an
// error. Errors are single lines of the form
//
//	FILE:LINE: KEY = VALUE: REASON (using DEFAULT)
//	FILE:LINE: KEY: want TYPE, got TYPE VALUE (using DEFAULT)
//	FILE:LINE: unknown key "KEY" (did you mean "KEY"?)
//	FILE:LINE: syntax error: MESSAGE (file ignored)
//	FILE: cannot read: REASON (file ignored)
//
// sorted by line. Lines come from the TOML decoder's own key positions
// (see lines.go for how they are obtained). At most 50 errors are listed per
// file, plus a count of the rest.
//
// # Reloading
//
// The package does not watch the file: the session (editor/session) does,
// with the same file watcher as the open files (editor/diskwatch: the
// file's directory through fsnotify, because editors save by writing a new
// file and renaming it over the old one; events debounced into one batch
// per burst). For each batch it calls Reloader.Reload, which applies the
// rules: a reload whose bytes equal the previous one yields nothing, and
// each other reload yields an Update, the Config to use and the errors. A
// broken save (syntax error, unreadable file) yields the previous good
// Config with the errors; a bad key takes its value from the previous good
// Config rather than the default, so a typo never silently reverts a
// setting the user had.
//
// # Concurrency
//
// Config is a plain value and safe to copy and to send between goroutines;
// its key maps are freshly allocated by each Load and never written after,
// so they may be shared read-only. Load, Default, DefaultFile,
// DefaultUndoDir and ParseKeys are pure apart from reading the file, hold no
// state and may be called from any goroutine. A Reloader holds the last
// good Config and belongs to one goroutine (the session's). The package
// starts no goroutine.
//
// # Complexity
//
// Load is linear in the file size plus O(keys · log keys) for the ordered
// walk; finding the line of a reported key costs O(file size), and those
// look-ups are bounded per file. Files over 1 MiB are refused.
package config
