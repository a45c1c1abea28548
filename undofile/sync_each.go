package undofile

import (
	"errors"
	"os"
	"sync"
)

// syncEach fsyncs every file concurrently (at most 16 at a time) and
// returns the errors joined.
func syncEach(files []*os.File) error {
	errs := make([]error, len(files))
	sem := make(chan struct{}, 16)
	var wg sync.WaitGroup
	for i, f := range files {
		sem <- struct{}{}
		wg.Go(func() {
			errs[i] = f.Sync()
			<-sem
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
