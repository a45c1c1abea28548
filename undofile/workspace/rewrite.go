package workspace

import (
	"encoding/binary"
	"slices"
)

// encodeKept encodes the whole log anew with the checkpoints not marked
// in drop: the preamble, the root, then the paths, the file states and
// the checkpoints they use, each kind in id order (so every reference
// points backwards). Ids and numbers are kept, so processes holding the
// old log in memory stay consistent with the new one.
func (m *model) encodeKept(drop []bool) []byte {
	usedVer := map[uint32]bool{}
	usedPath := map[uint32]bool{}
	for i := range m.cps {
		if drop[i] {
			continue
		}
		for _, id := range m.cps[i].ids {
			usedVer[id] = true
			usedPath[m.versions[id].path] = true
		}
	}
	out := appendPreamble(nil)
	out = appendFrame(out, kindRoot, appendString(nil, m.root))
	var payload []byte
	for _, id := range sortedKeys(usedPath) {
		payload = appendString(binary.AppendUvarint(payload[:0], uint64(id)), m.paths[id])
		out = appendFrame(out, kindPath, payload)
	}
	for _, id := range sortedKeys(usedVer) {
		v := m.versions[id]
		e := Entry{Seq: v.seq, Exists: v.exists, Disk: v.disk, Added: v.added, Deleted: v.deleted}
		out = appendFrame(out, kindVersion, appendVersion(payload[:0], id, v.path, v.time, &e))
	}
	for i := range m.cps {
		if drop[i] {
			continue
		}
		// A moved name keeps its flag: the newer holder moves it again
		// when the log is read (or, if that one was dropped, this is the
		// newest checkpoint of the name again).
		// Lost states stay listed, so that the checkpoint still says which
		// files it cannot restore.
		c := &m.cps[i]
		ids := c.ids
		if len(c.lost) > 0 {
			ids = slices.Sorted(slices.Values(append(slices.Clone(c.ids), c.lost...)))
		}
		out = appendFrame(out, kindCheckpoint, appendCheckpoint(payload[:0], c.number, c.time, c.label, c.named, ids))
	}
	return out
}

func sortedKeys(m map[uint32]bool) []uint32 {
	ks := make([]uint32, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
