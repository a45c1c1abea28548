package keys

import "strings"

// String returns k in Vim key notation, the way Vim's keytrans() writes
// it: a plain character as itself, except "<" (<lt>) and " " (<Space>);
// a named key or a character with modifiers as <Mods-Name>, modifiers in
// the order C- M- S-; <C-j> as <NL>. Parse(k.String()) gives k back for
// every key in the normal form.
func (k Key) String() string { return k.format(false) }

// Text returns k as the text of a register or of the pending command
// shown on the status line: String, except that a plain space is written
// as itself, so that recorded typing reads as typed. Parse(k.Text())
// gives k back too.
func (k Key) Text() string { return k.format(true) }

// Format returns keys in Vim key notation (String of each, joined).
func Format(keys []Key) string { return format(keys, false) }

// FormatText returns keys as register text (Text of each, joined):
// "i a b<Esc>" where Format writes "i<Space>a<Space>b<Esc>".
func FormatText(keys []Key) string { return format(keys, true) }

func format(keys []Key, text bool) string {
	var b strings.Builder
	for _, k := range keys {
		k.appendTo(&b, text)
	}
	return b.String()
}

// printableASCII slices give one-byte strings without allocating.
const printableASCII = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

// format is String (text false) or Text (text true).
func (k Key) format(text bool) string {
	if k.Code == Rune && k.Mod == 0 && k.Rune > ' ' && k.Rune < 0x7f && k.Rune != '<' {
		return printableASCII[k.Rune-' ' : k.Rune-' '+1]
	}
	var b strings.Builder
	k.appendTo(&b, text)
	return b.String()
}

// appendTo writes k's notation to b; text writes a plain space as itself.
func (k Key) appendTo(b *strings.Builder, text bool) {
	name := k.name()
	if k.Code == Rune && k.Mod == 0 && (name == "" || text && k.Rune == ' ') {
		b.WriteRune(k.Rune)
		return
	}
	mod := k.Mod
	if k == Ctrl('j') {
		name, mod = "NL", 0
	}
	b.WriteByte('<')
	if mod&ModCtrl != 0 {
		b.WriteString("C-")
	}
	if mod&ModAlt != 0 {
		b.WriteString("M-")
	}
	if mod&ModShift != 0 {
		b.WriteString("S-")
	}
	if name == "" {
		b.WriteRune(k.Rune)
	} else {
		b.WriteString(name)
	}
	b.WriteByte('>')
}

// name is the name k is written by inside <…>, or "" for a character
// written as itself.
func (k Key) name() string {
	if k.Code != Rune {
		return codeNames[k.Code]
	}
	switch k.Rune {
	case '<':
		return "lt"
	case ' ':
		return "Space"
	}
	return ""
}
