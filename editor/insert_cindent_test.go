package editor

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const cindentGoldenPath = "testdata/cindent_golden.json"

// cindentCase is a file re-indented with gg=G: Want is what Vim 9.0 made
// of Text (vim -u NONE -Es, :set Options, normal gg=G).
type cindentCase struct {
	Options string `json:"options"`
	Text    string `json:"text"`
	Want    string `json:"want"`
}

// TestCIndentVim re-indents C-like files with = and compares every line
// with Vim's result (recorded; go test -run TestCIndentVim -update
// records them again).
func TestCIndentVim(t *testing.T) {
	if *update {
		recordCIndent(t)
	}
	data, err := os.ReadFile(cindentGoldenPath)
	if err != nil {
		t.Fatal(err)
	}
	var cases []cindentCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 200 {
		t.Fatalf("%d cases in %s", len(cases), cindentGoldenPath)
	}
	for i, c := range cases {
		e := newTestEditor(c.Text)
		if c.Options != "" {
			e.ExecEx("set " + c.Options)
		}
		e.Feed(MustParseKeys("gg=G"), true)
		e.EndStep()
		got := e.text().String() + "\n"
		if got != c.Want {
			t.Errorf("case %d (%s):\n%s", i, c.Options, firstLineDiff(c.Want, got))
		}
	}
}

// firstLineDiff names the first line where want and got differ.
func firstLineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) && i < len(g); i++ {
		if w[i] != g[i] {
			return "line " + itoa(i+1) + ": want " + quote(w[i]) + ", got " + quote(g[i]) +
				"\nafter: " + quote(strings.Join(w[max(0, i-3):i], "\n"))
		}
	}
	return "line counts differ"
}

func quote(s string) string { b, _ := json.Marshal(s); return string(b) }

// cindentInputs are the files the golden test re-indents: hand-written
// ones for the rules (comments, strings, preprocessor, plain text, else
// matching) and generated C functions.
func cindentInputs() []cindentCase {
	hand := []cindentCase{
		{Text: "int f() {\n// a { in a comment\nx = \"}\";\n/* {\n} */\ny = '{';\n}\n"},
		{Text: "int f() {\n/*\n* doc\n* more\n*/\nx();\n}\n"},
		{Text: "#include <stdio.h>\nint f() {\n#ifdef X\nx();\n#endif\n}\n"},
		{Text: "Hello, world. This is text.\n\nSecond para.\nline (with [nested {brackets}]) end\n"},
		{Text: "int f() {\nif (a)\nif (x) {\nreturn 0;\n} else {\nx = 1;\n}\nelse\ny += 2;\n}\n"},
		{Text: "int f() {\nif (a)\nif (x)\nreturn 0;\nelse\nx = 1;\nelse\ny += 2;\n}\n"},
		{Text: "int f() {\ndo\nx++;\nwhile (x < 3);\n} \n"},
		{Options: "et sw=4", Text: "void g(void)\n{\nif (a) {\nb(1,\n2);\n} else if (c) {\nd();\n}\n}\n"},
		{Options: "sw=2 ts=8 et", Text: "int h() {\nswitch (k) {\ncase 1:\nx();\nbreak;\ndefault:\ny();\n}\n}\n"},
	}
	rng := rand.New(rand.NewPCG(17, 4))
	var out []cindentCase
	out = append(out, hand...)
	for i := 0; i < 240; i++ {
		out = append(out, cindentCase{Text: genCProgram(rng)})
	}
	return out
}

// genCProgram returns one to two C functions of random statements, with
// no indentation.
func genCProgram(rng *rand.Rand) string {
	var parts []string
	if rng.IntN(10) < 3 {
		parts = append(parts, "#include <stdio.h>")
	}
	for n := 1 + rng.IntN(2); n > 0; n-- {
		parts = append(parts, "int f(int a) {\n"+genCBody(rng, 0)+"\n}")
	}
	return strings.Join(parts, "\n") + "\n"
}

func genCBody(rng *rand.Rand, d int) string {
	n := 1 + rng.IntN(3)
	s := make([]string, n)
	for i := range s {
		s[i] = genCStmt(rng, d)
	}
	return strings.Join(s, "\n")
}

func genCStmt(rng *rand.Rand, d int) string {
	simple := []string{"x = 1;", "foo(a, b);", "return 0;", "y += 2;", "bar();"}
	r := rng.IntN(100)
	switch {
	case d > 2 || r < 35:
		return simple[rng.IntN(len(simple))]
	case r < 45:
		return "foo(a,\nb,\nc);"
	case r < 52:
		return "x = a +\nb;"
	case r < 62:
		return "if (x) {\n" + genCBody(rng, d+1) + "\n}"
	case r < 70:
		return "if (x)\n" + genCStmt(rng, d+1)
	case r < 76:
		return "if (x) {\n" + genCBody(rng, d+1) + "\n} else {\n" + genCBody(rng, d+1) + "\n}"
	case r < 80:
		return "if (a)\n" + genCStmt(rng, d+1) + "\nelse\n" + genCStmt(rng, d+1)
	case r < 86:
		return "for (i = 0; i < n; i++) {\n" + genCBody(rng, d+1) + "\n}"
	case r < 90:
		return "while (x)\n" + genCStmt(rng, d+1)
	case r < 95:
		return "switch (x) {\ncase 1:\n" + genCBody(rng, d+1) + "\nbreak;\ndefault:\n" + genCStmt(rng, d+1) + "\n}"
	}
	return "if (x)\n{\n" + genCBody(rng, d+1) + "\n}"
}

// recordCIndent runs Vim on every input and writes the golden file.
func recordCIndent(t *testing.T) {
	if _, err := exec.LookPath("vim"); err != nil {
		t.Fatal("-update needs vim on PATH")
	}
	cases := cindentInputs()
	dir := t.TempDir()
	for i := range cases {
		path := filepath.Join(dir, "f.c")
		if err := os.WriteFile(path, []byte(cases[i].Text), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{"--cmd", "set encoding=utf-8", "-u", "NONE", "-i", "NONE", "-N", "-n", "-Es"}
		if cases[i].Options != "" {
			args = append(args, "-c", "set "+cases[i].Options)
		}
		args = append(args, "-c", "normal gg=G", "-c", "wq", path)
		if out, err := exec.Command("vim", args...).CombinedOutput(); err != nil {
			t.Fatalf("vim: %v: %s", err, out)
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cases[i].Want = string(want)
	}
	data, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cindentGoldenPath, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
