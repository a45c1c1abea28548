//go:build !kjxprofile

package main

import "errors"

// profileKjx needs the editor package linked in, which the default build
// leaves out so that kjxbench still builds (and can measure a prebuilt
// -kjx binary) while the editor's packages are in flux. Build with
// -tags kjxprofile to use -cpuprofile.
func profileKjx(jobs []*job, path string, progress func(string)) (int, error) {
	return 2, errors.New("-cpuprofile needs kjxbench built with -tags kjxprofile (go run -tags kjxprofile ./cmd/kjxbench ...)")
}
