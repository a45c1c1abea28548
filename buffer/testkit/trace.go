package testkit

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Trace is one of the editing traces of ../shared/traces (see its
// README): the text it starts from and ends with, and its transactions.
type Trace struct {
	Start, End string
	Txns       []TraceTxn
}

// TraceTxn is one transaction: its time (zero when the trace has none)
// and its patches, applied in order.
type TraceTxn struct {
	Time    time.Time
	Patches []TracePatch
}

// TracePatch deletes Del bytes at Pos, then inserts Ins there (the
// traces are ASCII: positions in code points are byte offsets).
type TracePatch struct {
	Pos, Del int
	Ins      string
}

// LoadTrace reads ../shared/traces/NAME.json.gz. ok is false when the
// shared directory or the trace is absent (tests then skip); any other
// problem is an error.
func LoadTrace(name string) (tr *Trace, ok bool, err error) {
	dir, found := Shared("traces")
	if !found {
		return nil, false, nil
	}
	f, err := os.Open(filepath.Join(dir, "traces", name+".json.gz"))
	if os.IsNotExist(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, false, fmt.Errorf("trace %s: %w", name, err)
	}
	var doc struct {
		StartContent string `json:"startContent"`
		EndContent   string `json:"endContent"`
		Txns         []struct {
			Time    string  `json:"time"`
			Patches [][]any `json:"patches"`
		} `json:"txns"`
	}
	if err := json.NewDecoder(zr).Decode(&doc); err != nil {
		return nil, false, fmt.Errorf("trace %s: %w", name, err)
	}
	tr = &Trace{Start: doc.StartContent, End: doc.EndContent, Txns: make([]TraceTxn, len(doc.Txns))}
	for i, tx := range doc.Txns {
		if tx.Time != "" {
			if tr.Txns[i].Time, err = time.Parse(time.RFC3339, tx.Time); err != nil {
				return nil, false, fmt.Errorf("trace %s: transaction %d: %w", name, i, err)
			}
		}
		for _, p := range tx.Patches {
			if len(p) != 3 {
				return nil, false, fmt.Errorf("trace %s: transaction %d: a patch of %d fields", name, i, len(p))
			}
			pos, ok1 := p[0].(float64)
			del, ok2 := p[1].(float64)
			ins, ok3 := p[2].(string)
			if !ok1 || !ok2 || !ok3 {
				return nil, false, fmt.Errorf("trace %s: transaction %d: a malformed patch", name, i)
			}
			tr.Txns[i].Patches = append(tr.Txns[i].Patches, TracePatch{Pos: int(pos), Del: int(del), Ins: ins})
		}
	}
	return tr, true, nil
}
