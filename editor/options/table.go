package options

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Kind is an option's value type.
type Kind uint8

// The kinds.
const (
	Bool Kind = iota
	Number
	String
)

// NoLimit is Min or Max of a number option without that limit.
const (
	NoMin = math.MinInt
	NoMax = math.MaxInt
)

// The errors Vim gives for a number out of its option's range.
var (
	ErrNotPositive = errors.New("E487: Argument must be positive")
	ErrInvalid     = errors.New("E474: Invalid argument")
)

// Def describes one option. Exactly one of Bool, Int and Str is set,
// matching Kind.
type Def struct {
	Name  string // Vim's name, "tabstop"
	Short string // Vim's short name, "ts" ("" when it has none)
	Kind  Kind
	// Config is the key of the option in the configuration file
	// ("editor.tabstop"), or "" when the file cannot set it.
	Config string
	// Doc is the option's one-line description in docs/config.md.
	Doc string

	// Min and Max are a number option's inclusive limits (NoMin, NoMax
	// when it has none), as Vim checks them. A value below Min is
	// rejected with ErrNotPositive, above Max with ErrInvalid, and Vim
	// then sets the option to the value Fix returns.
	Min, Max int
	// Fix is the value Vim gives a number option after rejecting a value
	// (nil: the option's default).
	Fix func(v *Values, rejected int) int
	// Choices are the values a string option may take (nil: any).
	Choices []string
	// Check, when not nil, validates a string option's value further
	// (a Vim E-message error).
	Check func(string) error

	Bool func(*Values) *bool
	Int  func(*Values) *int
	Str  func(*Values) *string
}

// Table returns every option, in the order :set all lists them. The
// slice is shared: do not modify it.
func Table() []Def { return table }

// Lookup returns the option with the long or short name name, or nil.
func Lookup(name string) *Def {
	if name == "" {
		return nil
	}
	for i := range table {
		if d := &table[i]; d.Name == name || d.Short == name {
			return d
		}
	}
	return nil
}

// ByConfig returns the option set by configuration key key, or nil.
func ByConfig(key string) *Def {
	if key == "" {
		return nil
	}
	for i := range table {
		if d := &table[i]; d.Config == key {
			return d
		}
	}
	return nil
}

// CheckNumber reports whether n is within d's limits: nil, or Vim's
// error for it.
func (d *Def) CheckNumber(n int) error {
	switch {
	case n < d.Min:
		return ErrNotPositive
	case n > d.Max:
		return ErrInvalid
	}
	return nil
}

// FixNumber is the value Vim gives d after rejecting n.
func (d *Def) FixNumber(v *Values, n int) int {
	if d.Fix != nil {
		return d.Fix(v, n)
	}
	def := Defaults()
	return *d.Int(&def)
}

// CheckString reports whether s is one of d's choices and passes its
// Check: nil, or ErrInvalid (or Check's error).
func (d *Def) CheckString(s string) error {
	if d.Choices != nil && !slices.Contains(d.Choices, s) {
		return ErrInvalid
	}
	if d.Check != nil {
		return d.Check(s)
	}
	return nil
}

// Get returns d's value in v: a bool, an int or a string.
func (d *Def) Get(v *Values) any {
	switch d.Kind {
	case Bool:
		return *d.Bool(v)
	case Number:
		return *d.Int(v)
	}
	return *d.Str(v)
}

// Set sets d's value in v to x, which must be of d's type (bool, int or
// string), as Get returns it.
func (d *Def) Set(v *Values, x any) error {
	ok := false
	switch d.Kind {
	case Bool:
		var b bool
		if b, ok = x.(bool); ok {
			*d.Bool(v) = b
		}
	case Number:
		var n int
		if n, ok = x.(int); ok {
			*d.Int(v) = n
		}
	case String:
		var s string
		if s, ok = x.(string); ok {
			*d.Str(v) = s
		}
	}
	if !ok {
		return fmt.Errorf("options: %s: value %v (%T) of the wrong type", d.Name, x, x)
	}
	return nil
}

// Equal reports whether d has the same value in a and b.
func (d *Def) Equal(a, b *Values) bool { return d.Get(a) == d.Get(b) }

// Copy sets d's value in dst to its value in src.
func (d *Def) Copy(dst, src *Values) {
	switch d.Kind {
	case Bool:
		*d.Bool(dst) = *d.Bool(src)
	case Number:
		*d.Int(dst) = *d.Int(src)
	default:
		*d.Str(dst) = *d.Str(src)
	}
}

// Show is how :set shows d with value x (as Get returns it):
// "  tabstop=8", "  number", "nonumber", "  fileformat=unix".
func (d *Def) Show(x any) string {
	switch x := x.(type) {
	case bool:
		if x {
			return "  " + d.Name
		}
		return "no" + d.Name
	case int:
		return "  " + d.Name + "=" + strconv.Itoa(x)
	}
	return fmt.Sprintf("  %s=%v", d.Name, x)
}
