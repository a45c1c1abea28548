package workspace

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kjx-editor/kjx/undofile"
)

// version is one recorded state of one file (a V record).
type version struct {
	path           uint32 // path id
	time           int64  // Unix seconds: when this state was first recorded
	exists         bool
	seq            int
	disk           undofile.FileState
	added, deleted int
	frame          int // bytes of its record
}

// checkpoint is one C record.
type checkpoint struct {
	number uint32
	time   int64
	named  bool
	label  string
	ids    []uint32 // version ids, increasing; ids whose record is lost are left out
	lost   []uint32 // version ids listed whose record is missing or damaged
	moved  bool     // named, and a newer checkpoint took the name
	frame  int      // bytes of its record
}

// model is the decoded content of a log. Records are applied in file
// order by apply, for reading and for appending alike.
type model struct {
	root     string
	rootSeen bool
	paths    map[uint32]string
	pathIDs  map[string]uint32
	versions map[uint32]*version
	cps      []checkpoint    // in file order: numbers increase
	named    map[string]int  // a name → the index in cps of its holder
	maxPath  uint32          // highest ids and number seen
	maxVer   uint32          //
	maxNum   uint32          //
	problems []string        // one line per damaged or refused record
	seen     map[uint32]bool // scratch: paths of the checkpoint being applied
}

func newModel() *model {
	return &model{
		paths: map[uint32]string{}, pathIDs: map[string]uint32{},
		versions: map[uint32]*version{}, named: map[string]int{},
		seen: map[uint32]bool{},
	}
}

// maxProblems bounds the messages kept (a log of garbage would otherwise
// produce one per resynchronisation).
const maxProblems = 20

func (m *model) problem(at int, format string, args ...any) {
	if len(m.problems) == maxProblems {
		m.problems = append(m.problems, "more damaged records not listed")
	}
	if len(m.problems) > maxProblems {
		return
	}
	m.problems = append(m.problems, fmt.Sprintf("record at byte %d: %s; skipped", at, fmt.Sprintf(format, args...)))
}

// apply parses one record's payload and adds it to the model, or records
// why it was refused. at is the record's offset in the file, frame its
// size.
func (m *model) apply(kind byte, payload []byte, at, frame int) {
	r := &fields{b: payload}
	var bad string
	switch kind {
	case kindRoot:
		bad = m.applyRoot(r)
	case kindPath:
		bad = m.applyPath(r)
	case kindVersion:
		bad = m.applyVersion(r, frame)
	case kindCheckpoint:
		bad = m.applyCheckpoint(r, frame)
	default:
		bad = fmt.Sprintf("unknown record kind %q", kind)
	}
	if bad != "" {
		m.problem(at, "%s", bad)
	}
}

func (m *model) applyRoot(r *fields) string {
	root := r.string("root", maxPathLen)
	if bad := r.done(); bad != "" {
		return bad
	}
	if m.rootSeen || len(m.cps) > 0 || len(m.paths) > 0 {
		return "a second root record"
	}
	if !strings.HasPrefix(root, "/") {
		return fmt.Sprintf("root %q is not absolute", root)
	}
	m.root, m.rootSeen = root, true
	return ""
}

func (m *model) applyPath(r *fields) string {
	id := r.id("path id")
	p := r.string("path", maxPathLen)
	if bad := r.done(); bad != "" {
		return bad
	}
	if id <= m.maxPath {
		return fmt.Sprintf("path id %d out of order", id)
	}
	if err := ValidRel(p); err != nil {
		return err.Error()
	}
	if _, dup := m.pathIDs[p]; dup {
		return fmt.Sprintf("path %q recorded twice", p)
	}
	m.maxPath = id
	m.paths[id], m.pathIDs[p] = p, id
	return ""
}

