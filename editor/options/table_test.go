package options

import (
	"errors"
	"reflect"
	"testing"
)

// TestTable checks the table itself: unique names, one accessor of the
// option's kind, exactly one option per field of Values, defaults and
// fallbacks within the limits.
func TestTable(t *testing.T) {
	var v Values
	fields := map[uintptr]string{}
	rv := reflect.ValueOf(&v).Elem()
	for i := 0; i < rv.NumField(); i++ {
		fields[rv.Field(i).Addr().Pointer()] = rv.Type().Field(i).Name
	}
	names := map[string]bool{}
	configs := map[string]bool{}
	def := Defaults()
	for i := range Table() {
		d := &Table()[i]
		for _, n := range []string{d.Name, d.Short} {
			if n != "" && names[n] {
				t.Errorf("%s: name %q used twice", d.Name, n)
			}
			names[n] = true
		}
		if d.Config != "" {
			if configs[d.Config] {
				t.Errorf("%s: config key %s used twice", d.Name, d.Config)
			}
			configs[d.Config] = true
		}
		if d.Doc == "" {
			t.Errorf("%s: no doc", d.Name)
		}
		var p any
		switch {
		case d.Kind == Bool && d.Bool != nil && d.Int == nil && d.Str == nil:
			p = d.Bool(&v)
		case d.Kind == Number && d.Int != nil && d.Bool == nil && d.Str == nil:
			p = d.Int(&v)
			if n := *d.Int(&def); d.CheckNumber(n) != nil {
				t.Errorf("%s: default %d outside its limits", d.Name, n)
			}
			for _, bad := range []int{d.Min - 1, d.Max + 1} {
				if fix := d.FixNumber(&def, bad); (d.Min != NoMin && bad == d.Min-1 || d.Max != NoMax && bad == d.Max+1) && d.CheckNumber(fix) != nil {
					t.Errorf("%s: fallback %d after %d is outside the limits", d.Name, fix, bad)
				}
			}
		case d.Kind == String && d.Str != nil && d.Bool == nil && d.Int == nil:
			p = d.Str(&v)
			if d.CheckString(*d.Str(&def)) != nil {
				t.Errorf("%s: default %q not a choice", d.Name, *d.Str(&def))
			}
		default:
			t.Errorf("%s: accessors do not match its kind", d.Name)
			continue
		}
		ptr := reflect.ValueOf(p).Pointer()
		if _, ok := fields[ptr]; !ok {
			t.Errorf("%s: its field is another option's or not a field of Values", d.Name)
		}
		delete(fields, ptr)
		if Lookup(d.Name) != d || d.Short != "" && Lookup(d.Short) != d || d.Config != "" && ByConfig(d.Config) != d {
			t.Errorf("%s: Lookup or ByConfig does not find it", d.Name)
		}
	}
	for _, name := range fields {
		if !commandState[name] {
			t.Errorf("field %s of Values has no option", name)
		}
	}
	if Lookup("") != nil || Lookup("nosuch") != nil || ByConfig("") != nil {
		t.Error("Lookup found an option that does not exist")
	}
}

// commandState are the fields of Values that hold the state of a Vim
// command rather than an option (:syntax, :colorscheme): :set does not
// know them, so the table has no entry for them.
var commandState = map[string]bool{"Syntax": true, "ColorScheme": true}

// TestLimits pins Vim 9.0's checks and fallbacks (editor's
// TestVimSetNumberLimits compares them with the real Vim).
func TestLimits(t *testing.T) {
	v := Defaults()
	v.TabStop = 4
	cases := []struct {
		name     string
		n        int
		err      error
		fallback int
	}{
		{"tabstop", 0, ErrNotPositive, 8},
		{"tabstop", 10000, ErrInvalid, 8},
		{"tabstop", 9999, nil, 0},
		{"shiftwidth", -1, ErrNotPositive, 4}, // the tabstop
		{"scrolloff", -1, ErrNotPositive, 0},
		{"history", 10001, ErrInvalid, 10000},
		{"history", -3, ErrNotPositive, 0},
		{"report", -1, ErrNotPositive, 1},
		{"timeoutlen", -1, ErrNotPositive, 0},
		{"undolevels", -100, nil, 0},
		{"softtabstop", -7, nil, 0},
	}
	for _, c := range cases {
		d := Lookup(c.name)
		if err := d.CheckNumber(c.n); !errors.Is(err, c.err) {
			t.Errorf("%s=%d: %v, want %v", c.name, c.n, err, c.err)
		}
		if c.err != nil {
			if got := d.FixNumber(&v, c.n); got != c.fallback {
				t.Errorf("%s=%d: fallback %d, want %d", c.name, c.n, got, c.fallback)
			}
		}
	}
	if err := Lookup("ff").CheckString("mac"); !errors.Is(err, ErrInvalid) {
		t.Errorf("ff=mac: %v", err)
	}
}

// TestGetSetShow: values go in and out by the option's type, and :set
// shows them as Vim does.
func TestGetSetShow(t *testing.T) {
	v := Defaults()
	for _, c := range []struct {
		name string
		x    any
		show string
	}{
		{"ts", 4, "  tabstop=4"},
		{"nu", true, "  number"},
		{"et", false, "noexpandtab"},
		{"ff", "dos", "  fileformat=dos"},
	} {
		d := Lookup(c.name)
		if err := d.Set(&v, c.x); err != nil {
			t.Fatal(err)
		}
		if got := d.Get(&v); got != c.x || d.Show(got) != c.show {
			t.Errorf("%s: got %v shown %q", c.name, got, d.Show(got))
		}
	}
	if err := Lookup("ts").Set(&v, "4"); err == nil {
		t.Error("Set accepted a string for a number")
	}
	w := Defaults()
	if d := Lookup("ts"); d.Equal(&v, &w) {
		t.Error("Equal after a change")
	} else if d.Copy(&w, &v); !d.Equal(&v, &w) {
		t.Error("not Equal after Copy")
	}
	if w.EffectiveShiftWidth() != 8 {
		t.Errorf("shiftwidth 8: %d", w.EffectiveShiftWidth())
	}
	w.ShiftWidth = 0
	if w.EffectiveShiftWidth() != w.TabStop {
		t.Errorf("shiftwidth 0: %d, want tabstop %d", w.EffectiveShiftWidth(), w.TabStop)
	}
}
