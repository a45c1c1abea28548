package motion

import (
	"strings"
)

// operate simulates an operator (d, c or y) with a motion the way the
// package documentation tells the editor core to: it is the reference for
// the operator rules, checked against Vim by the golden test. It returns
// the register the operator fills (nothing when Vim cancels it).
func (d *driver) operate(op byte, off, count int, mk string) result {
	r := d.r
	text := r.String()
	line := r.LineOf(off)
	big := strings.ContainsAny(mk, "WBE")
	var end int
	inclusive, linewise, ok, adjust := false, false, true, false
	switch mk {
	case "w", "W":
		if op == 'c' && off < len(text) && text[off] != '\n' && text[off] != ' ' && text[off] != '\t' {
			end, _ = WordEndForChange(r, off, count, big)
			inclusive = true
		} else {
			end, _ = WordForwardRaw(r, off, count, big, true)
		}
		adjust = true
	case "e", "E":
		end, _ = WordEndRaw(r, off, count, big)
		inclusive, adjust = true, true
	case "b", "B":
		end, ok = WordBackwardRaw(r, off, count, big)
	case "ge", "gE":
		end, ok = WordEndBackwardRaw(r, off, count, big)
		inclusive = true
	case "}":
		end, inclusive, ok = ParagraphForwardRaw(r, off, count)
	case "{":
		end, inclusive, ok = ParagraphBackwardRaw(r, off, count)
	case ")":
		end, ok = SentenceForwardRaw(r, off, count)
		adjust = true
	case "(":
		end, ok = SentenceBackwardRaw(r, off, count)
	case "$":
		end = LineLastChar(r, min(line+count-1, r.Newlines()))
		inclusive = true
	case "^":
		end = LineFirstNonBlank(r, line)
	case "%":
		end, linewise, ok = MatchPairRaw(r, off)
		inclusive = true
	default:
		kind := mk[0]
		end, ok = FindInLine(r, off, count, kind, mk[1:], false)
		inclusive = kind == 'f' || kind == 't'
	}
	if !ok {
		return result{cur: off}
	}
	if adjust && end > off {
		t := newText(r)
		if p, moved := t.adjustNUL(end); moved {
			end, inclusive = p, true
		}
	}
	start := min(off, end)
	end = max(off, end)
	if start == end && !inclusive && !linewise && op != 'y' {
		return result{cur: off} // d and c on an empty region do nothing
	}
	startLS := r.LineStart(r.LineOf(start))
	inIndent := strings.Trim(text[startLS:start], " \t") == ""
	if !linewise && !inclusive && end > start && text[end-1] == '\n' {
		// :h exclusive: an exclusive end at the start of a later line.
		if inIndent {
			linewise = true
			end--
		} else {
			end--
			if end > 0 && text[end-1] != '\n' {
				end = PrevGrapheme(r, end)
				inclusive = true
			}
		}
	}
	if op == 'd' && !linewise && r.LineOf(end) > r.LineOf(start) {
		// d across lines with only blanks before the start and after the
		// end becomes linewise.
		after := end
		if inclusive && after < len(text) && text[after] != '\n' {
			after = NextGrapheme(r, after)
		}
		if rest := text[after:r.LineEnd(r.LineOf(after))]; strings.Trim(rest, " \t") == "" && inIndent {
			linewise = true
		}
	}
	if linewise {
		a := r.LineStart(r.LineOf(start))
		b := r.LineEnd(r.LineOf(end))
		return result{cur: a, yank: text[a:b] + "\n", regtyp: "V"}
	}
	if inclusive && end < len(text) && text[end] != '\n' {
		end = NextGrapheme(r, end)
	}
	return result{cur: start, yank: text[start:end], regtyp: "v"}
}

// isOperatorKeys reports whether keys are an operator with a motion (as
// opposed to "y" with a text object).
func isOperatorKeys(keys string) bool {
	if keys == "" || !strings.ContainsRune("dcy", rune(keys[0])) {
		return false
	}
	_, rest := splitCount(keys[1:])
	return len(rest) > 0 && rest[0] != 'i' && rest[0] != 'a'
}

// runOperator applies operator keys like "d2w" or "cw".
func (d *driver) runOperator(keys string) func(off int) result {
	count, mk := splitCount(keys[1:])
	return func(off int) result { return d.operate(keys[0], off, max(count, 1), mk) }
}
