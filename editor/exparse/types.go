package exparse

// AddrKind says what an address names.
type AddrKind uint8

const (
	// AddrNumber is an absolute line number N (Addr.Number).
	AddrNumber AddrKind = iota
	// AddrCurrent is ".", the cursor line. A leading "+N"/"-N" and a missing
	// address (",5", "5;") are also AddrCurrent.
	AddrCurrent
	// AddrLast is "$", the last line.
	AddrLast
	// AddrMark is 'x: the line of mark Addr.Mark (any byte; the editor
	// decides whether the mark exists, "E20: Mark not set").
	AddrMark
	// AddrSearch is /pat/: the next line after the start line that matches
	// Addr.Pattern ("" = the last used search pattern), wrapping per 'wrapscan'.
	AddrSearch
	// AddrSearchBack is ?pat?: the previous line before the start line that
	// matches Addr.Pattern.
	AddrSearchBack
	// AddrPrevSearch is \/, \? or \& (Addr.Mark holds '/', '?' or '&'): the
	// next (\/, \&) or previous (\?) line matching the last search pattern
	// (\/ \?) or the last substitute pattern (\&).
	AddrPrevSearch
)

// String returns a short name of the kind, for tests and messages.
func (k AddrKind) String() string {
	switch k {
	case AddrNumber:
		return "number"
	case AddrCurrent:
		return "current"
	case AddrLast:
		return "last"
	case AddrMark:
		return "mark"
	case AddrSearch:
		return "search"
	case AddrSearchBack:
		return "search-back"
	case AddrPrevSearch:
		return "prev-search"
	}
	return "?"
}

// Addr is one line address of a range.
//
// Evaluation (the editor's job): resolve the base (Kind, Number, Mark,
// Pattern) against the start line, add Offset, then resolve each element of
// Then in turn starting from the line reached so far (Vim's "/pat1//pat2/"
// and "5/pat/": a search that follows another address starts at the line
// reached so far when that is above 0, clamped to the last line, else at
// the cursor line), adding its Offset. Searches start from the start line:
// a forward search begins at the end of that line, a backward one at its
// start, so the start line itself matches only after wrapping around; from
// line 0 ("0;/pat/") a forward search can match line 1.
type Addr struct {
	Kind    AddrKind
	Number  int    // AddrNumber: the line number (0 allowed: "0put")
	Mark    byte   // AddrMark: the mark name; AddrPrevSearch: '/', '?' or '&'
	Pattern string // AddrSearch, AddrSearchBack: the pattern, delimiter escapes kept ("" = last pattern)
	Offset  int    // sum of +N, -N, + (=+1), - (=-1) and bare N (=+N) suffixes
	// Then holds searches (AddrSearch, AddrSearchBack) that follow this
	// address, each starting from the line reached before it.
	Then []Addr
	// SetCursor is true when a ';' followed this address: the cursor moves to
	// its line before the next address is evaluated (and a missing next
	// address, AddrCurrent, then means this line).
	SetCursor bool
}

// Range is the line range before a command.
//
// Evaluate Addrs in order, each relative to the cursor line as updated by
// SetCursor; when there are more than two, Vim uses the last two. One address
// means line1 = line2 = that line. "%" alone gives Whole (and no Addrs); a
// "%" mixed with other addresses is expanded to "1" and "$" in Addrs, and "*"
// to '< and '>, exactly as Vim counts them.
type Range struct {
	Whole     bool   // "%": every line
	Addrs     []Addr // 0, 1 or 2 (more: use the last two)
	Semicolon bool   // some address is followed by ';' (see Addr.SetCursor)
}

// Count returns the number of addresses given, counting "%" as two, as Vim's
// addr_count does.
func (r Range) Count() int {
	if r.Whole {
		return 2
	}
	return len(r.Addrs)
}

