package workspace

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kjx-editor/kjx/undofile/internal/safefile"
)

func TestCommitCarriesUnchangedFiles(t *testing.T) {
	l := openTest(t, Options{})
	r1 := commit(t, l, t0, "opened", false, file("b.txt", 0, "b0"), file("a.txt", 0, "a0"))
	if r1.Number != 1 || r1.Files != 2 || r1.Changed != 2 {
		t.Errorf("first commit: %+v", r1)
	}
	r2 := commit(t, l, t0.Add(time.Minute), "write", false, Entry{Path: "a.txt", Seq: 3, Exists: true, Disk: file("", 0, "a3").Disk, Added: 2, Deleted: 1})
	if r2.Number != 2 || r2.Files != 2 || r2.Changed != 1 {
		t.Errorf("second commit: %+v", r2)
	}
	// The same state again records nothing new; a new file joins.
	r3 := commit(t, l, t0.Add(2*time.Minute), "write", false, file("a.txt", 3, "a3"), gone("c.txt", 0))
	if r3.Changed != 1 || r3.Files != 3 {
		t.Errorf("third commit: %+v", r3)
	}
	want := [][]string{
		{"a.txt@0", "b.txt@0"},
		{"a.txt@3", "b.txt@0"},
		{"a.txt@3", "b.txt@0", "c.txt@0-"},
	}
	for _, lg := range []*Log{l, reopen(t, l)} {
		for i, w := range want {
			if got := shape(mustCheckpoint(t, lg, i+1)); !slices.Equal(got, w) {
				t.Errorf("checkpoint %d = %v, want %v", i+1, got, w)
			}
		}
		list := lg.List()
		if len(list) != 3 {
			t.Fatalf("List: %d checkpoints", len(list))
		}
		if ch := list[1].Changed; len(ch) != 1 || ch[0].Path != "a.txt" || ch[0].Added != 2 || ch[0].Deleted != 1 || !ch[0].Time.Equal(t0.Add(time.Minute)) {
			t.Errorf("changed in 2: %+v", ch)
		}
		if ch := list[2].Changed; len(ch) != 1 || ch[0].Path != "c.txt" {
			t.Errorf("changed in 3: %+v", ch)
		}
		if list[0].Label != "opened" || !list[2].Time.Equal(t0.Add(2*time.Minute)) || list[0].Files != 2 {
			t.Errorf("summaries: %+v", list)
		}
		if p := lg.Problems(); p != nil {
			t.Errorf("problems in a healthy log: %q", p)
		}
	}
}

