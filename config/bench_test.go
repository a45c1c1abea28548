package config

import "testing"

// BenchmarkLoad loads a config that sets every key, from a file.
func BenchmarkLoad(b *testing.B) {
	path := writeConfig(b, fullConfig)
	env := envOf("HOME", "/home/u", "DATA", "/data")
	b.ReportAllocs()
	b.SetBytes(int64(len(fullConfig)))
	for b.Loop() {
		if _, errs := Load(path, env); errs != nil {
			b.Fatal(errs)
		}
	}
}

// BenchmarkLoadErrors loads a file where every key is wrong, so every key
// pays for a line look-up.
func BenchmarkLoadErrors(b *testing.B) {
	path := writeConfig(b, badConfig)
	env := envOf("HOME", "/home/u")
	b.ReportAllocs()
	for b.Loop() {
		if _, errs := Load(path, env); len(errs) == 0 {
			b.Fatal("no errors")
		}
	}
}

const badConfig = `[undo]
persistent = 1
dir = "rel"
max_file_size = -1
max_entries = 0
save_interval = "1ms"
persist_days = -1
levels = "many"
[editor]
tabstop = 0
shiftwidth = -1
number = "yes"
wrap = "no"
tabsop = 4
[panel]
side = "top"
width = 10
diff = 1
[keys.normal]
"<Ecs>" = "x"
"<C-s>" = "<div>"
`
