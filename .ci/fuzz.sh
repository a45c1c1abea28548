#!/usr/bin/env bash
# Runs every fuzz target of the module for the given time each (e.g. 4s, 5m).
# A fuzz target is a `func FuzzX(f *testing.F)` in a _test.go file.
set -euo pipefail
time=${1:-4s}
cd "$(dirname "$0")/.."
status=0
while IFS= read -r file; do
  dir=./$(dirname "$file")
  for name in $(grep -oE '^func (Fuzz[A-Za-z0-9_]+)\(' "$file" | sed -E 's/^func (Fuzz[A-Za-z0-9_]+)\(/\1/'); do
    echo "fuzz $dir $name ($time)"
    if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$time" "$dir" >/tmp/kjx-fuzz.$$ 2>&1; then
      cat /tmp/kjx-fuzz.$$; status=1
    fi
  done
done < <(grep -rlE '^func Fuzz[A-Za-z0-9_]+\(' --include='*_test.go' . | sort)
rm -f /tmp/kjx-fuzz.$$
exit $status
