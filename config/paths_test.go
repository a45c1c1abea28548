package config

import (
	"errors"
	"strings"
	"testing"
)

func TestDefaultPaths(t *testing.T) {
	cases := []struct {
		name       string
		env        Env
		file, undo string // "" means an error is expected
	}{
		{"home only", envOf("HOME", "/home/u"), "/home/u/.config/kjx/config.toml", "/home/u/.local/share/kjx/undo"},
		{"xdg set", envOf("HOME", "/home/u", "XDG_CONFIG_HOME", "/cfg", "XDG_DATA_HOME", "/data/"),
			"/cfg/kjx/config.toml", "/data/kjx/undo"},
		{"relative xdg ignored", envOf("HOME", "/home/u", "XDG_CONFIG_HOME", "cfg", "XDG_DATA_HOME", "./d"),
			"/home/u/.config/kjx/config.toml", "/home/u/.local/share/kjx/undo"},
		{"xdg without home", envOf("XDG_CONFIG_HOME", "/cfg", "XDG_DATA_HOME", "/data"), "/cfg/kjx/config.toml", "/data/kjx/undo"},
		{"nothing", envOf(), "", ""},
		{"relative home", envOf("HOME", "home"), "", ""},
	}
	for _, tc := range cases {
		file, ferr := DefaultFile(tc.env)
		undo, uerr := DefaultUndoDir(tc.env)
		if file != tc.file || (ferr != nil) != (tc.file == "") {
			t.Errorf("%s: DefaultFile = %q, %v; want %q", tc.name, file, ferr, tc.file)
		}
		if undo != tc.undo || (uerr != nil) != (tc.undo == "") {
			t.Errorf("%s: DefaultUndoDir = %q, %v; want %q", tc.name, undo, uerr, tc.undo)
		}
		data, derr := DataDir(tc.env)
		if want := strings.TrimSuffix(tc.undo, "/undo"); data != want || (derr != nil) != (want == "") {
			t.Errorf("%s: DataDir = %q, %v; want %q", tc.name, data, derr, want)
		}
		if got := Default(tc.env).Undo.Dir; got != tc.undo {
			t.Errorf("%s: Default().Undo.Dir = %q, want %q", tc.name, got, tc.undo)
		}
	}
	_, err := DefaultFile(envOf())
	if want := "config: locating the config file: neither $XDG_CONFIG_HOME nor $HOME is set to an absolute path"; err == nil || err.Error() != want {
		t.Errorf("DefaultFile error = %v, want %q", err, want)
	}
}

func TestExpandPath(t *testing.T) {
	env := envOf("HOME", "/home/u", "D", "/d", "REL", "rel")
	cases := []struct {
		in, want string
		err      error // checked with errors.Is when not nil
		errText  string
	}{
		{"/abs/x", "/abs/x", nil, ""},
		{"~", "/home/u", nil, ""},
		{"~/undo/", "/home/u/undo", nil, ""},
		{"$D/u", "/d/u", nil, ""},
		{"${D}/u/../v", "/d/v", nil, ""},
		{"~user/x", "", errNotAbsolute, ""},
		{"$REL/x", "", errNotAbsolute, ""},
		{"rel", "", errNotAbsolute, ""},
		{"$X/$Y", "", nil, "$X, $Y is not set"},
	}
	for _, tc := range cases {
		got, err := expandPath(tc.in, env)
		switch {
		case tc.err != nil:
			if !errors.Is(err, tc.err) {
				t.Errorf("expandPath(%q) error = %v, want %v", tc.in, err, tc.err)
			}
		case tc.errText != "":
			if err == nil || err.Error() != tc.errText {
				t.Errorf("expandPath(%q) error = %v, want %q", tc.in, err, tc.errText)
			}
		case err != nil || got != tc.want:
			t.Errorf("expandPath(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}
