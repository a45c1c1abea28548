package undofile

// Writing many undo files at once. When several jobs wait, the writer
// takes them as one batch: every history is encoded (on all cores) and
// written to its temporary file, the temporary files are made durable
// together (syncFiles: one syncfs where the system has it), then each is
// renamed over its undo file, and each directory is fsynced once. Two
// flushes for the batch instead of two per file: what a signal's exit
// writes need (docs/persistence.md, "Crash safety of the writes").
//
// Crash safety is the single write's: an undo file is only ever replaced
// by a rename of a temporary file whose bytes were made durable first, so
// after a crash at any point each undo file is its previous version or
// its new one, complete; the directory fsync at the end makes the renames
// themselves durable.

import (
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
)

// maxBatch bounds how many waiting jobs one batch takes (and how many
// temporary files are open at once).
const maxBatch = 64

// staged is one job of a batch on its way: encoded and written to its
// temporary file (f, still open), or failed (res.Err).
type staged struct {
	res Result
	tmp string
	f   *os.File
}

// writeBatch writes jobs as one batch and returns their results in order,
// encoding with the encoders of *encs (grown as needed; the caller's
// goroutine owns them).
func (w *Writer) writeBatch(encs *[]*encoder, jobs []Job) []Result {
	start := w.opt.Clock.Now()
	st := make([]staged, len(jobs))
	w.stageAll(encs, jobs, st)
	var files []*os.File
	for i := range st {
		if st[i].f != nil {
			files = append(files, st[i].f)
		}
	}
	serr := w.ops.check("fsync")
	if serr == nil && len(files) > 0 {
		serr = syncFiles(files)
	}
	dirs := map[string]bool{}
	for i := range st {
		s := &st[i]
		if s.f == nil {
			continue
		}
		cerr := s.f.Close()
		switch {
		case serr != nil:
			os.Remove(s.tmp)
			s.res.Err = ioError(s.res.Name, OpWrite, "fsync", serr)
		case cerr != nil:
			os.Remove(s.tmp)
			s.res.Err = ioError(s.res.Name, OpWrite, "close", cerr)
		default:
			if err := w.ops.rename(s.tmp, s.res.Name); err != nil {
				s.res.Err = err
			} else {
				dirs[filepath.Dir(s.res.Name)] = true
			}
		}
	}
	for dir := range dirs {
		if err := syncDir(dir); err != nil {
			for i := range st {
				if s := &st[i]; s.res.Err == nil && filepath.Dir(s.res.Name) == dir {
					s.res.Err = ioError(s.res.Name, OpWrite, "fsync directory", err)
				}
			}
		}
	}
	out := make([]Result, len(st))
	for i := range st {
		r := st[i].res
		r.Took = w.opt.Clock.Now().Sub(start)
		if r.Err == nil {
			w.noteDone(r, jobs[i])
		}
		out[i] = r
	}
	return out
}

// stageAll encodes every job and writes its temporary file, on as many
// goroutines as there are cores, each with its own encoder of *encs.
func (w *Writer) stageAll(encs *[]*encoder, jobs []Job, st []staged) {
	n := min(runtime.GOMAXPROCS(0), len(jobs))
	for len(*encs) < n {
		*encs = append(*encs, &encoder{})
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for k := range n {
		enc := (*encs)[k]
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(jobs); i = int(next.Add(1) - 1) {
				st[i] = w.stage(enc, jobs[i])
			}
		})
	}
	wg.Wait()
}

// stage encodes job and writes it to a temporary file beside its undo
// file, not synced.
func (w *Writer) stage(enc *encoder, job Job) staged {
	name, lerr := w.locate(job)
	if lerr != nil {
		return staged{res: Result{Path: job.Path, Err: lerr}}
	}
	res, out, err := encodeJob(enc, name, job, w.opt.Limits)
	if err == nil {
		var tmp string
		var f *os.File
		if tmp, f, err = w.ops.writeTemp(name, out.data); err == nil {
			return staged{res: res, tmp: tmp, f: f}
		}
	}
	err.Name, err.Op = name, OpWrite
	res.Err = err
	return staged{res: res}
}
