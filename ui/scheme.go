package ui

import (
	"slices"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/styles"
)

// Colour schemes: the one place that maps what the UI draws (Theme's
// roles) and the token types of syntax highlighting to styles.
//
// kjx's own schemes, "dark" and "light", use the terminal's 16 colours
// only, so they follow the colours the user gave the terminal;
// "default" is one of them, chosen like Vim's 'background' from
// $COLORFGBG. Every chroma style is a scheme too (":colorscheme
// monokai"): its RGB colours are drawn as they are on a truecolor
// terminal and as the nearest of the 256 palette colours otherwise.

// Built-in scheme names.
const (
	SchemeDefault = "default"
	SchemeDark    = "dark"
	SchemeLight   = "light"
)

// SchemeNames returns the names :colorscheme accepts, sorted: kjx's own
// and chroma's styles.
func SchemeNames() []string {
	names := append([]string{SchemeDefault, SchemeDark, SchemeLight}, styles.Names()...)
	slices.Sort(names)
	return slices.Compact(names)
}

// ColorEnv is what the choice of colours depends on besides the scheme.
type ColorEnv struct {
	// NoColor draws without colours (NO_COLOR, TERM=dumb): attributes
	// such as reverse and bold only.
	NoColor bool
	// TrueColor says the terminal takes 24-bit colours.
	TrueColor bool
	// LightBackground picks "light" for "default" ($COLORFGBG).
	LightBackground bool
}

// ColorEnvFrom reads the environment: NO_COLOR set to anything non-empty
// or TERM=dumb turn colours off; COLORFGBG with a light background colour
// (7 or 15) makes "default" the light scheme. trueColor is what the
// terminal says (tcell's Colors()).
func ColorEnvFrom(getenv func(string) string, trueColor bool) ColorEnv {
	return ColorEnv{
		NoColor:         getenv("NO_COLOR") != "" || getenv("TERM") == "dumb",
		TrueColor:       trueColor,
		LightBackground: lightColorFGBG(getenv("COLORFGBG")),
	}
}

// lightColorFGBG reports whether $COLORFGBG ("fg;bg" or "fg;x;bg") names a
// light background, as Vim reads it.
func lightColorFGBG(v string) bool {
	i := len(v) - 1
	for i >= 0 && v[i] != ';' {
		i--
	}
	if i < 0 {
		return false
	}
	bg := v[i+1:]
	return bg == "7" || bg == "15"
}

// SchemeTheme returns the theme of scheme name in env; ok is false for
// an unknown name (the theme is then the default one).
func SchemeTheme(name string, env ColorEnv) (th Theme, ok bool) {
	ok = true
	switch name {
	case SchemeDefault, "":
		if env.LightBackground {
			th = LightTheme()
		} else {
			th = DefaultTheme()
		}
	case SchemeDark:
		th = DefaultTheme()
	case SchemeLight:
		th = LightTheme()
	default:
		st, found := styles.Registry[name]
		if !found {
			ok = false
			th = DefaultTheme()
			break
		}
		th = chromaTheme(st, env.TrueColor)
	}
	if env.NoColor {
		th = monochrome(th)
	}
	return th, ok
}

// TokenStyles are the styles of syntax token types. The zero value
// colours nothing.
type TokenStyles struct {
	byType map[chroma.TokenType]Style
}

// Style returns the style of token type t: its own, else its
// sub-category's, else its category's, else base.
func (ts *TokenStyles) Style(t chroma.TokenType, base Style) Style {
	if ts == nil || ts.byType == nil {
		return base
	}
	for _, k := range [...]chroma.TokenType{t, t.SubCategory(), t.Category()} {
		if st, ok := ts.byType[k]; ok {
			return st
		}
	}
	return base
}

// sixteen is a 16-colour token scheme in the manner of Vim's default
// colours: the groups Comment, Constant, Special, Identifier, Statement,
// PreProc, Type and Title.
type sixteen struct {
	comment, constant, special, identifier, statement, preproc, typ, title, added, removed Style
}

func (c sixteen) tokens() *TokenStyles {
	m := map[chroma.TokenType]Style{
		chroma.Comment: c.comment, chroma.CommentPreproc: c.preproc, chroma.CommentPreprocFile: c.constant,
		chroma.Keyword: c.statement, chroma.KeywordType: c.typ, chroma.KeywordConstant: c.constant,
		chroma.OperatorWord: c.statement,
		chroma.Literal:      c.constant, chroma.LiteralStringEscape: c.special, chroma.LiteralStringInterpol: c.special,
		chroma.NameFunction: c.identifier, chroma.NameBuiltin: c.identifier, chroma.NameClass: c.typ,
		chroma.NameDecorator: c.preproc, chroma.NameTag: c.statement, chroma.NameAttribute: c.typ,
		chroma.NameException: c.typ, chroma.NameLabel: c.statement, chroma.NameEntity: c.special,
		chroma.GenericHeading: c.title, chroma.GenericSubheading: c.title,
		chroma.GenericInserted: c.added, chroma.GenericDeleted: c.removed,
		chroma.GenericEmph: {Attr: AttrItalic}, chroma.GenericStrong: {Attr: AttrBold},
		chroma.GenericUnderline: {Attr: AttrUnderline}, chroma.GenericPrompt: c.statement,
	}
	return &TokenStyles{byType: m}
}

// darkTokens are Vim's default colours on a dark background, in the 16
// colours (bright variants 8–15).
var darkTokens = sixteen{
	comment: Style{Fg: Palette(14)}, constant: Style{Fg: Palette(13)}, special: Style{Fg: Palette(9)},
	identifier: Style{Fg: Palette(14)}, statement: Style{Fg: Palette(11)}, preproc: Style{Fg: Palette(12)},
	typ: Style{Fg: Palette(10)}, title: Style{Fg: Palette(13), Attr: AttrBold},
	added: Style{Fg: Green}, removed: Style{Fg: Red},
}

