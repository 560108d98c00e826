#!/usr/bin/env bash
# Rewrites Results/baseline.json from a fresh run of the CI suite. bench writes the file to a
# temporary file beside it and renames it into place, so an interrupted update leaves the old
# baseline intact. Commit the new baseline with a message saying why it changed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift run bench run --suite Benchmarks/ci.json --json Results/baseline.json --quiet "$@"
echo "Results/baseline.json updated; review 'git diff --stat Results/baseline.json' and commit it."
