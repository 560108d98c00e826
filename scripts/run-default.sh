#!/usr/bin/env bash
# Runs the default suite and saves its results (atomically) to Results/latest.json, printing the
# comparison table. Extra arguments go to `bench run` (e.g. --steps 60, --strategy none).
set -euo pipefail
cd "$(dirname "$0")/.."
swift run bench run --json Results/latest.json "$@"