// lightTokens are Vim's default colours on a light background.
var lightTokens = sixteen{
	comment: Style{Fg: Blue}, constant: Style{Fg: Red}, special: Style{Fg: Magenta},
	identifier: Style{Fg: Cyan}, statement: Style{Fg: Yellow, Attr: AttrBold}, preproc: Style{Fg: Magenta},
	typ: Style{Fg: Green}, title: Style{Fg: Magenta, Attr: AttrBold},
	added: Style{Fg: Green}, removed: Style{Fg: Red},
}

// LightTheme is the default theme for a light terminal background.
func LightTheme() Theme {
	th := DefaultTheme()
	th.Tokens = lightTokens.tokens()
	th.LineNr = Style{Fg: Palette(3)}
	th.CursorLineNr = Style{Fg: Palette(3), Attr: AttrBold}
	th.Search = Style{Bg: Yellow}
	th.PanelDim = Style{Fg: Blue}
	th.PanelCurrentMark = Style{Fg: Magenta, Attr: AttrBold}
	th.Graph = Style{Fg: Blue}
	th.DiffAddWord = Style{Fg: Black, Bg: Palette(10)}
	th.DiffDeleteWord = Style{Fg: Black, Bg: Palette(9)}
	return th
}

// chromaTheme is a theme from a chroma style: the text, line numbers and
// tokens in the style's colours; the other roles as in the dark or light
// theme, whichever the style's background is, over its background.
func chromaTheme(st *chroma.Style, trueColor bool) Theme {
	bgEntry := st.Get(chroma.Background)
	var th Theme
	if bgEntry.Background.IsSet() && bgEntry.Background.Brightness() > 0.5 {
		th = LightTheme()
	} else {
		th = DefaultTheme()
	}
	conv := func(c chroma.Colour) Color {
		if !c.IsSet() {
			return ColorDefault
		}
		if trueColor {
			return RGB(c.Red(), c.Green(), c.Blue())
		}
		return Palette(rgbTo256(c.Red(), c.Green(), c.Blue()))
	}
	entry := func(e chroma.StyleEntry, base Style) Style {
		s := Style{Fg: conv(e.Colour), Bg: conv(e.Background)}
		if s.Bg == base.Bg {
			s.Bg = ColorDefault
		}
		if e.Bold == chroma.Yes {
			s.Attr |= AttrBold
		}
		if e.Italic == chroma.Yes {
			s.Attr |= AttrItalic
		}
		if e.Underline == chroma.Yes {
			s.Attr |= AttrUnderline
		}
		return s
	}
	normal := Style{Fg: conv(bgEntry.Colour), Bg: conv(bgEntry.Background)}
	th.Normal = normal
	ln := entry(st.Get(chroma.LineNumbers), Style{})
	th.LineNr = Style{Fg: ln.Fg}
	th.CursorLineNr = Style{Fg: ln.Fg, Attr: AttrBold}
	tokens := map[chroma.TokenType]Style{}
	for _, t := range st.Types() {
		if t < 0 || t == chroma.Error {
			continue // meta types; unlexable input stays plain
		}
		s := entry(st.Get(t), normal)
		tokens[t] = s
	}
	th.Tokens = &TokenStyles{byType: tokens}
	return withBackground(th, normal.Bg)
}

// withBackground gives every role without a background of its own (and
// not reversed) the background bg, so that a scheme's background covers
// the whole screen.
func withBackground(th Theme, bg Color) Theme {
	if bg.IsDefault() {
		return th
	}
	for _, p := range th.roles() {
		if p.Bg.IsDefault() && p.Attr&AttrReverse == 0 {
			p.Bg = bg
		}
	}
	if th.Tokens != nil {
		for t, s := range th.Tokens.byType {
			if s.Bg.IsDefault() {
				s.Bg = bg
				th.Tokens.byType[t] = s
			}
		}
	}
	return th
}

// monochrome removes every colour; a role that was shown by its
// background alone is shown reversed instead.
func monochrome(th Theme) Theme {
	for _, p := range th.roles() {
		if !p.Bg.IsDefault() && p.Attr&AttrReverse == 0 && p != &th.Normal {
			p.Attr |= AttrReverse
		}
		p.Fg, p.Bg = ColorDefault, ColorDefault
	}
	th.Tokens = nil
	return th
}

// rgbTo256 returns the xterm palette entry nearest to r, g, b: a colour of
// the 6×6×6 cube or a grey.
func rgbTo256(r, g, b uint8) uint8 {
	level := func(v uint8) int {
		if v < 48 {
			return 0
		}
		if v < 115 {
			return 1
		}
		return int((v - 35) / 40)
	}
	steps := [6]int{0, 95, 135, 175, 215, 255}
	ri, gi, bi := level(r), level(g), level(b)
	cube := 16 + 36*ri + 6*gi + bi
	avg := (int(r) + int(g) + int(b)) / 3
	grey := 0
	if avg > 238 {
		grey = 23
	} else if avg > 3 {
		grey = (avg - 3) / 10
	}
	gv := 8 + 10*grey
	dist := func(x, y, z int) int {
		return (x-int(r))*(x-int(r)) + (y-int(g))*(y-int(g)) + (z-int(b))*(z-int(b))
	}
	if dist(gv, gv, gv) < dist(steps[ri], steps[gi], steps[bi]) {
		return uint8(232 + grey)
	}
	return uint8(cube)
}
