package options

// Values holds a value for every option of Table. The zero value is not
// useful: start from Defaults.
type Values struct {
	TabStop        int    // 'tabstop'
	ShiftWidth     int    // 'shiftwidth' (0: use tabstop)
	SoftTabStop    int    // 'softtabstop'
	ExpandTab      bool   // 'expandtab'
	AutoIndent     bool   // 'autoindent'
	ShiftRound     bool   // 'shiftround'
	IgnoreCase     bool   // 'ignorecase'
	SmartCase      bool   // 'smartcase'
	HLSearch       bool   // 'hlsearch'
	IncSearch      bool   // 'incsearch'
	WrapScan       bool   // 'wrapscan'
	Wrap           bool   // 'wrap'
	List           bool   // 'list'
	Number         bool   // 'number'
	RelativeNumber bool   // 'relativenumber'
	UndoFile       bool   // 'undofile' (kjx default on; editor.Config.Clean turns it off)
	UndoLevels     int    // 'undolevels'
	UndoDir        string // 'undodir' ("" = the XDG default)
	FileFormat     string // 'fileformat' for new buffers: "unix" or "dos"
	FixEndOfLine   bool   // 'fixendofline' (kjx default off: files stay byte-exact)
	Backspace      string // 'backspace'
	ScrollOff      int    // 'scrolloff'
	SideScrollOff  int    // 'sidescrolloff'
	NrFormats      string // 'nrformats'
	Report         int    // 'report'
	StartOfLine    bool   // 'startofline'
	Magic          bool   // 'magic'
	Gdefault       bool   // 'gdefault'
	JoinSpaces     bool   // 'joinspaces'
	TildeOp        bool   // 'tildeop'
	History        int    // 'history'
	TimeoutLen     int    // 'timeoutlen': ms to wait for the rest of a mapping
	FileType       string // 'filetype' of new buffers (buffer-local; detected on open)
	TextWidth      int    // 'textwidth': gq and typed text break lines past it (0: off)
	SmartIndent    bool   // 'smartindent'
	Hidden         bool   // 'hidden'
	EndOfLine      bool   // 'endofline' of new buffers (buffer-local; read from the file)
	Bomb           bool   // 'bomb' of new buffers (buffer-local; read from the file)

	// Syntax is :syntax on/off (Vim's g:syntax_on; not a :set option, so
	// not in the table).
	Syntax bool
	// ColorScheme is the :colorscheme name (Vim's g:colors_name; not a
	// :set option, so not in the table).
	ColorScheme string
}

// Defaults returns Vim's defaults as `vim --clean` has them (which
// include defaults.vim: backspace, scrolloff, nrformats, incsearch,
// history), except that 'fixendofline' is off and 'undofile' is on
// (persistent undo is kjx's default). :set name& goes back to these.
func Defaults() Values {
	return Values{
		TabStop:      8,
		ShiftWidth:   8,
		IncSearch:    true,
		WrapScan:     true,
		Wrap:         true,
		UndoLevels:   1000,
		UndoFile:     true,
		FileFormat:   "unix",
		Backspace:    "indent,eol,start",
		ScrollOff:    5,
		NrFormats:    "bin,hex",
		Report:       2,
		StartOfLine:  true,
		Magic:        true,
		History:      200,
		TimeoutLen:   1000,
		FixEndOfLine: false,
		EndOfLine:    true,
		JoinSpaces:   true,
		Syntax:       true,
		ColorScheme:  "default",
	}
}

// ConfigDefaults returns the values a configuration file starts from:
// Defaults, except 'scrolloff' 0 (Vim's own default; a user with a vimrc
// does not get defaults.vim's 5 either).
func ConfigDefaults() Values {
	v := Defaults()
	v.ScrollOff = 0
	return v
}

// EffectiveShiftWidth is the 'shiftwidth' in use: its value, or
// 'tabstop' when it is 0.
func (v *Values) EffectiveShiftWidth() int {
	if v.ShiftWidth > 0 {
		return v.ShiftWidth
	}
	return v.TabStop
}
