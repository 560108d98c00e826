#!/usr/bin/env bash
# Rewrites Results/baseline.json (atomically) from the CI suite measured in 5 fresh processes,
# with each phase's instruction count under valgrind: summaries and one round per process, no raw
# samples, so the diff is one a reviewer can read. Commit it only on purpose: after a change that
# is meant to move the counters, the pictures or the instructions. Needs valgrind
# (apt-get install valgrind); takes about 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null; then
  echo "error: the baseline records instruction counts, which need valgrind (apt-get install valgrind)." >&2
  exit 2
fi
swift build
.build/debug/bench run --suite Benchmarks/ci.json --processes 5 --instructions --json Results/baseline.json --quiet "$@"
echo "Results/baseline.json updated; review 'git diff --stat Results/baseline.json' and commit it."
