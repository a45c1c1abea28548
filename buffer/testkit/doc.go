// Package testkit is kjx's test support, in one place:
//
//   - RaceEnabled: whether the binary runs under the race detector, so that
//     property and timing tests can shrink their runs;
//   - ProcessCPU and CPUPerOp: the process's CPU time, which benchmarks
//     report per operation beside wall time ("cpu-ns/op"), because on a
//     shared, loaded machine wall time measures the neighbours as much as
//     the code;
//   - BuildKJX and BuildKJXInto: building the kjx command for end-to-end
//     tests and for cmd/kjxbench;
//   - Root and Shared: the repository root (the directory holding go.mod)
//     and the shared directory beside it (../shared: Vim cases and editing
//     traces), which tests read in place and skip without.
//
// Only tests and cmd/kjxbench may import it; cmd/kjx/arch_test.go fails
// when any other non-test file does. It imports nothing of kjx's, so the
// tests of every package, buffer's included, can use it. It lives below
// buffer, not in an internal/ directory, because the repository's
// top-level layout is fixed.
package testkit
