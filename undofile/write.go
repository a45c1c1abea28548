package undofile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/kjx-editor/kjx/buffer"
	"github.com/kjx-editor/kjx/editor/clock"
	"github.com/kjx-editor/kjx/undo"
)

// tempPrefix starts the name of every temporary file the writer creates,
// followed by the writer's pid, '-', and random hex digits.
const tempPrefix = ".kjxundo-tmp-"

// Job is one undo file to write.
type Job struct {
	// Path is the text file's absolute path, symlinks resolved (see
	// Canonical). Jobs for the same Path replace each other while waiting.
	Path string
	// Image produces the history. It runs on the writer's goroutine, so
	// it must read only immutable data (e.g. a tree snapshot's Export).
	Image func() undo.Image
	// SavedSeq is the seq of the node whose text is on disk (0: root).
	SavedSeq int
	// Disk is the state of the text file's bytes on disk. When zero it is
	// computed from Text (which must then be set) on the writer goroutine.
	Disk FileState
	// Text, when not nil, is the text at SavedSeq, stored compressed if the
	// file stays within the size limit.
	Text *buffer.Rope
	// Trim shortens a history that is over the limits (nil: TrimImage).
	Trim TrimFunc
	// Current, when not zero, identifies the bytes the history's current
	// text would be written as (it differs from Disk when there are
	// unsaved changes). The file format has no place for it; the writer
	// records it in the undo directory's content index, so that a file
	// holding that text can find this history (Index.Find).
	Current FileState
	// Pending, when not zero, announces a write of the text file that is
	// about to replace it (File.Pending): the caller writes this job
	// synchronously (Schedule, then Flush) before it renames the new text
	// into place, so that a crash in between leaves an undo file that
	// accepts either text. It is dropped if trimming removed its node.
	Pending PendingWrite
}

// Result reports one write, successful or not.
type Result struct {
	Path       string // the text file
	Name       string // the undo file
	Size       int64  // bytes written
	Nodes      int    // nodes written
	Trimmed    int    // nodes left out to fit the limits
	TextStored bool   // the saved-text copy was included
	// Disk identifies the text file's bytes the history was saved with
	// (Job.Disk, or the hash of Job.Text).
	Disk FileState
	// Pending is the pending write the file holds (Job.Pending, unless
	// trimming removed its node).
	Pending PendingWrite
	Took    time.Duration
	// Err is nil on success, else an *Error; KindNoSpace and KindTooLarge
	// are warnings: the previous undo file is intact.
	Err error
}

// WriteOptions configure WriteFile.
type WriteOptions struct {
	Limits Limits
	// Force overwrites an existing file that is not a kjx undo file
	// (:wundo!); without it such a file is refused.
	Force bool
	// Clock times the write (Result.Took); nil is the wall clock.
	Clock clock.Clock
}

// WriteFile writes the undo file for job to the explicit path name
// (:wundo FILE), atomically, with mode 0600, on the caller's goroutine. It
// returns the Result and its Err.
func WriteFile(name string, job Job, opt WriteOptions) (Result, error) {
	if !opt.Force {
		if err := checkOverwrite(name); err != nil {
			return Result{Path: job.Path, Name: name, Err: err}, err
		}
	}
	var enc encoder
	res := writeJob(&enc, name, job, opt.Limits.withDefaults(), fsOps{}, orReal(opt.Clock))
	return res, res.Err
}

// checkOverwrite refuses to replace an existing file that is not a kjx
// undo file.
func checkOverwrite(name string) error {
	f, _, err := openSafe(name, DefaultMaxReadSize, false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Op = OpWrite
		}
		return err
	}
	defer f.Close()
	magic := make([]byte, len(Magic))
	if _, err := f.Read(magic); err != nil || string(magic) != Magic {
		return &Error{Name: name, Op: OpWrite, Kind: KindNotUndoFile,
			Detail: "will not overwrite a file that is not a kjx undo file (add ! to override)"}
	}
	return nil
}

