#!/usr/bin/env bash
# The CI performance gate: measures the CI suite in 5 fresh processes, counts each phase's
# instructions under valgrind, and checks both against Results/baseline.json. Counters and pictures
# are gated exactly, instruction counts within 2 % per phase. The step time relative to `none`
# (stepToNone) fails only when the 5 processes differ significantly from the baseline's 5 and by
# more than the tolerance; 25 % here because the baseline may come from another day, and this
# machine's memory speed has varied up to 4x between days. Extra arguments go to `bench check`.
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
.build/debug/bench check --baseline Results/baseline.json --results "$out/current.json" --time-tolerance 0.25 "$@"
