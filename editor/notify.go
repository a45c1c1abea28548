package editor

// ShowError shows msg as an error message, as a failed command would; the
// wiring uses it for start-up problems such as a bad configuration key.
func (e *Editor) ShowError(msg string) { e.errMsg("%s", msg) }

// ShowMessage shows msg in the message line.
func (e *Editor) ShowMessage(msg string) { e.msg("%s", msg) }

// ShowWarning shows msg highlighted like an error but, unlike one, not as
// a failed command: no beep, not counted by ErrorCount (a file that
// cannot be watched, a configuration problem found by a reload).
func (e *Editor) ShowWarning(msg string) { e.warnMsg(msg) }
