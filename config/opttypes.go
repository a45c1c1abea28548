package config

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// option is one scalar configuration key: its name, documentation,
// default, conversion from a decoded TOML value and validation. The table
// of options (options.go) is the single source for Default, Load and the
// generated documentation.
type option interface {
	key() string  // dotted key, e.g. "editor.tabstop"
	help() string // one documentation line
	setDefault(c *Config, env Env)
	// apply converts a decoded TOML value (bool, int64, float64, string,
	// time.Time, []any or map[string]any) and stores it in c. It returns a
	// *typeError when raw has the wrong TOML type and another error when
	// the value is out of range; on error c is unchanged.
	apply(c *Config, raw any, env Env) error
	copyFrom(dst, src *Config)      // dst's value := src's value
	value(c *Config) any            // the value in c (bool, int, int64, string, time.Duration or an enum)
	show(c *Config) string          // the value in c, in TOML syntax
	check(c *Config, env Env) error // nil when c's value is valid
	typeName() string               // for the docs: "boolean", "integer", …
	allowed() string                // for the docs: the valid values
	defaultDoc() string             // for the docs: the default, in TOML syntax
}

// typeError says a key holds a TOML value of the wrong type.
type typeError struct{ want string }

func (e *typeError) Error() string { return "want " + e.want }

// base holds what every option kind shares.
type base[T any] struct {
	name  string
	doc   string
	field func(*Config) *T
}

func (b base[T]) key() string               { return b.name }
func (b base[T]) help() string              { return b.doc }
func (b base[T]) copyFrom(dst, src *Config) { *b.field(dst) = *b.field(src) }
func (b base[T]) value(c *Config) any       { return *b.field(c) }

// boolOpt is a true/false option.
type boolOpt struct {
	base[bool]
	def bool
}

func (o boolOpt) setDefault(c *Config, _ Env) { *o.field(c) = o.def }
func (o boolOpt) show(c *Config) string       { return strconv.FormatBool(*o.field(c)) }
func (o boolOpt) check(*Config, Env) error    { return nil }
func (o boolOpt) typeName() string            { return "boolean" }
func (o boolOpt) allowed() string             { return "`true`, `false`" }
func (o boolOpt) defaultDoc() string          { return "`" + strconv.FormatBool(o.def) + "`" }
func (o boolOpt) apply(c *Config, raw any, _ Env) error {
	v, ok := raw.(bool)
	if !ok {
		return &typeError{"a boolean"}
	}
	*o.field(c) = v
	return nil
}

// noMin and noMax mark an integer option without a lower or an upper
// bound.
const (
	noMin = math.MinInt64
	noMax = math.MaxInt64
)

// intOpt is an integer option with an inclusive range.
type intOpt[T int | int64] struct {
	base[T]
	def      T
	min, max int64 // noMin, noMax: unbounded
}

func (o intOpt[T]) setDefault(c *Config, _ Env) { *o.field(c) = o.def }
func (o intOpt[T]) show(c *Config) string       { return strconv.FormatInt(int64(*o.field(c)), 10) }
func (o intOpt[T]) typeName() string            { return "integer" }
func (o intOpt[T]) defaultDoc() string          { return "`" + strconv.FormatInt(int64(o.def), 10) + "`" }
func (o intOpt[T]) allowed() string {
	switch {
	case o.min == noMin && o.max == noMax:
		return "any"
	case o.max == noMax:
		return fmt.Sprintf("≥ %d", o.min)
	case o.min == noMin:
		return fmt.Sprintf("≤ %d", o.max)
	}
	return fmt.Sprintf("%d to %d", o.min, o.max)
}

func (o intOpt[T]) inRange(v int64) error {
	if v < o.min || v > o.max {
		return errors.New("must be " + o.allowed())
	}
	return nil
}

func (o intOpt[T]) check(c *Config, _ Env) error { return o.inRange(int64(*o.field(c))) }

func (o intOpt[T]) apply(c *Config, raw any, _ Env) error {
	v, ok := raw.(int64)
	if !ok {
		return &typeError{"an integer"}
	}
	if err := o.inRange(v); err != nil {
		return err
	}
	if int64(T(v)) != v { // only possible where int is 32 bits
		return errors.New("too large for this platform")
	}
	*o.field(c) = T(v)
	return nil
}

// enumOpt is a string option with a fixed set of values.
type enumOpt[T ~string] struct {
	base[T]
	def     T
	choices []T
}

func (o enumOpt[T]) setDefault(c *Config, _ Env) { *o.field(c) = o.def }
func (o enumOpt[T]) show(c *Config) string       { return quote(string(*o.field(c))) }
func (o enumOpt[T]) typeName() string            { return "string" }
func (o enumOpt[T]) defaultDoc() string          { return "`" + quote(string(o.def)) + "`" }
func (o enumOpt[T]) allowed() string {
	parts := make([]string, len(o.choices))
	for i, ch := range o.choices {
		parts[i] = "`" + quote(string(ch)) + "`"
	}
	return strings.Join(parts, ", ")
}

