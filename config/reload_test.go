package config

import (
	"os"
	"reflect"
	"testing"
)

// reloader is a Reloader over a configuration file holding text.
func reloader(t *testing.T, text string) (*Reloader, string) {
	t.Helper()
	path := writeConfig(t, text)
	current, errs := Load(path, testEnv)
	if errs != nil {
		t.Fatalf("initial config: %q", errStrings(errs))
	}
	return NewReloader(path, testEnv, current), path
}

func rewrite(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// withDefaults returns the defaults changed by set.
func withDefaults(set func(*Config)) Config {
	c := Default(testEnv)
	set(&c)
	return c
}

// TestReloadBrokenSave: a broken save keeps the previous good
// configuration, a bad key its previous value (not the default), and a
// removed file means the defaults, as Load does.
func TestReloadBrokenSave(t *testing.T) {
	r, path := reloader(t, "[editor]\ntabstop = 4\n")
	good := withDefaults(func(c *Config) { c.Editor.TabStop = 4 })

	rewrite(t, path, "[editor]\ntabstop = \n")
	u, changed := r.Reload()
	if !changed || !reflect.DeepEqual(u.Config, good) {
		t.Errorf("broken save: changed %v, config %+v, want the previous good one", changed, u.Config)
	}
	if g := errStrings(u.Errs); len(g) != 1 || g[0] != path+":2: syntax error: expected value but found '\\n' instead (file ignored)" {
		t.Errorf("broken save: errors %q", g)
	}

	rewrite(t, path, "[editor]\ntabstop = 10000\nnumber = true\n")
	u, _ = r.Reload()
	want := withDefaults(func(c *Config) { c.Editor.TabStop = 4; c.Editor.Number = true })
	if !reflect.DeepEqual(u.Config, want) {
		t.Errorf("bad key: config %+v, want tabstop 4 kept and number set", u.Config)
	}
	if g := errStrings(u.Errs); len(g) != 1 || g[0] != path+":2: editor.tabstop = 10000: must be 1 to 9999 (using 4)" {
		t.Errorf("bad key: errors %q", g)
	}

	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if u, _ := r.Reload(); !reflect.DeepEqual(u.Config, Default(testEnv)) || u.Errs != nil {
		t.Errorf("removed file: %+v, %q; want defaults", u.Config, errStrings(u.Errs))
	}
}

// TestReloadUnchangedBytes: a reload that reads the bytes of the previous
// one (a chmod, a save without changes) reports nothing.
func TestReloadUnchangedBytes(t *testing.T) {
	r, path := reloader(t, "")
	rewrite(t, path, "[panel]\nwidth = 40\n")
	if u, changed := r.Reload(); !changed || u.Config.Panel.Width != 40 {
		t.Fatalf("first reload: changed %v, width %d", changed, u.Config.Panel.Width)
	}
	if _, changed := r.Reload(); changed {
		t.Error("a reload of the same bytes reported a change")
	}
	rewrite(t, path, "[panel]\nwidth = 41\n")
	if u, changed := r.Reload(); !changed || u.Config.Panel.Width != 41 {
		t.Errorf("after a change: changed %v, width %d", changed, u.Config.Panel.Width)
	}
}

// TestReloadWatchFailed: a failure of the watch is reported about the
// file, with the previous good configuration.
func TestReloadWatchFailed(t *testing.T) {
	r, path := reloader(t, "[panel]\nwidth = 50\n")
	u := r.WatchFailed(os.ErrDeadlineExceeded)
	if g := errStrings(u.Errs); len(g) != 1 || g[0] != path+": watching for changes: "+os.ErrDeadlineExceeded.Error() {
		t.Errorf("errors %q", g)
	}
	if u.Config.Panel.Width != 50 {
		t.Errorf("a watch failure changed the config: %+v", u.Config)
	}
	if r.Path() != path {
		t.Errorf("Path() = %q, want %q", r.Path(), path)
	}
}
