#!/usr/bin/env bash
# Compares two results files: counters old → new and step times tested one value per process
# (Mann-Whitney U; `~` = not significant). Make both with `bench run --processes 5`.
# Usage: scripts/compare.sh OLD.json NEW.json [--markdown F]
set -euo pipefail
if [ "$#" -lt 2 ]; then
  echo "usage: scripts/compare.sh OLD.json NEW.json [--markdown FILE]" >&2
  exit 2
fi
# Paths are taken as given (relative to where you are), so run bench from the package by path.
swift run --package-path "$(dirname "$0")/.." bench compare "$@"
