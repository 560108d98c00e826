#!/usr/bin/env bash
# Measures the performance gate's error rates on this machine and prints them.
#
#   scripts/gate-error-rates.sh [checks] [steps]      (defaults: 10 checks, 20 steps)
#
# 1. False alarms: a baseline of the CI suite (5 processes, instructions and estimated cycles)
#    from the normal build, then <checks> fresh runs of the same build, each checked against it.
#    Every failure is a false alarm.
# 2. Misses: a build with deliberate slowdowns compiled in (only with
#    -DCORNERBENCH_FAULT_INJECTION, into .build-faults) makes a baseline of its own with no
#    slowdown, so that the slowdown is the only difference a check can see, then:
#    a. <checks> runs where per-cell-mask's reuse, layout or composite phase (in turn) busy-waits
#       for 10 % of its own duration (time only: caught by the time gate, on the same host);
#    b. <checks> runs where per-cell-mask's composite reads every other cache line of a
#       framebuffer-sized buffer after its work (memory only: few instructions, many RAM
#       accesses; caught by the estimated-cycle gate on any host).
#    A check counts as caught only when it fails and names per-cell-mask and that phase.
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
check() { # results.json [baseline.json] → writes the report, returns bench check's exit status
  "$plain" check --baseline "${2:-$work/baseline.json}" --results "$1" > "$work/report.txt" 2>&1
}
# Counts a fault-injection run as caught when the check fails naming $strategy and the phase.
caught_by() { # label phase what → increments caught when the report names $strategy's phase
  local label="$1" phase="$2" what="$3"
  if check "$work/current.json" "$work/faulty-baseline.json"; then
    echo "  $label: MISSED"
  else
    status=$?
    [ "$status" -eq 1 ] || { cat "$work/report.txt"; echo "error: bench check exited $status" >&2; exit 2; }
    if grep -q "✗ .*/$strategy: $phase $what" "$work/report.txt"; then
      caught=$((caught + 1))
      echo "  $label: caught"
    else
      echo "  $label: failed without naming $strategy's $phase $what"
    fi
    grep '✗' "$work/report.txt" | sed 's/^/    /'
  fi
}

echo "== baselines: CI suite, $steps steps, 5 processes, instructions and estimated cycles (normal and fault-injection builds)"
measure "$plain" "$work/baseline.json"
measure "$faulty" "$work/faulty-baseline.json"

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
echo "== $checks checks of a build where one phase of $strategy is ${slowdown} slower (time only)"
for i in $(seq 1 "$checks"); do
  phase="${phases[$(( (i - 1) % 3 ))]}"
  CORNERBENCH_SLOWDOWN="$strategy:$phase:$slowdown" measure "$faulty" "$work/current.json"
  caught_by "check $i ($phase)" "$phase" ""
done
caught_time=$caught

caught=0
instructions_flagged=0
echo "== $checks checks of a build where $strategy's composite reads every other line of a frame-sized buffer (memory only)"
for i in $(seq 1 "$checks"); do
  CORNERBENCH_SLOWDOWN="$strategy:composite:memory" measure "$faulty" "$work/current.json"
  caught_by "check $i (composite memory)" composite "estimated cycles"
  if grep -q "✗ .*/$strategy: composite instructions" "$work/report.txt"; then instructions_flagged=$((instructions_flagged + 1)); fi
done

echo
echo "False alarms: $false_alarms of $checks checks of identical code."
echo "Caught: $caught_time of $checks checks with $strategy's reuse, layout or composite phase $(awk "BEGIN{print $slowdown*100}") % slower."
echo "Caught: $caught of $checks checks with $strategy's composite reading a frame-sized buffer (estimated cycles); the instruction gate alone flagged $instructions_flagged of them."
