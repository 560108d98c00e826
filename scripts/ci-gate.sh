#!/usr/bin/env bash
# The CI performance gate: runs the CI suite (Benchmarks/ci.json) twice — the second run measures
# this machine's noise (an A/A run) — and checks it against the committed baseline,
# Results/baseline.json. Exit 1 on a regression (a counter that grew, a changed frame, a time ratio
# beyond the tolerance), 2 on unusable input. Extra arguments go to `bench check`.
#
# Times are gated as each strategy's step time over `none`'s in the same run (stepToNone), with a
# tolerance of 0.5 (never below 3 × the A/A spread): on this 2-core VM the memory floor itself moved
# by ×1.7 between processes (a small framebuffer sometimes stays in the last-level cache), which
# shifted every stepToFloor alike and failed the gate with no code change. `bench check` gates both
# ratios by default. Counters and pictures are exact and gated with no tolerance at all.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
swift run bench check --baseline Results/baseline.json --suite Benchmarks/ci.json --aa --time-tolerance 0.5 --time-ratio stepToNone "$@"