// writeJob encodes job (trimming it if needed) and writes it to name.
// clk times it.
func writeJob(enc *encoder, name string, job Job, lim Limits, ops fsOps, clk clock.Clock) Result {
	start := clk.Now()
	res, out, err := encodeJob(enc, name, job, lim)
	if err == nil {
		err = ops.atomicWrite(name, out.data)
	}
	return finish(res, err, start, clk)
}

// encodeJob produces the history of job and encodes it within lim. The
// Result has everything but the outcome and the time; the encoding
// aliases enc's buffer.
func encodeJob(enc *encoder, name string, job Job, lim Limits) (Result, encoded, *Error) {
	res := Result{Path: job.Path, Name: name}
	if job.Image == nil {
		return res, encoded{}, &Error{Kind: KindCorrupt, Detail: "no history given"}
	}
	img, perr := callImage(job.Image)
	if perr != nil {
		return res, encoded{}, perr
	}
	file := &File{Path: job.Path, Disk: job.Disk, SavedSeq: job.SavedSeq, Image: img, Text: job.Text, Pending: job.Pending}
	if file.Disk.IsZero() {
		if job.Text == nil {
			return res, encoded{}, &Error{Kind: KindCorrupt, Detail: "neither the file's hash nor its text given"}
		}
		file.Disk = HashRope(*job.Text)
	}
	out, trimmed, err := encodeWithin(enc, file, lim, job.Trim)
	if err != nil {
		return res, encoded{}, err
	}
	res.Size, res.Nodes, res.Trimmed = int64(len(out.data)), len(file.Image.Nodes), trimmed
	res.TextStored, res.Disk, res.Pending = out.textStored, file.Disk, file.Pending
	return res, out, nil
}

// finish completes res with err (naming the undo file; nil: success)
// and the time since start.
func finish(res Result, err *Error, start time.Time, clk clock.Clock) Result {
	if err != nil {
		err.Name, err.Op = res.Name, OpWrite
		res.Err = err
	}
	res.Took = clk.Now().Sub(start)
	return res
}

// fsOps performs the file-system steps of a write. Its fail hook, nil in
// production, lets tests inject an error (disk full) at a named step.
type fsOps struct {
	fail func(step string) error
}

func (o fsOps) check(step string) error {
	if o.fail == nil {
		return nil
	}
	return o.fail(step)
}

// atomicWrite replaces name with data: a new temporary file in the same
// directory (O_EXCL|O_NOFOLLOW, mode 0600 whatever the umask), written,
// fsynced, renamed over name, and the directory fsynced. On any failure
// the temporary file is removed and name is untouched.
func (o fsOps) atomicWrite(name string, data []byte) *Error {
	tmp, f, err := o.writeTemp(name, data)
	if err != nil {
		return err
	}
	step, serr := "fsync", o.check("fsync")
	if serr == nil {
		serr = f.Sync()
	}
	if cerr := f.Close(); serr == nil && cerr != nil {
		step, serr = "close", cerr
	}
	if serr != nil {
		os.Remove(tmp)
		return ioError(name, OpWrite, step, serr)
	}
	if err := o.rename(tmp, name); err != nil {
		return err
	}
	if err := syncDir(filepath.Dir(name)); err != nil {
		return ioError(name, OpWrite, "fsync directory", err)
	}
	return nil
}

// writeTemp writes data to a new temporary file beside name (O_EXCL|
// O_NOFOLLOW, mode 0600 whatever the umask) and returns it open, not
// synced. On failure nothing is left.
func (o fsOps) writeTemp(name string, data []byte) (string, *os.File, *Error) {
	tmp, f, err := createTemp(filepath.Dir(name))
	if err != nil {
		return "", nil, ioError(name, OpWrite, "create temporary file", err)
	}
	step, err := "write", o.check("write")
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		step, err = "chmod", f.Chmod(0o600)
	}
	if err != nil {
		f.Close()
		os.Remove(tmp)
		return "", nil, ioError(name, OpWrite, step, err)
	}
	return tmp, f, nil
}

// rename moves the synced temporary file tmp over name; on failure tmp
// is removed and name is untouched.
func (o fsOps) rename(tmp, name string) *Error {
	err := o.check("rename")
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return ioError(name, OpWrite, "rename", err)
	}
	return nil
}

