// Package fileio loads files into ropes and writes ropes back to files
// without ever losing the file on disk.
//
// # Model
//
// A file is a rope of its lines joined by "\n" without the final newline,
// plus two facts: whether it ended with a newline (EOL) and its line ending
// (Format). Vim's 'fileformats' "unix,dos" rule decides the format: DOS when
// the file has a newline and every newline follows a CR; the CRs of a DOS
// file are removed on load and put back on write, while a file with mixed
// endings is Unix and keeps its CRs in the text. A CR at the very end of a
// DOS file (without a newline) stays in the text, as in Vim. Load, then
// Encode with the same EOL and Format, gives back the exact bytes of any
// file — NUL bytes, invalid UTF-8 and all. (Unlike Vim, a CTRL-Z at the end
// of a DOS file is kept, so that round trip holds.)
//
// Save replaces a file atomically (temporary file, fsync, rename, directory
// fsync), keeps its mode and owner, follows symbolic links, writes files
// with several hard links in place without ever destroying them (the new
// text and a copy of the old are complete on disk before the file is
// touched; see inplace.go for what a kill at any instant leaves), and
// refuses, unless forced, to overwrite a file that changed on disk since it
// was read or that is read-only. Whatever fails, the original file is left
// as it was and the message says so. Errors are single lines in Vim's words
// ("E212: Can't open file for writing", "E514: Write error (file system
// full?)") naming the file.
//
// Temporary files are locked (flock) by their writer while they exist, so
// CleanTemps can tell the leftovers of a killed write from files in use
// without pids or clocks; it removes the leftovers and names an old copy
// that is the only complete version of a file.
//
// # Complexity
//
// Load reads the file with one allocation of its size, which the rope then
// shares without copying; it is O(n) with one read, one NUL scan, one
// UTF-8 check, a CR scan that stops at the first bare newline, and the
// rope's newline count. Encode and Save stream the rope chunk by chunk
// through a 256 KiB buffer: O(n) time, O(1) extra memory.
//
// # Concurrency
//
// The package has no state. Ropes are immutable, so Encode and Save may run
// on any goroutine while the editor goes on editing; two concurrent Saves
// of the same file each write a complete version and the last rename wins.
package fileio
