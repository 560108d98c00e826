#!/usr/bin/env bash
# The CI performance gate: runs the CI suite (Benchmarks/ci.json) twice — the second run measures
# this machine's noise (an A/A run) — and checks it against the committed baseline,
# Results/baseline.json. Exit 1 on a regression (a counter that grew, a changed frame, a time ratio
# beyond the tolerance), 2 on unusable input. Extra arguments go to `bench check`.
#
# The time tolerance is 0.5 here, not the tool's 0.25: the baseline may come from another machine
# of the same kind, and ratios to the memory floor move with cache sizes. Counters and pictures are
# exact and gated with no tolerance at all.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
swift run bench check --baseline Results/baseline.json --suite Benchmarks/ci.json --aa --time-tolerance 0.5 "$@"
