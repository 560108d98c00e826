#!/usr/bin/env bash
# How much the host's memory traffic moves the times: runs the default suite in 5 fresh processes
# on a quiet machine, then 5 more beside a memory-bandwidth load on the other core (`bench kernels`
# streaming frame-sized fills, copies and blends), and prints each strategy's step time and its
# ratio to none (stepToNone) both ways with `bench compare`, which says where the difference is
# within noise (~). Counters do not move; times and their ratios do, and this shows by how much.
# Both sides time with the kernels the quiet runs chose (store path, blend lanes).
# Pins the measurement to core 0 and the load to core 1 with taskset when it is there. Extra
# arguments go to both runs (e.g. --steps 60, --suite Benchmarks/devices.json). Takes about 2
# minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
bench=.build/debug/bench
out="$(mktemp -d)"
load=""
cleanup() {
  if [ -n "$load" ]; then kill "$load" 2>/dev/null || true; wait "$load" 2>/dev/null || true; fi
  rm -rf "$out"
}
trap cleanup EXIT
pin() {
  local core="$1"; shift
  if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then taskset -c "$core" "$@"; else "$@"; fi
}

echo "== 5 processes, quiet"
pin 0 "$bench" run --processes 5 --quiet --json "$out/quiet.json" "$@"
echo "== 5 processes beside a memory-bandwidth load on the other core"
# Started directly, not through `pin`: a backgrounded shell function runs in a subshell, and
# `$!` would be that subshell's, whose kill left the load running.
# Its messages go to a file: stopping it makes it say it was interrupted, which is no news; but
# a load that stopped by itself would leave the "loaded" runs quiet, so that is an error.
# `bench kernels` takes at most 1,000 passes, so the load runs it again and again; its loop stops
# the pass under way when it is stopped itself.
loop='trap "kill \$pass 2>/dev/null; exit" TERM; while :; do "$0" kernels --repetitions 1000 >/dev/null & pass=$!; wait $pass || exit 1; done'
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  taskset -c 1 bash -c "$loop" "$bench" 2>"$out/load.err" &
else
  bash -c "$loop" "$bench" 2>"$out/load.err" &
fi
load=$!
sleep 2
pin 0 "$bench" run --processes 5 --quiet --json "$out/loaded.json" "$@"
if ! kill -0 "$load" 2>/dev/null; then
  echo "error: the memory-bandwidth load (bench kernels) stopped before the loaded runs ended:" >&2
  cat "$out/load.err" >&2
  exit 2
fi
kill "$load" 2>/dev/null || true
wait "$load" 2>/dev/null || true
load=""
echo "== quiet (old) against loaded (new): step µs and × none, each tested over the processes"
"$bench" compare "$out/quiet.json" "$out/loaded.json"
