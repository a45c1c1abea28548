// Package options is the one table of kjx's Vim options: for each, its
// Vim name and short name, its type, its default, the limits Vim checks
// (with the error Vim gives and the value Vim falls back to) and the key
// of the configuration file that sets it. Everything that knows about
// options derives from it:
//
//   - :set, :set all and :set name& in the editor (editor/options_set.go);
//   - the configuration file's [editor] and [undo] keys, their defaults,
//     their validation and docs/config.md (config/options.go binds each
//     key to its field of config.Config);
//   - editor.OptionsFromConfig, a loop over the table.
//
// Values holds one value per option; the editor's Options is an alias
// of it. Defaults are Vim's as `vim --clean` has them; ConfigDefaults
// differ only where the configuration file starts elsewhere.
//
// # Adding an option
//
// Add a field to Values (and its default to Defaults when it is not the
// zero value), and one Def to the table in entries.go with its names,
// kind, limits and accessor. :set knows it at once. To let the
// configuration file set it, give the Def a Config key ("editor.name"),
// add the same field to config.EditorConfig and one line to
// config/options.go binding the key to it; config's TestOptionTable and
// this package's TestTable fail until the two agree. Behaviour beyond
// the value (what changes when it is set) belongs to the editor: see
// optionHooks in editor/options_set.go.
//
// The package imports nothing of kjx and holds no mutable state.
package options
