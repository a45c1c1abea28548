package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// maxFileBytes bounds the size of a config file; anything larger is refused
// rather than read into memory (think -u /dev/zero).
const maxFileBytes = 1 << 20

// Load reads the configuration file at path. It always returns a usable
// Config: defaults (see Default) for every key the file does not set or
// sets badly, and the file's value for every good key. The errors say what
// was wrong, one line each (see Error): unknown keys, wrong types, values
// out of range, invalid key notation, TOML syntax errors (the whole file is
// then ignored) and an unreadable file. A file that does not exist is not
// an error: the defaults are returned with no errors.
func Load(path string, env Env) (Config, []error) {
	def := Default(env)
	data, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return def, nil
	}
	if err != nil {
		return def, []error{readError(path, err)}
	}
	cfg, errs, _ := decode(path, data, env, def)
	return cfg, errs
}

// readFile reads at most maxFileBytes of path.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileBytes {
		return nil, fmt.Errorf("larger than %d KiB", maxFileBytes>>10)
	}
	return data, nil
}

// readError is the one error for a file that exists but cannot be read.
func readError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &Error{File: path, Msg: oneLine("cannot read: " + err.Error() + " (file ignored)")}
}
