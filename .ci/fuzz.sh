#!/usr/bin/env bash
# Runs every fuzz target of the module for the given time each (e.g. 4s, 5m).
# A fuzz target is a `func FuzzX(f *testing.F)` in a _test.go file.
#
# Each package's fuzz-instrumented test binary is built once (`go test -c
# -fuzz`) and run once per target, in the package's directory as `go test`
# would, with the same fuzz cache ($GOCACHE/fuzz/<import path>). `go test
# -fuzz` itself takes one target per run and re-checks and re-links the
# package each time, about 1.5 s per target before fuzzing starts.
#
# Go's fuzzer sometimes ends a short run with "context deadline exceeded"
# when the time runs out while a worker is busy; that is the toolchain's
# timeout, not a finding (a finding always writes "Failing input written").
# Such a run is retried up to twice, then reported as a warning.
set -euo pipefail
time=${1:-4s}
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
log=$work/log
cache=$(go env GOCACHE)/fuzz
status=0

fuzz_one() { # dir importpath name
  (cd "$1" && "$work/pkg.test" -test.run '^$' -test.fuzz "^$3\$" -test.fuzztime "$time" \
    -test.fuzzcachedir "$cache/$2") >"$log" 2>&1
}

# The package directories holding fuzz targets, each once.
dirs=$(grep -rlE '^func Fuzz[A-Za-z0-9_]+\(' --include='*_test.go' . | xargs -n1 dirname | sort -u)
for dir in $dirs; do
  names=$(cat "$dir"/*_test.go | grep -oE '^func (Fuzz[A-Za-z0-9_]+)\(' | sed -E 's/^func (Fuzz[A-Za-z0-9_]+)\(/\1/')
  first=$(echo "$names" | head -n1)
  # -fuzz makes go test instrument the package; any of its targets will do.
  if ! go test -c -o "$work/pkg.test" -fuzz "^$first\$" "$dir" >"$log" 2>&1; then
    echo "fuzz $dir: build failed"; cat "$log"; status=1; continue
  fi
  pkg=$(go list "$dir")
  for name in $names; do
    echo "fuzz $dir $name ($time)"
    ok=0
    for attempt in 1 2 3; do
      if fuzz_one "$root/$dir" "$pkg" "$name"; then ok=1; break; fi
      if grep -q 'Failing input written' "$log" || ! grep -q 'context deadline exceeded' "$log"; then
        break # a real finding or another error
      fi
      echo "  (the fuzzer's own deadline expired mid-run; retrying, attempt $attempt)"
    done
    if [ $ok = 0 ]; then
      if ! grep -q 'Failing input written' "$log" && grep -q 'context deadline exceeded' "$log"; then
        echo "  warning: $name ended three times on the fuzzer's own deadline, with no failing input"
      else
        cat "$log"; status=1
      fi
    fi
  done
done
exit $status
