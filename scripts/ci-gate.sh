#!/usr/bin/env bash
# The CI performance gate: measures the CI suite in 5 fresh processes, counts each phase's
# instructions and estimated cycles under valgrind's simulated cache, and checks them against
# Results/baseline.json. What is gated on any host is host-free: counters and pictures exactly,
# instructions within 2 % per phase, estimated cycles within 5 % per phase. The step time relative
# to `none` (stepToNone) is gated only when the baseline was measured on the same kind of host
# (the same processor, cache sizes and huge-page mode: `provenance.host`); elsewhere it is reported
# and not gated. On the same kind of host it fails only when the 5 processes differ significantly
# from the baseline's 5 and by more than 10 % (and twice the processes' spread): the baseline may be
# hours or days older than the run, and the same kind of host can have other neighbours. Extra
# arguments go to `bench check`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
if ! command -v valgrind >/dev/null; then
  echo "error: the gate counts instructions with valgrind, which is not installed (apt-get install valgrind)." >&2
  exit 2
fi
.build/debug/bench run --suite Benchmarks/ci.json --processes 5 --instructions --json "$out/current.json" --quiet
.build/debug/bench check --baseline Results/baseline.json --results "$out/current.json" --time-tolerance 0.10 "$@"
