#!/usr/bin/env bash
# Rewrites Results/baseline.json (atomically) from the CI suite measured in 5 fresh processes:
# summaries and one round per process, no raw samples, so the diff is one a reviewer can read.
# Commit it only on purpose: after a change that is meant to move the counters or the pictures.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
.build/debug/bench run --suite Benchmarks/ci.json --processes 5 --json Results/baseline.json --quiet "$@"
echo "Results/baseline.json updated; review 'git diff --stat Results/baseline.json' and commit it."
