package syntax

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
)

// startState is the private state a resumable lexer starts in: its one
// rule matches the empty string and replaces the stack with the
// checkpoint's.
const startState = "kjx start"

// mark is a checkpoint seen while lexing: at rune position pos of the
// lexed text (a line start) the state stack was stack.
type mark struct {
	pos   int
	stack int32
}

// resumable is a chroma regex lexer rebuilt so that it starts with any
// saved stack and reports the stack at every line start a match ends on
// (see the package documentation). It belongs to one goroutine.
type resumable struct {
	lexer  *chroma.RegexLexer
	stacks stackTable

	// Per run (reset by tokenise).
	resume      []string           // the stack to start with
	top         *chroma.LexerState // the run's outermost state (nested lexers are ignored)
	lastRestart int                // position of the last restart in the root state
	marks       []mark             // checkpoints, in order
	ends        []int              // ends of the matches seen since the last token was taken
}

// newResumable rebuilds base; ok is false when base is not a regex lexer
// (then the caller lexes from the start of the text every time).
func newResumable(base chroma.Lexer) (*resumable, error) {
	rl := regexLexerOf(base)
	if rl == nil {
		return nil, fmt.Errorf("syntax: %s is not a regex lexer", base.Config().Name)
	}
	rules, err := rl.Rules()
	if err != nil {
		return nil, fmt.Errorf("syntax: rules of %s: %w", base.Config().Name, err)
	}
	r := &resumable{}
	r.stacks.init()
	wrapped := chroma.Rules{}
	for state, list := range rules {
		out := make([]chroma.Rule, len(list))
		for i, rule := range list {
			// Include and Combined act when the lexer is compiled and must
			// stay visible as such; the rules they bring in are wrapped
			// in their own states.
			if _, compileTime := rule.Mutator.(chroma.LexerMutator); !compileTime {
				rule.Mutator = recorder{r: r, inner: rule.Mutator}
			}
			out[i] = rule
		}
		wrapped[state] = out
	}
	wrapped[startState] = []chroma.Rule{{Pattern: "", Mutator: chroma.MutatorFunc(r.start)}}
	cfg := *rl.Config()
	lx, err := chroma.NewLexer(&cfg, func() chroma.Rules { return wrapped })
	if err != nil {
		return nil, fmt.Errorf("syntax: rebuild %s: %w", cfg.Name, err)
	}
	lx.SetRegistry(lexers.GlobalLexerRegistry)
	r.lexer = lx
	return r, nil
}

// regexLexerOf returns the regex lexer base is or wraps (chroma's Markdown
// lexer wraps one to add YAML front matter), or nil.
func regexLexerOf(base chroma.Lexer) *chroma.RegexLexer {
	if rl, ok := base.(*chroma.RegexLexer); ok {
		return rl
	}
	v := reflect.ValueOf(base)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	f := v.Elem().FieldByName("Lexer")
	if !f.IsValid() || !f.CanInterface() {
		return nil
	}
	inner, _ := f.Interface().(chroma.Lexer)
	if rl, ok := inner.(*chroma.RegexLexer); ok {
		return rl
	}
	return nil
}

// tokenise starts a run over text with the stack of checkpoint id.
func (r *resumable) tokenise(text string, stack int32) (chroma.Iterator, error) {
	r.resume = r.stacks.stack(stack)
	r.top = nil
	r.lastRestart = -1
	r.marks = r.marks[:0]
	r.ends = r.ends[:0]
	return r.lexer.Tokenise(&chroma.TokeniseOptions{State: startState}, text)
}

// start is the start state's mutator. The first time it puts the
// checkpoint's stack in place. chroma comes back to the start state only
// after a line end no rule of the current state matched (it then starts
// over in its initial state, which is "root" for every lexer); if root
// cannot match that line end either, chroma would come back for ever, so
// the second time at one place the line end is skipped.
func (r *resumable) start(l *chroma.LexerState) error {
	if r.top == nil {
		r.top = l
		l.Stack = append(l.Stack[:0], r.resume...)
		return nil
	}
	if l != r.top {
		return nil
	}
	l.Stack = append(l.Stack[:0], "root")
	if l.Pos == r.lastRestart && l.Pos < len(l.Text) {
		l.Pos++
		r.ends = append(r.ends, l.Pos)
	}
	r.lastRestart = l.Pos
	return nil
}

// recorder wraps a rule's mutator: it records where the match ended and,
// at a line start, the stack.
type recorder struct {
	r     *resumable
	inner chroma.Mutator
}

// Mutate implements chroma.Mutator.
func (m recorder) Mutate(l *chroma.LexerState) error {
	if m.inner != nil {
		if err := m.inner.Mutate(l); err != nil {
			return err
		}
	}
	r := m.r
	if l != r.top {
		return nil
	}
	r.ends = append(r.ends, l.Pos)
	if l.Pos > 0 && l.Pos <= len(l.Text) && l.Text[l.Pos-1] == '\n' && len(l.MutatorContext) == 0 && len(l.Stack) > 0 {
		r.marks = append(r.marks, mark{pos: l.Pos, stack: r.stacks.id(l.Stack)})
	}
	return nil
}

// stackTable interns state stacks as small numbers; 0 is ["root"].
type stackTable struct {
	ids    map[string]int32
	stacks [][]string
}

func (t *stackTable) init() {
	t.ids = map[string]int32{}
	t.id([]string{"root"})
}

// id returns the number of stack, adding it if new.
func (t *stackTable) id(stack []string) int32 {
	key := strings.Join(stack, "\x00")
	if id, ok := t.ids[key]; ok {
		return id
	}
	id := int32(len(t.stacks))
	t.ids[key] = id
	t.stacks = append(t.stacks, append([]string(nil), stack...))
	return id
}

// stack returns the stack numbered id.
func (t *stackTable) stack(id int32) []string { return t.stacks[id] }
