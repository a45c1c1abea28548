// Package safefile holds the file-system steps that the workspace content
// store (undofile/store) and the checkpoint log (undofile/workspace) share:
// private directories, crash-safe replacement of a file, reading a file
// without following a symbolic link, removing temporary files of killed
// writers, and an advisory lock between kjx processes.
//
// # Rules
//
//   - A directory it creates is mode 0700, a file it creates 0600,
//     whatever the umask: workspace history can hold text the user deleted.
//   - Replacing a file is atomic: a new temporary file in the same
//     directory (O_EXCL|O_NOFOLLOW), written, fsynced, closed, renamed over
//     the target, then the directory fsynced. On any failure the temporary
//     file is removed and the target is untouched.
//   - Reading never follows a symbolic link, never blocks on a FIFO, and
//     refuses non-regular files, files of another user and files over a
//     size limit.
//
// The zero FS is the real file system; tests set FS.Fail to inject an
// error at a named step ("write", "fsync", "rename") of a replacement.
package safefile