func (m *model) applyVersion(r *fields, frame int) string {
	id := r.id("version id")
	v := &version{frame: frame}
	v.path = r.id("path id")
	v.time = r.varint("time")
	flags := r.byte("flags")
	v.seq = r.int("seq")
	v.exists = flags&versionExists != 0
	if v.exists {
		r.fixed(v.disk.Hash[:], "hash")
		v.disk.Size = int64(r.uvarint("size", 1<<62))
	}
	v.added = r.int("added lines")
	v.deleted = r.int("deleted lines")
	if bad := r.done(); bad != "" {
		return bad
	}
	switch {
	case flags&^versionExists != 0:
		return fmt.Sprintf("unknown version flags %#02x", flags)
	case id <= m.maxVer:
		return fmt.Sprintf("version id %d out of order", id)
	}
	m.maxVer = id // even when its path is lost: ids stay increasing
	if _, ok := m.paths[v.path]; !ok {
		return fmt.Sprintf("version %d of an unknown path (its record is lost)", id)
	}
	m.versions[id] = v
	return ""
}

func (m *model) applyCheckpoint(r *fields, frame int) string {
	c := checkpoint{frame: frame}
	c.number = r.id("checkpoint number")
	c.time = r.varint("time")
	flags := r.byte("flags")
	c.label = r.string("label", maxLabel)
	n := int(r.uvarint("file count", uint64(r.left())))
	var ids []uint32
	if r.bad == "" && n > 0 {
		ids = make([]uint32, 0, n)
	}
	var prev uint64
	for i := 0; i < n && r.bad == ""; i++ {
		d := r.uvarint("version id", 1<<32)
		if i > 0 && d == 0 {
			r.fail("version ids not increasing")
		}
		if prev += d; prev == 0 || prev > 1<<32-1 {
			r.fail("version id out of range")
		}
		ids = append(ids, uint32(prev))
	}
	if bad := r.done(); bad != "" {
		return bad
	}
	c.named = flags&cpNamed != 0
	switch {
	case flags&^cpNamed != 0:
		return fmt.Sprintf("unknown checkpoint flags %#02x", flags)
	case c.number <= m.maxNum:
		return fmt.Sprintf("checkpoint number %d out of order", c.number)
	case !validLabel(c.label):
		return fmt.Sprintf("checkpoint %d: bad label", c.number)
	}
	clear(m.seen)
	c.ids = ids[:0]
	if n > 0 {
		// A listed id whose record is lost is still taken: a new state
		// must never get it, or this checkpoint would name that state
		// once maintenance rewrites the log.
		m.maxVer = max(m.maxVer, ids[n-1])
	}
	for _, id := range ids {
		v, ok := m.versions[id]
		if !ok {
			c.lost = append(c.lost, id)
			continue
		}
		if m.seen[v.path] {
			return fmt.Sprintf("checkpoint %d lists a file twice", c.number)
		}
		m.seen[v.path] = true
		c.ids = append(c.ids, id)
	}
	c.ids = slices.Clip(c.ids)
	m.maxNum = c.number
	m.addCheckpoint(c)
	return ""
}

// addCheckpoint appends c, moving its name if it is a user's name that an
// older checkpoint holds.
func (m *model) addCheckpoint(c checkpoint) {
	if c.named {
		if old, ok := m.named[c.label]; ok {
			m.cps[old].moved = true
		}
		m.named[c.label] = len(m.cps)
	}
	m.cps = append(m.cps, c)
}

// validLabel: not empty, at most maxLabel bytes, valid UTF-8, no control
// characters (labels are printed on terminals).
func validLabel(s string) bool {
	if s == "" || len(s) > maxLabel || !utf8.ValidString(s) {
		return false
	}
	return strings.IndexFunc(s, unicode.IsControl) < 0
}

// find returns the index in cps of checkpoint number n.
func (m *model) find(n int) (int, bool) {
	return slices.BinarySearchFunc(m.cps, n, func(c checkpoint, n int) int { return int(c.number) - n })
}
