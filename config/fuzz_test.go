package config

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary bytes to the decoder behind Load. Whatever the
// input: no panic; every error is a *Error on one line naming the file;
// every option of the result is valid; and the result, written back out as
// TOML, loads cleanly to itself.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(fullConfig))
	f.Add([]byte("[editor]\ntabstop = 4\nnumber = \"yes\"\n[keys.normal]\n\"<C-s>\" = \":w<CR>\"\n"))
	f.Add([]byte("a.b.c = 1\n[[x]]\n[x.y]\nz = [1, {a = 2}]\n"))
	env := envOf("HOME", "/home/u", "DATA", "/data")
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, errs, _ := decode("config.toml", data, env, Default(env))
		for _, err := range errs {
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error %v is %T, want *Error", err, err)
			}
			s := e.Error()
			if strings.ContainsAny(s, "\n\r\u2028\u2029\u0085") {
				t.Fatalf("error spans lines: %q", s)
			}
			if !strings.HasPrefix(s, "config.toml:") || e.Line < 0 {
				t.Fatalf("error does not start with the file name and a line: %q", s)
			}
		}
		if len(errs) > maxErrors+1 {
			t.Fatalf("%d errors, more than the bound", len(errs))
		}
		checkValid(t, cfg, env)
		again, errs2, ok := decode("again.toml", []byte(encode(cfg)), env, Default(env))
		if !ok || errs2 != nil || !reflect.DeepEqual(normalize(again), normalize(cfg)) {
			t.Fatalf("result does not round-trip:\n%s\nerrors %q", encode(cfg), errStrings(errs2))
		}
	})
}

// normalize makes empty and nil key maps compare equal.
func normalize(c Config) Config {
	for _, km := range keymaps {
		if m := km.field(&c); len(*m) == 0 {
			*m = nil
		}
	}
	return c
}