// Cmd is one parsed Ex command.
type Cmd struct {
	Range Range
	// Name is the canonical full command name ("substitute", "write", "&",
	// ">", "UndotreeToggle"); "" means a bare range: go to its last line.
	Name string
	Bang bool
	// Arg is the argument: leading blanks removed, the trailing "|cmd" and
	// "\"comment" cut where the command allows them, "\|" turned into "|",
	// and trailing blanks removed. The register, count, flags, ++opt and
	// +cmd parsed into the fields below are no longer in it.
	Arg string
	// Count is the count after the command (":d 3", ":undo 0", ":>> 2");
	// HasCount says whether one was given (":undo 0" has Count 0).
	Count    int
	HasCount bool
	// Register is the register of :delete, :yank, :put (":d a", ":pu +"); 0
	// if none.
	Register byte
	// Flags are the print flags after the count (l, # and p, in typed
	// order), as in ":d 3 p", ":j #", ":dl".
	Flags string
	// Amount is the shift amount of :> and :< (">>>" = 3).
	Amount int
	// Mods are the command modifiers before the command, canonical names
	// ("silent", "silent!", "keepjumps", "keeppatterns", "noautocmd", ...).
	Mods []string
	// Opts are the ++opt arguments of :edit, :write, :read and others,
	// without the "++" ("ff=dos", "bin", "enc=latin1").
	Opts []string
	// PlusCmd is the +cmd argument of :edit and others ("+" alone is "$"),
	// without the '+'; HasPlusCmd says whether one was given.
	PlusCmd    string
	HasPlusCmd bool
	// Filter is true for ":w !cmd" and ":r !cmd" (Arg is then the shell
	// command); Append for ":w >> file".
	Filter bool
	Append bool
	// Sub is the parsed argument of :substitute, :&, :~, :smagic and
	// :snomagic; nil for other commands.
	Sub *Sub
	// Raw is the text of this command: the input with leading ':' and blanks
	// removed, up to (not including) the '|' that ends it.
	Raw string
	// Next is the text after the '|' (or newline) that ends this command,
	// not yet parsed; "" when none.
	Next string
}

// DefaultAll reports whether the command applies to the whole buffer when
// no range is given (:write, :global, :vglobal, :update, :wq, :xit, ...).
func (c Cmd) DefaultAll() bool {
	s, ok := lookupSpec(c.Name)
	return ok && s.flags&fDflAll != 0
}

// OtherRange reports whether the command's range numbers files or
// buffers (":2n", ":3b", ":1,3bd"), not lines: it is not checked against
// the buffer's lines.
func (c Cmd) OtherRange() bool {
	s, ok := lookupSpec(c.Name)
	return ok && s.flags&fOther != 0
}

// ZeroLine reports whether the command takes line 0 in its range (:put,
// :read, :undo: Vim's EX_ZEROR); for the others line 0 means line 1.
func (c Cmd) ZeroLine() bool {
	s, ok := lookupSpec(c.Name)
	return ok && s.flags&fZeroR != 0
}

// Sub is a parsed :substitute argument, "/pattern/replacement/flags count".
type Sub struct {
	// Pattern is the search pattern with delimiter escapes kept ("\/"),
	// except that with '?' as delimiter "\?" becomes "?" (as Vim does).
	// Empty with HasPattern means "the last used search pattern".
	Pattern string
	// Replacement is the raw replacement text (escapes are interpreted by
	// the replacement expander); "" with HasReplacement deletes the match.
	Replacement string
	// HasPattern is false for ":s", ":s g", ":&&", ":~": repeat the last
	// substitute with the same pattern and replacement.
	HasPattern bool
	// HasReplacement is false for ":s/pat" with no second delimiter; Vim
	// then replaces with the empty string, like HasReplacement with "".
	HasReplacement bool
	// Flags is the flag string as typed: '&' (keep the previous flags, only
	// first), c e g i I n p # l r. Toggles ('g', 'c') are the caller's to
	// apply in order.
	Flags string
	// Count is the trailing count (":s/a/b/ 3"), 0 if none.
	Count int
	// Delim is the delimiter byte; 0 when there is no pattern.
	Delim byte
	// Prev is '/', '?' or '&' for the undocumented Vi forms "\/rep/",
	// "\?rep?" (last search pattern) and "\&rep&" (last substitute
	// pattern); 0 otherwise.
	Prev byte
}

// SetItem is one argument of :set.
type SetItem struct {
	// Name is the option name as typed ("ts", "all", "t_Co"), without the
	// "no"/"inv" prefix.
	Name string
	// Op is "" (bool on, or show a value), "no", "inv", "!", "&" (default;
	// Value "vi" or "vim" for &vi/&vim), "<" (global value), "?", "=" (also
	// for ':'), "+=", "-=" or "^=". A prefix followed by an operator is
	// both: "no=", "inv?" (always an error, which the caller reports).
	Op string
	// Value is the value after "=" etc., backslash escapes removed.
	Value string
	// Raw is the item as typed ("nosuchopt", "ts=4"), which Vim's
	// messages about it quote.
	Raw string
}
