// Package exparse parses Ex command lines the way Vim does, without
// touching any editor state.
//
// # Model
//
// A command line is a sequence of commands separated by '|'. Each command is
//
//	[modifiers] [range] name[!] [++opt] [+cmd] [register] [count] [flags] [argument]
//
// Parse turns the first command into a Cmd and leaves the text after its
// '|' in Cmd.Next; Split cuts a whole line into the raw text of each
// command. Nothing is evaluated: a Range holds Addr values (numbers, '.',
// '$', marks, /pattern/ and ?pattern? searches with their +N/-N offsets)
// that the editor resolves against its buffer, and an argument such as a
// file name, a :set list or an :earlier count stays text for the command
// (ParseSet, ParseSubstitute and ParseGlobal split the ones that have a
// syntax of their own).
//
// The rules follow Vim 9.0's do_one_cmd, parse_cmd_range, get_address,
// find_ex_command, separate_nextcmd, do_sub and do_set, checked against the
// real Vim (see parse_test.go, vimrange_test.go and testdata/):
//
//   - Names: every Vim command resolves with Vim's abbreviations (":s",
//     ":su", ":co", ":t", ":x", ":exi", ":wqa", ":undoj", ":ea", ":lat",
//     ":sl", ...), including the special forms ":ka" (mark a), ":sg"
//     (:s with flag g), ":dl"/":dp" (:delete with a print flag) and the
//     one-character commands & ~ < > = # ! @ *. kjx's own commands are
//     :checkpoint (:checkpo), :undotree (:undot), :undostats (:undos),
//     :diffdisk (:diffd) and :UndotreeToggle, :UndotreeShow, :UndotreeHide,
//     :UndotreeFocus (unique prefix, like Vim user commands). A Vim command kjx does not implement gives ErrNotAvailable
//     (E319) with Cmd.Name set; anything else E492 with the line as Vim
//     prints it.
//   - Arguments: '!' only where Vim allows it (E477), a range only where
//     allowed (E481), registers for :d :y :pu, counts (E939 for 0 except
//     :undo 0), print flags, ":>>>" shift amounts, ++opt, +cmd, ":w >>",
//     ":w !cmd", ":r !cmd", trailing characters (E488), a required
//     argument (E471).
//   - '|': ends most commands; a backslash before it keeps it (and is
//     removed); it belongs to the argument of :global, :vglobal and
//     :normal, and :s finds its own end, so "s/a|b/x|y/" is one command. A
//     '"' starts a comment where Vim allows one. A bare range followed by
//     '|' prints the line (":3|" is ":3p"), as in Vim.
//   - Patterns in ranges, :s and :g end at an unescaped delimiter outside a
//     [] collection (Vim's skip_regexp, including \v and \V); with '?' as
//     delimiter "\?" becomes "?".
//
// Not supported: :filter and counted modifiers (":3verbose", ":tab 2"),
// ranges before modifiers, Vim9 script syntax, `=expr` in file names, the
// 'cpoptions' flags that change parsing (b, *, /). ":'" with no mark name,
// which Vim ignores silently, gives E20.
//
// # Complexity
//
// Parsing is linear in the length of the line, plus a scan of Vim's
// command-name table (about 580 entries) per command name.
//
// # Concurrency
//
// The package is pure: every function depends only on its arguments, and
// its tables are read-only after initialisation, so any number of
// goroutines may call it at once.
package exparse