func TestForget(t *testing.T) {
	l := openTest(t, Options{ForgetAfter: 90 * 24 * time.Hour})
	commit(t, l, t0, "opened", false, file("old.txt", 1, "o"), file("x.txt", 1, "x"), file("y.txt", 1, "y"))
	res, err := l.Commit(Record{Time: t0.Add(time.Hour), Label: "write", Files: []Entry{file("x.txt", 2, "x2")}, Forget: []string{"y.txt", "never-seen.txt"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := shape(mustCheckpoint(t, l, res.Number)); !slices.Equal(got, []string{"old.txt@1", "x.txt@2"}) {
		t.Errorf("after forgetting y: %v", got)
	}
	// 91 days later, a file not recorded again for longer than the
	// retention age leaves the workspace history; a file recorded now
	// stays, whatever its state's age.
	late := t0.Add(91 * 24 * time.Hour)
	res = commit(t, l, late, "write", false, file("x.txt", 2, "x2"))
	if got := shape(mustCheckpoint(t, l, res.Number)); !slices.Equal(got, []string{"x.txt@2"}) {
		t.Errorf("after the retention age: %v", got)
	}
}

func TestNamesMove(t *testing.T) {
	l := openTest(t, Options{})
	commit(t, l, t0, "before refactor", true, file("a", 1, "1"))
	commit(t, l, t0.Add(time.Minute), "write", false, file("a", 2, "2"))
	res := commit(t, l, t0.Add(2*time.Minute), "before refactor", true, file("a", 3, "3"))
	if res.MovedFrom != 1 {
		t.Errorf("MovedFrom = %d, want 1", res.MovedFrom)
	}
	for _, lg := range []*Log{l, reopen(t, l)} {
		c, err := lg.Resolve(`"before refactor"`, t0)
		if err != nil || c.Number != 3 {
			t.Errorf("Resolve moved name: %d, %v", c.Number, err)
		}
		list := lg.List()
		if !list[0].Moved || list[2].Moved || !list[0].Named {
			t.Errorf("moved flags: %+v", list)
		}
	}
	if res := commit(t, l, t0.Add(3*time.Minute), "other", true, file("a", 4, "4")); res.MovedFrom != 0 {
		t.Errorf("a fresh name moved from %d", res.MovedFrom)
	}
}

func TestResolve(t *testing.T) {
	l := openTest(t, Options{})
	commit(t, l, t0, "opened", false, file("a", 0, "0"))                           // 1
	commit(t, l, t0.Add(10*time.Minute), "write", false, file("a", 1, "1"))        // 2
	commit(t, l, t0.Add(20*time.Minute), "before rewind", false, file("a", 2, "")) // 3
	commit(t, l, t0.Add(30*time.Minute), "my point", true, file("a", 3, "3"))      // 4
	commit(t, l, t0.Add(40*time.Minute), "write", false, file("a", 4, "4"))        // 5
	now := t0.Add(45 * time.Minute)
	for target, want := range map[string]int{
		"write":            5,
		"before rewind":    3,
		`"before rewind"`:  3,
		"  'my point'  ":   4,
		"my point":         4,
		"1":                1,
		"4":                4,
		"5m":               5, // at 40m exactly
		"6m":               4,
		"25m":              3,
		"15m":              4,
		"16m":              3,
		"35m":              2,
		"45m":              1,
		"1h":               0,
		"0h44m":            1,
		"2d":               0,
		"nonsense":         0,
		"7":                0,
		"":                 0,
		"opened\x1b]0;x\a": 0,
	} {
		c, err := l.Resolve(target, now)
		if want == 0 {
			if err == nil {
				t.Errorf("Resolve(%q) = %d, want an error", target, c.Number)
			} else if strings.ContainsAny(err.Error(), "\n\x1b\a") {
				t.Errorf("Resolve(%q): error not one safe line: %q", target, err)
			}
			continue
		}
		if err != nil || c.Number != want {
			t.Errorf("Resolve(%q) = %d, %v; want %d", target, c.Number, err, want)
		}
	}
	if _, err := l.Resolve("1h", now); err == nil || !strings.Contains(err.Error(), "the oldest is from") {
		t.Errorf("too early: %v", err)
	}
}

func TestParseName(t *testing.T) {
	for arg, want := range map[string]string{
		"before":            "before",
		"  before rewind  ": "before rewind",
		`"before rewind"`:   "before rewind",
		`'x y'`:             "x y",
		"ünïcode name":      "ünïcode name",
		"v1.2":              "v1.2",
		"10 minutes":        "10 minutes",
	} {
		if got, err := ParseName(arg); err != nil || got != want {
			t.Errorf("ParseName(%q) = %q, %v; want %q", arg, got, err, want)
		}
	}
	for _, arg := range []string{"", "  ", `""`, "12", "10m", "1h30m", "3d", "a\tb", "bell\a", "\xff", strings.Repeat("n", 201)} {
		if got, err := ParseName(arg); err == nil {
			t.Errorf("ParseName(%q) = %q, want an error", arg, got)
		}
	}
}

func TestCommitRefusesBadRecords(t *testing.T) {
	l := openTest(t, Options{})
	h := file("x", 0, "x").Disk
	for name, r := range map[string]Record{
		"no label":         {Time: t0, Files: []Entry{file("a", 1, "a")}},
		"control in label": {Time: t0, Label: "w\x1b", Files: []Entry{file("a", 1, "a")}},
		"numeric name":     {Time: t0, Label: "12", Named: true},
		"absolute path":    {Time: t0, Label: "write", Files: []Entry{file("/etc/passwd", 1, "a")}},
		"escaping path":    {Time: t0, Label: "write", Files: []Entry{file("../x", 1, "a")}},
		"twice":            {Time: t0, Label: "write", Files: []Entry{file("a", 1, "a"), file("a", 2, "b")}},
		"unknown hash":     {Time: t0, Label: "write", Files: []Entry{{Path: "a", Seq: 1, Exists: true}}},
		"hash of nothing":  {Time: t0, Label: "write", Files: []Entry{{Path: "a", Disk: h}}},
		"negative seq":     {Time: t0, Label: "write", Files: []Entry{{Path: "a", Seq: -1}}},
		"bad forget":       {Time: t0, Label: "write", Forget: []string{"../up"}},
	} {
		if _, err := l.Commit(r); err == nil || KindOf(err) != KindInvalid {
			t.Errorf("%s: Commit = %v, want an invalid-record error", name, err)
		}
	}
	if _, err := os.Stat(l.Name()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("refused commits created the log: %v", err)
	}
}

func TestPermissionsAndLayout(t *testing.T) {
	old := setUmask(0)
	defer setUmask(old)
	dir := filepath.Join(t.TempDir(), "data", "ws")
	l := openTest(t, Options{Dir: dir})
	commit(t, l, t0, "opened", false, file("a", 1, "a"))
	for name, want := range map[string]os.FileMode{dir: 0o700, l.Name(): 0o600, filepath.Join(dir, LockName): 0o600} {
		fi, err := os.Stat(name)
		if err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: %v %v, want %v", name, fi.Mode(), err, want)
		}
	}
}

func TestRefusesForeignLogs(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, LogName)
	other := openTest(t, Options{Dir: dir, Root: "/other/root"})
	commit(t, other, t0, "opened", false, file("a", 1, "a"))
	good := readLog(t, other)
	future := append([]byte(nil), good...)
	future[len(Magic)] = 9
	for what, c := range map[string]struct {
		data []byte
		kind Kind
	}{
		"other root":    {good, KindWrongRoot},
		"not a log":     {[]byte("hello world, not a log"), KindNotLog},
		"newer version": {future, KindVersion},
	} {
		if err := os.WriteFile(name, c.data, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := Open(Options{Dir: dir, Root: testRoot})
		if err == nil || KindOf(err) != c.kind || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: Open = %v (kind %d), want kind %d naming the file", what, err, KindOf(err), c.kind)
		}
		if after, _ := os.ReadFile(name); string(after) != string(c.data) {
			t.Errorf("%s: the refused log was modified", what)
		}
	}
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "elsewhere"), name); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Options{Dir: dir, Root: testRoot}); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("symlinked log: %v", err)
	}
}

