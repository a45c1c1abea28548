package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// newRNG returns the deterministic generator every workload uses (PCG with
// a fixed seed per workload: the same inputs and edits on every run and
// every machine).
func newRNG(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x6b6a78 /* "kjx" */))
}

// words is the vocabulary of the generated texts.
var words = strings.Fields(`the undo tree keeps every state of the text so time travel
never loses work buffer rope node change sequence branch older newer earlier later
write read file line column cursor insert delete join split value index count
fast slow small large quick brown fox jumps over lazy dog alpha beta gamma delta`)

// genJSON returns minified JSON of at least size bytes on one line: an
// array of small records.
func genJSON(rng *rand.Rand, size int) string {
	var b strings.Builder
	b.Grow(size + 256)
	b.WriteByte('[')
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"%s-%s","tags":["%s","%s"],"value":%d.%03d,"active":%t}`,
			i, words[rng.IntN(len(words))], words[rng.IntN(len(words))],
			words[rng.IntN(len(words))], words[rng.IntN(len(words))],
			rng.IntN(10000), rng.IntN(1000), rng.IntN(2) == 0)
	}
	b.WriteByte(']')
	return b.String()
}

// genLine returns one line of pseudo-code of about width bytes (never
// empty, no trailing white space).
func genLine(rng *rand.Rand, width int) string {
	var b strings.Builder
	indent := rng.IntN(4) * 4
	b.WriteString(strings.Repeat(" ", indent))
	for b.Len() < width {
		if b.Len() > indent {
			b.WriteByte(' ')
		}
		b.WriteString(words[rng.IntN(len(words))])
	}
	if rng.IntN(3) == 0 {
		b.WriteString(" = " + strconv.Itoa(rng.IntN(1000)) + ";")
	}
	return b.String()
}

// genCode returns n lines of pseudo-code joined with "\n" (buffer text:
// no final newline).
func genCode(rng *rand.Rand, n int) string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = genLine(rng, 20+rng.IntN(60))
	}
	return strings.Join(lines, "\n")
}

// bigInfo describes the cached big file of workload 3.
type bigInfo struct {
	Version int   `json:"version"`
	Size    int64 `json:"size"`    // bytes, ending with "\n"
	Lines   int64 `json:"lines"`   // number of lines
	MidOff  int64 `json:"mid_off"` // byte offset of the start of the middle line
	path    string
}

// bigVersion changes when genBig would write different bytes.
const bigVersion = 1

// bigFile returns the big file of about size bytes in cacheDir, generating
// it (into a temporary name, then renamed) unless a complete one with the
// same generator version is there.
func bigFile(cacheDir string, size int64, progress func(string)) (bigInfo, error) {
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return bigInfo{}, fmt.Errorf("cache dir: %w", err)
	}
	name := filepath.Join(cacheDir, fmt.Sprintf("big-%d.txt", size))
	meta := name + ".json"
	if info, err := readBigInfo(meta); err == nil && info.Version == bigVersion {
		if st, err := os.Stat(name); err == nil && st.Size() == info.Size {
			info.path = name
			return info, nil
		}
	}
	progress(fmt.Sprintf("generating %s (%d bytes, cached for later runs)", name, size))
	info, err := writeBig(name, size)
	if err != nil {
		return bigInfo{}, err
	}
	data, err := json.Marshal(info)
	if err != nil {
		return bigInfo{}, fmt.Errorf("big file metadata: %w", err)
	}
	if err := os.WriteFile(meta, data, 0o644); err != nil {
		return bigInfo{}, fmt.Errorf("big file metadata: %w", err)
	}
	info.path = name
	return info, nil
}

// readBigInfo reads the metadata written next to a cached big file.
func readBigInfo(meta string) (bigInfo, error) {
	data, err := os.ReadFile(meta)
	if err != nil {
		return bigInfo{}, err
	}
	var info bigInfo
	if err := json.Unmarshal(data, &info); err != nil {
		return bigInfo{}, fmt.Errorf("%s: %w", meta, err)
	}
	return info, nil
}

// writeBig writes lines drawn from a pool of generated lines until size
// bytes are reached, and records where the middle line starts.
func writeBig(name string, size int64) (bigInfo, error) {
	rng := newRNG(3)
	pool := make([]string, 4096)
	for i := range pool {
		pool[i] = genLine(rng, 40+rng.IntN(80)) + "\n"
	}
	tmp := name + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return bigInfo{}, fmt.Errorf("big file: %w", err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	info := bigInfo{Version: bigVersion, MidOff: -1}
	for info.Size < size {
		if info.MidOff < 0 && info.Size >= size/2 {
			info.MidOff = info.Size
		}
		line := pool[rng.IntN(len(pool))]
		if _, err := w.WriteString(line); err != nil {
			f.Close()
			return bigInfo{}, fmt.Errorf("big file: %w", err)
		}
		info.Size += int64(len(line))
		info.Lines++
	}
	if info.MidOff < 0 {
		info.MidOff = 0
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return bigInfo{}, fmt.Errorf("big file: %w", err)
	}
	if err := f.Close(); err != nil {
		return bigInfo{}, fmt.Errorf("big file: %w", err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return bigInfo{}, fmt.Errorf("big file: %w", err)
	}
	return info, nil
}
