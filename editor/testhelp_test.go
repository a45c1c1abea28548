package editor

import "time"

// testEpoch is the virtual clock's start in tests (the corpus epoch).
var testEpoch = time.Unix(1700000000, 0)

func textOf(e *Editor) string { return e.Buffer().Text().String() }
