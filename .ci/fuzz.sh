#!/usr/bin/env bash
# Runs every fuzz target of the module for the given time each (e.g. 4s, 5m).
# A fuzz target is a `func FuzzX(f *testing.F)` in a _test.go file.
#
# Go's fuzzer sometimes ends a short run with "context deadline exceeded"
# when the time runs out while a worker is busy; that is the toolchain's
# timeout, not a finding (a finding always writes "Failing input written").
# Such a run is retried up to twice, then reported as a warning.
set -euo pipefail
time=${1:-4s}
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0

fuzz_one() { # dir name
  go test -run '^$' -fuzz "^$2\$" -fuzztime "$time" "$1" >"$log" 2>&1
}

while IFS= read -r file; do
  dir=./$(dirname "$file")
  for name in $(grep -oE '^func (Fuzz[A-Za-z0-9_]+)\(' "$file" | sed -E 's/^func (Fuzz[A-Za-z0-9_]+)\(/\1/'); do
    echo "fuzz $dir $name ($time)"
    ok=0
    for attempt in 1 2 3; do
      if fuzz_one "$dir" "$name"; then ok=1; break; fi
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
done < <(grep -rlE '^func Fuzz[A-Za-z0-9_]+\(' --include='*_test.go' . | sort)
exit $status
