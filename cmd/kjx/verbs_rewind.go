package main

// The verbs that change files: kjx restore FILE@REF and kjx rewind
// (--list, TARGET). They run a session without a UI in the current
// directory, so they follow the editor's rules exactly (the workspace's
// safety checks, crash-safe writes, the undo file written only when the
// history changed).

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kjx-editor/kjx/editor"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/editor/session"
)

// wsArgs are the parsed arguments of restore and rewind.
type wsArgs struct {
	force, yes, list bool
	rest             []string
}

// runWorkspaceVerb runs kjx restore or kjx rewind; stdin answers
// rewind's question.
func runWorkspaceVerb(verb string, args []string, env verbEnv, stdin io.Reader) int {
	a, help, err := parseWorkspaceArgs(verb, args, &env)
	switch {
	case help:
		fmt.Fprintln(env.stdout, "usage: "+verbUsage[verb])
		return 0
	case err != nil:
		fmt.Fprintln(env.stderr, "kjx: "+terminalSafe(err.Error()))
		return 2
	}
	if verb == "restore" {
		err = verbRestore(env, a)
	} else {
		err = verbRewind(env, a, stdin)
	}
	if err != nil {
		fmt.Fprintln(env.stderr, "kjx: "+terminalSafe(err.Error()))
		return 1
	}
	return 0
}

// parseWorkspaceArgs reads the options and the one argument (rewind's
// target may be several words: they are joined by spaces).
func parseWorkspaceArgs(verb string, args []string, env *verbEnv) (wsArgs, bool, error) {
	var a wsArgs
	usage := errors.New("usage: " + verbUsage[verb])
	for i := 0; i < len(args); i++ {
		switch x := args[i]; {
		case x == "--":
			a.rest = append(a.rest, args[i+1:]...)
			i = len(args)
		case x == "--help" || x == "-h":
			return a, true, nil
		case x == "-u" && i+1 < len(args):
			env.configFile = args[i+1]
			i++
		case x == "--force" && verb == "restore":
			a.force = true
		case (x == "--yes" || x == "-y") && verb == "rewind":
			a.yes = true
		case x == "--list" && verb == "rewind":
			a.list = true
		case len(x) > 1 && x[0] == '-' && !isDigits(x[1:]):
			return a, false, fmt.Errorf("unknown option %s; %v", x, usage)
		default:
			a.rest = append(a.rest, x)
		}
	}
	switch {
	case verb == "restore" && len(a.rest) != 1, verb == "rewind" && a.list == (len(a.rest) > 0):
		return a, false, usage
	case verb == "restore":
		if _, _, ok := splitRef(a.rest[0]); !ok {
			return a, false, fmt.Errorf("%s: no @REF (a state number, a label, or a time ago such as @-10m); %v", a.rest[0], usage)
		}
	}
	return a, false, nil
}

// cliSession is a session in the current directory with the user's
// configuration, as the editor would run.
func cliSession(env verbEnv) *session.Session {
	cfg, _, warnings := loadConfig(options{configFile: env.configFile}, env.getenv)
	for _, w := range warnings {
		fmt.Fprintln(env.stderr, "kjx: "+terminalSafe(w.Error()))
	}
	return session.New(session.Config{
		Editor: editor.Config{Options: session.OptionsFromConfig(cfg, editor.DefaultOptions())},
		Undo:   &cfg.Undo, Clock: clock.Real(), Env: env.getenv, WorkDir: workDir(),
	})
}

// verbRestore is kjx restore FILE@REF.
func verbRestore(env verbEnv, a wsArgs) error {
	name, ref, _ := splitRef(a.rest[0])
	h, err := loadHistory(env, name)
	if err != nil {
		return err
	}
	seq, err := h.resolve(ref, env.now)
	if err != nil {
		return err
	}
	s := cliSession(env)
	changed, err := s.RestoreFile(name, seq, a.force)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if !changed {
		fmt.Fprintf(env.stdout, "%s is already state %d\n", terminalSafe(name), seq)
		return nil
	}
	fmt.Fprintf(env.stdout, "%s restored to state %d\n", terminalSafe(name), seq)
	return nil
}

// verbRewind is kjx rewind --list and kjx rewind TARGET.
func verbRewind(env verbEnv, a wsArgs, stdin io.Reader) error {
	s := cliSession(env)
	defer s.Close()
	if a.list {
		lines, err := s.Checkpoints()
		for _, l := range lines {
			fmt.Fprintln(env.stdout, l)
		}
		return err
	}
	ask := func(q string, files []string) bool {
		for _, f := range files {
			fmt.Fprintln(env.stdout, terminalSafe(f))
		}
		if a.yes {
			return true
		}
		fmt.Fprint(env.stdout, terminalSafe(q)+" ")
		line, _ := bufio.NewReader(stdin).ReadString('\n')
		return strings.HasPrefix(strings.TrimSpace(line), "y")
	}
	err := s.RewindWorkspace(strings.Join(a.rest, " "), ask)
	for _, m := range s.Editor().TakeMessages() {
		fmt.Fprintln(env.stdout, terminalSafe(m.Text))
	}
	if err == nil {
		err = s.Close()
	}
	return err
}
