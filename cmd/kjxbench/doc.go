// Command kjxbench is kjx's performance suite: it runs the same workloads
// through kjx (headless) and through Vim, and compares wall time, CPU time
// and peak memory.
//
// Usage, from anywhere inside the repository:
//
//	go run ./cmd/kjxbench [-runs 5] [-quick] [-only 1a,2] [-json FILE] [-png FILE] [-md FILE]
//	                      [-txns N] [-bigsize 1G] [-jsonsize N] [-jsonedits N] [-branch N]
//	                      [-shared DIR] [-cache DIR] [-work DIR] [-keep] [-kjx BIN] [-vim BIN]
//	                      [-timeout D] [-cpuprofile FILE]
//
// It builds kjx from the repository (or takes -kjx), finds Vim on PATH,
// and reads the traces in place from ../shared/traces (or -shared DIR).
// Inputs are generated deterministically into a temporary work directory;
// the big file of workload 3 is generated once into -cache (default
// $TMPDIR/kjxbench-cache) and reused.
//
// # Workloads
//
//	1a, 1b  replay seph-blog1 (137 k transactions) and rustcode (37 k): each
//	        transaction typed at its recorded time as one undo block, then
//	        :w, :earlier 1d, :later 1d, :w, :undo 0, :w.
//	1c, 1d  the same traces in the typed shape (typed.go): each patch typed as
//	        a person would, "{byte}go", i or a, one <BS> per deleted
//	        character, the text with <CR>, <Esc>, one ":normal!" line per
//	        patch; then time travel of every kind (g-/g+ and u/CTRL-R with
//	        counts, :undo N, :earlier/:later by time, count and file writes),
//	        each result written and compared with Vim's.
//	2       1000 edits on a 5 MB one-line minified JSON, then :undo 0.
//	3       open a 1 GB file, change one line, :w, :q.
//	3L      open the 1 GB file and :q! (kjx's load rate in GB/s).
//	4       10 000 branching edits (4 edits, then 3u, repeated), then g- 10 000 times.
//	5       :rundo and :wundo of workload 4's history in a new process, :undo 0.
//	6       kjx's undo-tree panel for workload 1a's tree, drawn off-screen in this
//	        process: first frame, redraw and j/k frame times (kjx only).
//
// Every workload checks its output files: against the model text the
// generator computed (the trace's endContent and startContent, the edited
// JSON, the undo tree model of workload 4), or kjx's against Vim's. A
// wrong output marks the workload FAILED and its goals FAIL.
//
// # How both editors do the same work
//
// A workload is an editor-neutral Script (script.go). Its Ex lines are
// byte-identical for both editors; only three things are written
// differently: the clock (Vim: call test_settime(T); kjx: --clock and
// :sleep N, which advances kjx's virtual clock at once), the end of an
// undo block (Vim: let &ul=&ul; kjx: nothing, as every Ex line of a -S
// script is one block, and the later lines of a block begin with
// undojoin|) and quitting (qa! / q!). Edits are typed with ":goto N" and
// ":normal!" keys that put the cursor on a character, never on an end of
// line (edits.go); newlines are typed as a placeholder character and
// split with ":s/¶/\r/g", because kjx's :normal does not turn raw control
// bytes into keys as Vim's does.
//
// Vim runs as "vim -u NONE -i NONE -N -n -Es -S script FILE", kjx as
// "kjx --headless --clean [--clock T] -S script FILE". Each run is a new
// process; runs alternate which editor goes first; wall time is measured
// around the process, CPU time and peak RSS come from its rusage
// (ProcessState.SysUsage, ru_maxrss in KiB on Linux). A small helper (this
// program re-executed, measure.go) starts each editor, because Linux would
// otherwise report kjxbench's own peak RSS as the editor's floor; the
// helper's floor is about 2 MiB. On a busy machine wall time includes
// waiting for a CPU, so the report also gives CPU time and the load
// average. The report gives medians, the ratios kjx/Vim, and PASS/MISS for
// each goal:
//
//	1a-1d   wall ≤ 0.33, RSS ≤ 1.0      4  wall ≤ 0.5
//	2       wall ≤ 0.1, RSS ≤ 0.1       5  wall ≤ 0.5
//	3       wall ≤ 1.0                  3L kjx load ≥ 1 GB/s
//
// -quick sizes the suite for CI (-runs 3 -txns 3000 -bigsize 64M
// -jsonsize 1000000 -branch 2000, each unless given). -cpuprofile FILE
// runs kjx's script of the first selected workload in this process under
// the CPU profiler instead of measuring (kjx has no profiling flag).
//
// The exit status is 0 when every workload produced the right output, 1
// when one did not, 2 on a usage or setup error. Missed goals are results,
// not errors.
package main
