package config

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// envOf returns an Env backed by a map.
func envOf(kv ...string) Env {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// testEnv is a typical user environment.
var testEnv = envOf("HOME", "/home/u")

// writeConfig writes text to a fresh config.toml and returns its path.
func writeConfig(t testing.TB, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// encode writes c as a TOML config file that Load reads back as c: every
// option from the option table, then the key maps.
func encode(c Config) string {
	var b strings.Builder
	section := ""
	for _, o := range options {
		table, name, _ := strings.Cut(o.key(), ".")
		if table != section {
			b.WriteString("\n[" + table + "]\n")
			section = table
		}
		b.WriteString(name + " = " + o.show(&c) + "\n")
	}
	for _, km := range keymaps {
		m := *km.field(&c)
		if len(m) == 0 {
			continue
		}
		b.WriteString("\n[" + km.name + "]\n")
		lhss := make([]string, 0, len(m))
		for k := range m {
			lhss = append(lhss, k)
		}
		sort.Strings(lhss)
		for _, k := range lhss {
			b.WriteString(quote(k) + " = " + quote(m[k]) + "\n")
		}
	}
	return b.String()
}

// errStrings returns the messages of errs.
func errStrings(errs []error) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Error()
	}
	return out
}

// checkValid fails t when any option of c breaks its own validation.
func checkValid(t testing.TB, c Config, env Env) {
	t.Helper()
	for _, o := range options {
		if err := o.check(&c, env); err != nil {
			t.Errorf("%s = %s: invalid after load: %v", o.key(), o.show(&c), err)
		}
	}
	for _, km := range keymaps {
		for lhs, rhs := range *km.field(&c) {
			if _, err := ParseKeys(lhs); err != nil {
				t.Errorf("%s: left side %q kept although invalid: %v", km.name, lhs, err)
			}
			if _, err := ParseKeys(rhs); err != nil {
				t.Errorf("%s: right side %q kept although invalid: %v", km.name, rhs, err)
			}
		}
	}
}