// createTemp creates a new temporary file in dir named tempPrefix, the
// pid, '-' and random hex.
func createTemp(dir string) (string, *os.File, error) {
	var rnd [8]byte
	for range 10 {
		_, _ = rand.Read(rnd[:]) // crypto/rand.Read never fails
		name := filepath.Join(dir, tempPrefix+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(rnd[:]))
		f, err := os.OpenFile(name, createFlags, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return name, f, err
	}
	return "", nil, fmt.Errorf("no unused temporary name in %s", dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// ensureDir creates dir (and missing parents) with mode 0700 when it is
// missing; an existing directory is left as it is.
func ensureDir(dir string) *Error {
	if fi, err := os.Stat(dir); err == nil {
		if !fi.IsDir() {
			return &Error{Name: dir, Op: OpWrite, Kind: KindIO, Detail: "undo directory is not a directory"}
		}
		return nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ioError(dir, OpWrite, "create undo directory", err)
	}
	if err := os.Chmod(dir, 0o700); err != nil { // whatever the umask
		return ioError(dir, OpWrite, "chmod undo directory", err)
	}
	return nil
}

// encodeWithin encodes file, trimming its history until it fits lim. It
// returns the encoding and how many nodes were trimmed; file.Image and
// file.SavedSeq are replaced by the trimmed ones.
func encodeWithin(enc *encoder, file *File, lim Limits, trim TrimFunc) (encoded, int, *Error) {
	if trim == nil {
		trim = TrimImage
	}
	total := len(file.Image.Nodes)
	if total > lim.MaxEntries {
		if err := applyTrim(file, trim, lim.MaxEntries); err != nil {
			return encoded{}, 0, err
		}
		dropLostPending(file)
	}
	for {
		out, err := enc.encode(file, lim)
		if err == nil {
			return out, total - len(file.Image.Nodes), nil
		}
		n := len(file.Image.Nodes)
		if err.Kind != KindTooLarge || n == 0 {
			return encoded{}, 0, err
		}
		// Aim 10% under the limit, assuming bytes spread evenly over nodes;
		// always drop at least one node so the loop ends.
		size := int64(enc.size())
		target := min(n-1, int(float64(n)*0.9*float64(lim.MaxFileSize)/float64(max(size, 1))))
		if e := applyTrim(file, trim, max(target, 0)); e != nil {
			return encoded{}, 0, e
		}
		dropLostPending(file)
		if len(file.Image.Nodes) >= n {
			err.Detail += "; the history cannot be trimmed enough (the newest changes alone are too large)"
			return encoded{}, 0, err
		}
	}
}

// dropLostPending forgets file's pending write when trimming removed its
// node (trimming keeps the current node, which is normally the one being
// written, so this is rare): the undo file is then as without it.
func dropLostPending(file *File) {
	if p := file.Pending; !p.IsZero() && !hasSeq(file.Image.Nodes, p.Seq) {
		file.Pending = PendingWrite{}
	}
}

// callImage runs the caller's Image function, turning a panic (a bug in
// the caller) into an error so that it cannot kill the writer goroutine.
func callImage(f func() undo.Image) (img undo.Image, err *Error) {
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Kind: KindIO, Detail: fmt.Sprintf("producing the history panicked: %v", r)}
		}
	}()
	return f(), nil
}

func applyTrim(file *File, trim TrimFunc, maxNodes int) (e *Error) {
	defer func() {
		if r := recover(); r != nil {
			e = &Error{Kind: KindTooLarge, Detail: fmt.Sprintf("trimming the history panicked: %v", r)}
		}
	}()
	img, saved, err := trim(file.Image, file.SavedSeq, maxNodes)
	if err != nil {
		return &Error{Kind: KindTooLarge, Detail: "cannot trim the history: " + err.Error(), Err: err}
	}
	file.Image, file.SavedSeq = img, saved
	return nil
}

// orReal is c, or the wall clock when c is nil.
func orReal(c clock.Clock) clock.Clock {
	if c == nil {
		return clock.Real()
	}
	return c
}
