package ui

import "fmt"

// Color is a terminal colour: the terminal's default, one of the 256
// palette entries, or a 24-bit RGB value. The zero Color is the default.
type Color uint32

const (
	colorPalette Color = 1 << 24
	colorRGB     Color = 2 << 24
	colorKind    Color = 3 << 24
)

// ColorDefault is the terminal's own foreground or background colour.
const ColorDefault Color = 0

// The eight basic ANSI colours, as palette entries.
var (
	Black   = Palette(0)
	Red     = Palette(1)
	Green   = Palette(2)
	Yellow  = Palette(3)
	Blue    = Palette(4)
	Magenta = Palette(5)
	Cyan    = Palette(6)
	White   = Palette(7)
)

// Palette returns palette colour i (0..255).
func Palette(i uint8) Color { return colorPalette | Color(i) }

// RGB returns the 24-bit colour r, g, b.
func RGB(r, g, b uint8) Color {
	return colorRGB | Color(r)<<16 | Color(g)<<8 | Color(b)
}

// IsDefault reports whether c is the terminal's default colour.
func (c Color) IsDefault() bool { return c&colorKind == 0 }

// PaletteIndex returns the palette index of c and whether c is a palette
// colour.
func (c Color) PaletteIndex() (uint8, bool) {
	return uint8(c), c&colorKind == colorPalette
}

// RGBValues returns the components of c and whether c is an RGB colour.
func (c Color) RGBValues() (r, g, b uint8, ok bool) {
	return uint8(c >> 16), uint8(c >> 8), uint8(c), c&colorKind == colorRGB
}

// String names c: "default", "p3" for palette entry 3, "#rrggbb".
func (c Color) String() string {
	if i, ok := c.PaletteIndex(); ok {
		return fmt.Sprintf("p%d", i)
	}
	if r, g, b, ok := c.RGBValues(); ok {
		return fmt.Sprintf("#%02x%02x%02x", r, g, b)
	}
	return "default"
}

// Attr is a set of text attributes.
type Attr uint8

// The attributes.
const (
	AttrBold Attr = 1 << iota
	AttrUnderline
	AttrReverse
	AttrItalic
	AttrDim
)

// String lists the attributes, e.g. "bold|reverse"; "" for none.
func (a Attr) String() string {
	names := [...]string{"bold", "underline", "reverse", "italic", "dim"}
	s := ""
	for i, n := range names {
		if a&(1<<i) != 0 {
			if s != "" {
				s += "|"
			}
			s += n
		}
	}
	return s
}

// Style is how a cell is drawn. Styles are small comparable values.
type Style struct {
	Fg, Bg Color
	Attr   Attr
}

// String describes s for golden files: "fg=p3 bg=default bold".
func (s Style) String() string {
	out := "fg=" + s.Fg.String() + " bg=" + s.Bg.String()
	if s.Attr != 0 {
		out += " " + s.Attr.String()
	}
	return out
}

// Theme holds the style of each element the UI draws, in Vim's
// highlight-group names where Vim has one.
type Theme struct {
	Normal       Style // text
	NonText      Style // '~' after the end of the buffer, '@', '>' and wrap markers
	SpecialKey   Style // escaped bytes: ^X, <xx>, <202e>, list-mode tabs
	LineNr       Style // line numbers
	CursorLineNr Style // the cursor line's number with 'relativenumber'
	StatusLine   Style // the status line
	Visual       Style // the visual selection
	Search       Style // 'hlsearch' matches
	IncSearch    Style // the 'incsearch' match
	ModeMsg      Style // "-- INSERT --"
	ErrorMsg     Style // error messages
	MoreMsg      Style // informational messages that need attention
	Panel        Style // the undo-tree panel background and text
	PanelBorder  Style // the separator between the panel and the text
	PanelCurrent Style // the current state's row
	PanelSel     Style // the selected row
	PanelDim     Style // secondary text in the panel (ages, sizes)
	PanelSaved   Style // saved-state markers
	// PanelCurrentMark is the current state's marker ('@').
	PanelCurrentMark Style
	PanelLabel       Style // labels
	Graph            Style // branch lanes
	DiffAdd          Style // added lines in the diff pane
	DiffDelete       Style // deleted lines in the diff pane
	DiffHunk         Style // hunk headers
	// DiffAddWord and DiffDeleteWord mark the changed words within a
	// changed line.
	DiffAddWord    Style
	DiffDeleteWord Style
	// Tokens colour syntax tokens (nil: none); see scheme.go.
	Tokens *TokenStyles
}

// roles returns pointers to every role's style, for changes made to all
// of them (scheme.go).
func (th *Theme) roles() []*Style {
	return []*Style{&th.Normal, &th.NonText, &th.SpecialKey, &th.LineNr, &th.CursorLineNr, &th.StatusLine,
		&th.Visual, &th.Search, &th.IncSearch, &th.ModeMsg, &th.ErrorMsg, &th.MoreMsg, &th.Panel,
		&th.PanelBorder, &th.PanelCurrent, &th.PanelSel, &th.PanelDim, &th.PanelSaved, &th.PanelCurrentMark, &th.PanelLabel,
		&th.Graph, &th.DiffAdd, &th.DiffDelete, &th.DiffHunk, &th.DiffAddWord, &th.DiffDeleteWord}
}

// DefaultTheme returns the "dark" scheme's theme: it reads well on
// 8-colour terminals, close to Vim's defaults on a dark background, with
// syntax tokens in the 16 colours.
func DefaultTheme() Theme {
	return Theme{
		NonText:          Style{Fg: Blue, Attr: AttrBold},
		SpecialKey:       Style{Fg: Cyan},
		LineNr:           Style{Fg: Yellow},
		CursorLineNr:     Style{Fg: Yellow, Attr: AttrBold},
		StatusLine:       Style{Attr: AttrReverse | AttrBold},
		Visual:           Style{Attr: AttrReverse},
		Search:           Style{Fg: Black, Bg: Yellow},
		IncSearch:        Style{Attr: AttrReverse | AttrBold},
		ModeMsg:          Style{Attr: AttrBold},
		ErrorMsg:         Style{Fg: White, Bg: Red},
		MoreMsg:          Style{Fg: Green, Attr: AttrBold},
		PanelBorder:      Style{Attr: AttrReverse},
		PanelCurrent:     Style{Attr: AttrBold},
		PanelSel:         Style{Attr: AttrReverse},
		PanelDim:         Style{Fg: Cyan},
		PanelSaved:       Style{Fg: Green, Attr: AttrBold},
		PanelCurrentMark: Style{Fg: Yellow, Attr: AttrBold},
		PanelLabel:       Style{Fg: Magenta, Attr: AttrBold},
		Graph:            Style{Fg: Blue},
		DiffAdd:          Style{Fg: Green},
		DiffDelete:       Style{Fg: Red},
		DiffHunk:         Style{Fg: Magenta},
		DiffAddWord:      Style{Fg: Black, Bg: Green},
		DiffDeleteWord:   Style{Fg: Black, Bg: Red},
		Tokens:           darkTokens.tokens(),
	}
}
