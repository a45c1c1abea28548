package main

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"
)

// FuzzParseArgs: any command line either parses or gives one usage line;
// every argument after "--" is a file, and a parse never invents one.
func FuzzParseArgs(f *testing.F) {
	for _, seed := range []string{"a.txt b.txt", "+42 f", "+/pat f", "+ f", "-R f", "-", "-- -weird", "--bogus", "-u", "--headless --keys x -c w f", "--clock 12 -"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Split(line, " ")
		o, help, err := parseArgs(args)
		if err != nil {
			var u usageError
			if !errors.As(err, &u) || !strings.HasPrefix(err.Error(), "kjx: ") {
				t.Fatalf("%q: error %q is not a usage error", args, err)
			}
			if verbUsage[args[0]] != "" || slices.Contains(args, "--version") {
				return // a verb or --version runs before the options are parsed
			}
			// What a person sees: one escaped line on stderr, exit 2.
			var out, errb bytes.Buffer
			if code := run(args, strings.NewReader(""), &out, &errb); code != 2 || strings.Count(errb.String(), "\n") != 1 || out.Len() > 0 {
				t.Fatalf("%q: exit %d, stderr %q, stdout %q", args, code, errb.String(), out.String())
			}
			return
		}
		if help {
			return // --help stops the parse where it stands
		}
		for _, file := range o.files {
			if !slices.Contains(args, file) {
				t.Fatalf("%q: file %q is not an argument", args, file)
			}
		}
		if i := separator(args); i >= 0 && !slices.Equal(o.files[max(0, len(o.files)-(len(args)-i-1)):], args[i+1:]) {
			t.Fatalf("%q: the arguments after -- are not the last files: %q", args, o.files)
		}
	})
}

// separator is the index of the "--" that ends the options, or -1: a "--"
// that is an option's value (kjx -c -- f) is not one.
func separator(args []string) int {
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--":
			return i
		case takesValue(args[i]):
			i++
		}
	}
	return -1
}
