package editor

// A yes/no question in the message line (":rewind" asks one before it
// changes files). While it waits the editor is in ModeConfirm, as for
// :s///c, so the next key answers it, typed or from a headless script:
// y says yes, any other key no. A script that ends first answers no.

// question is the yes/no question being asked.
type question struct {
	prompt string
	yes    func() // runs when the answer is y
}

// askYesNo shows lines as list output, then prompt, and waits for the
// answer.
func (e *Editor) askYesNo(prompt string, lines []string, yes func()) {
	e.say(lines...)
	e.ask = &question{prompt: prompt, yes: yes}
	e.mode = ModeConfirm
}

// answer takes k as the answer to the question being asked.
func (e *Editor) answer(k Key) {
	q := e.ask
	e.ask = nil
	e.mode = ModeNormal
	if q == nil {
		return
	}
	if k.IsRune('y') {
		q.yes()
		return
	}
	e.msg("Cancelled: nothing was changed")
}

// viewQuestion fills the View's prompt while a question waits.
func (e *Editor) viewQuestion(v *View) {
	if e.ask != nil && e.mode == ModeConfirm {
		v.Confirm = ConfirmView{Active: true, Prompt: e.ask.prompt}
	}
}