func (o enumOpt[T]) valid(v T) error {
	for _, ch := range o.choices {
		if v == ch {
			return nil
		}
	}
	parts := make([]string, len(o.choices))
	for i, ch := range o.choices {
		parts[i] = quote(string(ch))
	}
	if len(parts) == 2 {
		return fmt.Errorf("must be %s or %s", parts[0], parts[1])
	}
	return fmt.Errorf("must be one of %s", strings.Join(parts, ", "))
}

func (o enumOpt[T]) check(c *Config, _ Env) error { return o.valid(*o.field(c)) }

func (o enumOpt[T]) apply(c *Config, raw any, _ Env) error {
	s, ok := raw.(string)
	if !ok {
		return &typeError{"a string"}
	}
	if err := o.valid(T(s)); err != nil {
		return err
	}
	*o.field(c) = T(s)
	return nil
}

// durationOpt is a duration written as a Go duration string ("10s").
type durationOpt struct {
	base[time.Duration]
	def time.Duration
	min time.Duration
}

func (o durationOpt) setDefault(c *Config, _ Env) { *o.field(c) = o.def }
func (o durationOpt) show(c *Config) string       { return quote(o.field(c).String()) }
func (o durationOpt) typeName() string            { return "duration string" }
func (o durationOpt) defaultDoc() string          { return "`" + quote(o.def.String()) + "`" }
func (o durationOpt) allowed() string             { return "≥ " + o.min.String() }

func (o durationOpt) inRange(d time.Duration) error {
	if d < o.min {
		return errors.New("must be ≥ " + o.min.String())
	}
	return nil
}

func (o durationOpt) check(c *Config, _ Env) error { return o.inRange(*o.field(c)) }

func (o durationOpt) apply(c *Config, raw any, _ Env) error {
	s, ok := raw.(string)
	if !ok {
		return &typeError{`a duration string like "10s"`}
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New(`not a duration; write it like "10s", "1m30s" or "500ms"`)
	}
	if err := o.inRange(d); err != nil {
		return err
	}
	*o.field(c) = d
	return nil
}

// dirOpt is a directory path whose default comes from the environment.
type dirOpt struct {
	base[string]
	def    func(Env) (string, error)
	defDoc string
}

func (o dirOpt) setDefault(c *Config, env Env) {
	d, err := o.def(env)
	if err != nil {
		d = ""
	}
	*o.field(c) = d
}

func (o dirOpt) show(c *Config) string { return quote(*o.field(c)) }
func (o dirOpt) typeName() string      { return "path" }
func (o dirOpt) defaultDoc() string    { return o.defDoc }
func (o dirOpt) allowed() string       { return "absolute path; `~/`, `$VAR` and `${VAR}` are expanded" }

func (o dirOpt) check(c *Config, env Env) error {
	p := *o.field(c)
	if p == "" {
		if _, err := o.def(env); err != nil {
			return nil // the documented "no default available" state
		}
		return errors.New("empty although a default exists")
	}
	if !filepath.IsAbs(p) || filepath.Clean(p) != p {
		return errors.New("not a clean absolute path")
	}
	return nil
}

func (o dirOpt) apply(c *Config, raw any, env Env) error {
	s, ok := raw.(string)
	if !ok {
		return &typeError{"a string"}
	}
	p, err := expandPath(s, env)
	if err != nil {
		return err
	}
	*o.field(c) = p
	return nil
}

// nameOpt is a string option that names something (a colour scheme):
// letters, digits, '-', '_' and '.', at most 64 bytes. Whether the name
// exists is checked where the names are known (the editor).
type nameOpt struct {
	base[string]
	def string
}

func (o nameOpt) setDefault(c *Config, _ Env) { *o.field(c) = o.def }
func (o nameOpt) show(c *Config) string       { return quote(*o.field(c)) }
func (o nameOpt) typeName() string            { return "string" }
func (o nameOpt) defaultDoc() string          { return "`" + quote(o.def) + "`" }
func (o nameOpt) allowed() string             { return "a name: letters, digits, `-`, `_`, `.`" }
func (o nameOpt) check(c *Config, _ Env) error {
	return validName(*o.field(c))
}

func (o nameOpt) apply(c *Config, raw any, _ Env) error {
	s, ok := raw.(string)
	if !ok {
		return &typeError{"a string"}
	}
	if err := validName(s); err != nil {
		return err
	}
	*o.field(c) = s
	return nil
}

// validName checks the value of a nameOpt.
func validName(s string) error {
	if s == "" || len(s) > 64 {
		return errors.New("must be a name of 1 to 64 characters")
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return fmt.Errorf("must be a name (letters, digits, '-', '_', '.'), not %s", quote(s))
		}
	}
	return nil
}
