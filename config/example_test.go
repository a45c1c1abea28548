package config_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kjx-editor/kjx/config"
)

func ExampleLoad() {
	dir, _ := os.MkdirTemp("", "kjx")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "config.toml")
	os.WriteFile(path, []byte("[editor]\ntabstop = 4\nnumber = \"yes\"\n"), 0o600)

	env := func(name string) string { return map[string]string{"HOME": "/home/ann"}[name] }
	cfg, errs := config.Load(path, env)
	fmt.Println(cfg.Editor.TabStop, cfg.Editor.Number, cfg.Undo.Dir)
	for _, err := range errs {
		fmt.Println(filepath.Base(err.Error()))
	}
	// Output:
	// 4 false /home/ann/.local/share/kjx/undo
	// config.toml:3: editor.number: want a boolean, got string "yes" (using false)
}

func ExampleParseKeys() {
	toks, _ := config.ParseKeys(`<c-S>:s/\<x\>/y/<CR>`)
	parts := make([]string, len(toks))
	for i, t := range toks {
		parts[i] = t.String()
	}
	fmt.Println(strings.Join(parts, " "))
	_, err := config.ParseKeys("<Ecs>")
	fmt.Println(err)
	// Output:
	// <C-s> : s / \ <lt> x \ > / y / <CR>
	// <Ecs> is not a key name (did you mean <Esc>?); write <lt> for a literal "<"
}
