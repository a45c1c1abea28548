package motion

import "sort"

//go:generate go run gen_classes.go

// Word classes, as Vim's cls(): 0 is blank, 1 punctuation, 2 and above are
// kinds of word characters (3 emoji, 0x4e00 CJK ideographs, 0x3040
// Hiragana, ...). Two adjacent characters belong to the same word when
// their classes are equal.
const (
	classBlank = 0
	classPunct = 1
	classWord  = 2
)

// classRange maps the code points lo..hi to a class.
type classRange struct {
	lo, hi rune
	class  int
}

// latin1Class is the class of a code point below 0x100 (or of an invalid
// byte, which Vim reads as its byte value) under Vim's default 'iskeyword'
// "@,48-57,_,192-255".
func latin1Class(c rune) int {
	switch {
	case c == ' ' || c == '\t' || c == 0 || c == 0xa0 || c == '\n':
		return classBlank
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c >= 0xc0 && c <= 0xff:
		return classWord
	}
	return classPunct
}

// runeClass returns Vim's class of the code point c.
func runeClass(c rune) int {
	if c < 0x100 {
		return latin1Class(c)
	}
	i := sort.Search(len(classRanges), func(i int) bool { return classRanges[i].hi >= c })
	if i < len(classRanges) && classRanges[i].lo <= c {
		return classRanges[i].class
	}
	return classWord
}

// IsWordChar reports whether rn is a keyword character for Vim's default
// 'iskeyword' ("@,48-57,_,192-255"); above U+00FF every character whose
// Unicode class is not blank or punctuation counts (Vim's utf_class >= 2).
func IsWordChar(rn rune) bool { return rn >= 0 && runeClass(rn) >= classWord }
