package editor

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"unicode/utf8"
)

// TestKeyLogRoundTrip records keys of every kind a session can type and
// requires the record to give back exactly those keys, and typing to take
// one byte per key.
func TestKeyLogRoundTrip(t *testing.T) {
	kinds := []Key{
		R('a'), R(' '), R('~'), R('é'), R('語'), R('😀'), R(0x7f), R(0x01), R(utf8.MaxRune), R(0xd800), R(-1),
		K(KeyBackspace), K(KeyTab), K(KeyEnter), K(KeyEsc), K(KeyDelete), K(KeyUp), K(KeyF12), K(KeyInsert),
		Ctrl('a'), Ctrl('h'), Ctrl('i'), Ctrl('m'), Ctrl('r'), Ctrl('v'), Ctrl('w'), Ctrl('z'), Ctrl('['),
		{Rune: 'a', Code: KeyRune, Mod: ModAlt}, {Rune: 'A', Code: KeyRune, Mod: ModShift},
		{Code: KeyTab, Mod: ModShift}, {Code: KeyLeft, Mod: ModCtrl},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		var want []Key
		var l keyLog
		for n := rng.IntN(40); n > 0; n-- {
			k := kinds[rng.IntN(len(kinds))]
			want = append(want, k)
			l = l.add(k)
		}
		if got := l.keys(); len(want)+len(got) > 0 && !reflect.DeepEqual(got, want) {
			t.Fatalf("record %x gives %v, want %v", []byte(l), got, want)
		}
	}
	typing := []Key{R('x'), K(KeyBackspace), K(KeyEnter), K(KeyTab), K(KeyEsc), Ctrl('w'), Ctrl('u')}
	var l keyLog
	for _, k := range typing {
		l = l.add(k)
	}
	if len(l) != len(typing) {
		t.Errorf("typing keys %v take %d bytes, want one each", typing, len(l))
	}
}
