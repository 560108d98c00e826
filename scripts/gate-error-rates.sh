#!/usr/bin/env bash
# Measures the performance gate's error rates on this machine and prints them.
#
#   scripts/gate-error-rates.sh [checks] [steps]      (defaults: 10 checks, 20 steps)
#
# 1. A baseline of the CI suite (5 processes, instruction counts) from the normal build.
# 2. False alarms: <checks> fresh runs of the same build, each checked against the baseline.
#    Every failure is a false alarm.
# 3. Misses: <checks> runs of a build with a deliberate slowdown (compiled in only with
#    -DCORNERBENCH_FAULT_INJECTION, into .build-faults): per-cell-mask's reuse, layout or composite
#    phase (in turn) busy-waits for 10 % of its own duration. A check counts as caught only when it
#    fails and names per-cell-mask and that phase.
#
# Needs valgrind (Debian and Ubuntu: apt-get install valgrind). Takes about a minute per check.
set -euo pipefail
cd "$(dirname "$0")/.."
checks="${1:-10}"
steps="${2:-20}"
strategy=per-cell-mask
slowdown=0.10
if ! command -v valgrind >/dev/null; then
  echo "error: this script counts instructions with valgrind, which is not installed (apt-get install valgrind)." >&2
  exit 2
fi
case "$checks$steps" in *[!0-9]*) echo "usage: scripts/gate-error-rates.sh [checks] [steps]" >&2; exit 2 ;; esac

echo "== building the normal build and the fault-injection build"
swift build >/dev/null
swift build --build-path .build-faults -Xswiftc -DCORNERBENCH_FAULT_INJECTION >/dev/null
plain=.build/debug/bench
faulty=.build-faults/debug/bench

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
measure() { # bench-executable output.json
  "$1" run --suite Benchmarks/ci.json --steps "$steps" --processes 5 --instructions --json "$2" --quiet
}
check() { # results.json → prints the report, returns bench check's exit status
  "$plain" check --baseline "$work/baseline.json" --results "$1" > "$work/report.txt" 2>&1
}

echo "== baseline: CI suite, $steps steps, 5 processes, instruction counts"
measure "$plain" "$work/baseline.json"

false_alarms=0
echo "== $checks checks of identical code"
for i in $(seq 1 "$checks"); do
  measure "$plain" "$work/current.json"
  if check "$work/current.json"; then
    echo "  check $i: pass"
  else
    status=$?
    [ "$status" -eq 1 ] || { cat "$work/report.txt"; echo "error: bench check exited $status" >&2; exit 2; }
    false_alarms=$((false_alarms + 1))
    echo "  check $i: FALSE ALARM"
    grep '✗' "$work/report.txt" | sed 's/^/    /'
  fi
done

caught=0
phases=(reuse layout composite)
echo "== $checks checks of a build where one phase of $strategy is ${slowdown} slower"
for i in $(seq 1 "$checks"); do
  phase="${phases[$(( (i - 1) % 3 ))]}"
  CORNERBENCH_SLOWDOWN="$strategy:$phase:$slowdown" measure "$faulty" "$work/current.json"
  if check "$work/current.json"; then
    echo "  check $i ($phase): MISSED"
  else
    status=$?
    [ "$status" -eq 1 ] || { cat "$work/report.txt"; echo "error: bench check exited $status" >&2; exit 2; }
    if grep -q "✗ .*/$strategy: $phase " "$work/report.txt"; then
      caught=$((caught + 1))
      echo "  check $i ($phase): caught"
    else
      echo "  check $i ($phase): failed without naming $strategy's $phase"
    fi
    grep '✗' "$work/report.txt" | sed 's/^/    /'
  fi
done

echo
echo "False alarms: $false_alarms of $checks checks of identical code."
echo "Caught: $caught of $checks checks with $strategy's reuse, layout or composite phase $(awk "BEGIN{print $slowdown*100}") % slower."
