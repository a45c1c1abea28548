package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Env looks up one environment variable and returns "" when it is unset.
// os.Getenv satisfies it; tests pass a map lookup. Nothing in this package
// reads the process environment directly.
type Env func(name string) string

// FileName is the name of the configuration file inside the kjx config
// directory.
const FileName = "config.toml"

// DefaultFile returns the configuration file kjx reads when the user names
// none: $XDG_CONFIG_HOME/kjx/config.toml, or ~/.config/kjx/config.toml when
// XDG_CONFIG_HOME is unset or not absolute (the XDG Base Directory rules).
// It fails only when neither variable gives an absolute directory.
func DefaultFile(env Env) (string, error) {
	dir, err := xdgDir(env, "XDG_CONFIG_HOME", ".config")
	if err != nil {
		return "", fmt.Errorf("config: locating the config file: %w", err)
	}
	return filepath.Join(dir, "kjx", FileName), nil
}

// DefaultUndoDir returns the directory for persistent undo files when the
// configuration names none: $XDG_DATA_HOME/kjx/undo, or
// ~/.local/share/kjx/undo when XDG_DATA_HOME is unset or not absolute.
// It fails only when neither variable gives an absolute directory.
func DefaultUndoDir(env Env) (string, error) {
	dir, err := xdgDir(env, "XDG_DATA_HOME", filepath.Join(".local", "share"))
	if err != nil {
		return "", fmt.Errorf("config: locating the undo directory: %w", err)
	}
	return filepath.Join(dir, "kjx", "undo"), nil
}

// DataDir returns kjx's data directory, $XDG_DATA_HOME/kjx, or
// ~/.local/share/kjx when XDG_DATA_HOME is unset or not absolute. The
// workspace histories live below it (undofile/workspace.DataDir). It
// fails only when neither variable gives an absolute directory.
func DataDir(env Env) (string, error) {
	dir, err := xdgDir(env, "XDG_DATA_HOME", filepath.Join(".local", "share"))
	if err != nil {
		return "", fmt.Errorf("config: locating the data directory: %w", err)
	}
	return filepath.Join(dir, "kjx"), nil
}

// xdgDir applies the XDG rule: the variable if it holds an absolute path,
// else $HOME/fallback.
func xdgDir(env Env, name, fallback string) (string, error) {
	if v := env(name); filepath.IsAbs(v) {
		return filepath.Clean(v), nil
	}
	home := env("HOME")
	if !filepath.IsAbs(home) {
		return "", fmt.Errorf("neither $%s nor $HOME is set to an absolute path", name)
	}
	return filepath.Join(home, fallback), nil
}

// errNotAbsolute reports a configured path that is still relative after
// expansion.
var errNotAbsolute = errors.New("must be an absolute path (~/ and $VAR are expanded)")

// expandPath expands a leading ~/ (or a lone ~) to $HOME and $VAR or ${VAR}
// anywhere, then requires an absolute result. Unset variables expand to ""
// and are named in the error, so a typo does not silently become "/undo".
func expandPath(p string, env Env) (string, error) {
	var unset []string
	lookup := func(name string) string {
		v := env(name)
		if v == "" {
			unset = append(unset, "$"+name)
		}
		return v
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = "$HOME" + p[1:]
	}
	out := os.Expand(p, lookup)
	if len(unset) > 0 {
		return "", fmt.Errorf("%s is not set", strings.Join(unset, ", "))
	}
	if !filepath.IsAbs(out) {
		return "", errNotAbsolute
	}
	return filepath.Clean(out), nil
}