// TestTwoProcesses: two Logs on one directory (as two kjx processes)
// append in turn; each sees the other's checkpoints, and ids never clash.
func TestTwoProcesses(t *testing.T) {
	a := openTest(t, Options{})
	b := reopen(t, a)
	commit(t, a, t0, "opened", false, file("a.txt", 1, "a1"))
	rb := commit(t, b, t0.Add(time.Second), "opened", false, file("b.txt", 1, "b1"))
	ra := commit(t, a, t0.Add(2*time.Second), "write", false, file("a.txt", 2, "a2"))
	if rb.Number != 2 || ra.Number != 3 {
		t.Errorf("numbers %d %d", rb.Number, ra.Number)
	}
	if err := b.Refresh(); err != nil {
		t.Fatal(err)
	}
	for _, lg := range []*Log{a, b, reopen(t, a)} {
		if got := shape(mustCheckpoint(t, lg, 3)); !slices.Equal(got, []string{"a.txt@2", "b.txt@1"}) {
			t.Errorf("checkpoint 3 = %v", got)
		}
		if p := lg.Problems(); p != nil {
			t.Errorf("problems: %q", p)
		}
	}
}

// TestTornTail: a crash in the middle of an append leaves an incomplete
// record. It is reported, the checkpoints before it are intact, and the
// next append cuts it off.
func TestTornTail(t *testing.T) {
	l := openTest(t, Options{})
	commit(t, l, t0, "opened", false, file("a", 1, "a1"))
	commit(t, l, t0.Add(time.Minute), "write", false, file("a", 2, "a2"))
	full := readLog(t, l)
	commit(t, l, t0.Add(2*time.Minute), "write", false, file("a", 3, "a3"), file("b", 1, "b1"))
	grown := readLog(t, l)
	for cut := len(full) + 1; cut < len(grown); cut += max(1, (len(grown)-len(full))/7) {
		if err := os.WriteFile(l.Name(), grown[:cut], 0o600); err != nil {
			t.Fatal(err)
		}
		l2 := reopen(t, l)
		if n := l2.Len(); n != 2 {
			t.Errorf("cut at %d: %d checkpoints, want 2", cut, n)
		}
		if p := l2.Problems(); len(p) != 1 || !strings.Contains(p[0], "interrupted write") {
			t.Errorf("cut at %d: problems %q", cut, p)
		}
		res := commit(t, l2, t0.Add(3*time.Minute), "write", false, file("a", 4, "a4"))
		l3 := reopen(t, l2)
		if p := l3.Problems(); p != nil || l3.Len() != 3 || res.Number != 3 {
			t.Errorf("cut at %d: after the next append: %d checkpoints, number %d, problems %q", cut, l3.Len(), res.Number, p)
		}
		if got := shape(mustCheckpoint(t, l3, 3)); !slices.Equal(got, []string{"a@4"}) {
			t.Errorf("cut at %d: %v", cut, got)
		}
	}
}

// TestAppendFailure: a failed append (disk full) leaves the log as it
// was and the checkpoint is not counted.
func TestAppendFailure(t *testing.T) {
	fail := false
	l := openTest(t, Options{FS: safefile.FS{Fail: func(step string) error {
		if fail && step == "append" {
			return errors.New("no space left on device")
		}
		return nil
	}}})
	commit(t, l, t0, "opened", false, file("a", 1, "a1"))
	before := readLog(t, l)
	fail = true
	if _, err := l.Commit(Record{Time: t0, Label: "write", Files: []Entry{file("a", 2, "a2")}}); err == nil || !strings.Contains(err.Error(), "no space") {
		t.Errorf("Commit = %v", err)
	}
	fail = false
	if after := readLog(t, l); string(after) != string(before) || l.Len() != 1 {
		t.Errorf("a failed append changed the log (%d checkpoints)", l.Len())
	}
	if res := commit(t, l, t0, "write", false, file("a", 2, "a2")); res.Number != 2 || res.Changed != 1 {
		t.Errorf("after the failure: %+v", res)
	}
}

func TestEntriesKeepHashes(t *testing.T) {
	l := openTest(t, Options{})
	e := Entry{Path: "a", Seq: 7, Exists: true, Disk: file("", 0, "hello\n").Disk, Added: 3, Deleted: 1}
	commit(t, l, t0, "write", false, e)
	got := mustCheckpoint(t, reopen(t, l), 1).Files[0]
	e.Time = t0
	if !reflect.DeepEqual(got, e) {
		t.Errorf("entry = %+v, want %+v", got, e)
	}
}
