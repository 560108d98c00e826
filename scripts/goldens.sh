#!/usr/bin/env bash
# Records every output of `bench` into a directory, with host times normalised away, so that a
# refactoring that must not change behaviour can be checked by diffing two recordings:
#
#   scripts/goldens.sh /tmp/goldens-before
#   … change the code …
#   scripts/goldens.sh /tmp/goldens-after
#   diff -r /tmp/goldens-before /tmp/goldens-after
#
# Two recordings of unchanged code are identical. The script builds (debug) and records:
#   run/        a short non-quiet run of Benchmarks/ci.json with every output (console, --json,
#               --markdown, --html, --csv, --trace, --bmf, --github-benchmark, --influx); a run with
#               two rounds on a device with a GPU and a scenario whose name is hostile (quotes,
#               backslash, controls, U+2028, bidi), so the exports' spreads, model ranges and
#               string escapes show; a two-process run; a run counted under valgrind (skipped
#               when valgrind is missing), whose counts vary by a few in 10⁵ from run to run and
#               so are recorded as present, not by value
#   gate/       bench compare and bench check of two fresh runs (times stripped), and of
#               Results/baseline.json against a copy with times and one counter changed (exact)
#   help/       bench help, bench help <command> for every command, -h and --help, bench version
#   list/       bench list and bench list --json
#   render/     PNGs of two strategies with overlays (one with --cell), and the commands' lines
#   errors/     the output and exit code of ~40 bad inputs: options, scenario, suite and cell
#               files, and results files for check, compare and merge
#
# Times change from run to run, so every value that holds a host time, a ratio of times, a rank
# or significance by time, a count under valgrind, the host's fingerprint or the creation time is
# replaced by `T`; counters, pictures, device-model times and all text stay. JSON is normalised with
# python3 (not jq: jq 1.6 rewrites number literals, and python keeps them and the key order), into
# `*.sem.json` (parsed, times as "T", keys sorted, numbers as doubles: equal iff the JSON is equal)
# and `*.shape` (the raw bytes with every number written N: the layout, key order and escapes).
# Needs bash, python3 and swift; valgrind optional.
set -euo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: scripts/goldens.sh <output-directory>" >&2
    exit 2
fi
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$(realpath -m "$1")
rm -rf "$OUT"
mkdir -p "$OUT"/{run,gate,help,list,render,errors}

(cd "$ROOT" && swift build >/dev/null)
BENCH="$ROOT/.build/debug/bench"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Relative paths everywhere, so messages and provenance do not name this temporary directory.
cd "$WORK"
ln -s "$ROOT/Benchmarks" Benchmarks
mkdir Results && cp "$ROOT/Results/baseline.json" Results/

cat >normalise.py <<'PY'
import csv, io, json, re, sys

# Keys of a results file that hold host times, ratios of times or the host's fingerprint.
RESULT_TIME_KEYS = {"createdAt", "floorNanos", "copyFloorNanos", "keptCopyFloorNanos", "peakMemoryBytes",
                    "firstStepNanos", "trafficBoundNanos", "timing", "rounds", "roundRatios", "ratios",
                    "samples", "machine", "instructions", "cost"}
PROVENANCE_HOST_KEYS = {"host", "kernel", "memoryBytes"}
# Measures of the exports that are times or ratios of times.
TIME_MEASURES = {"step", "layout", "reuse", "composite", "stepToFloor", "compositeToFloor", "stepToNone",
                 "compositeToNone", "compositeToTraffic"}
# Column headers of the Markdown and HTML tables whose cells are times, ratios or ranks by time.
TIME_HEADERS = {"time rank", "step", "step p90", "worst step", "at step", "first load", "× floor", "× none",
                "layout", "reuse", "composite", "bound", "× bound", "old µs", "new µs", "change", "p",
                "detectable", "stepToNone", "stepToFloor", "tolerance", "processes", "× none (old → new)"}

NUMBER = re.compile(r"-?\b\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def leaves_to_t(value):
    if isinstance(value, dict):
        return {k: leaves_to_t(v) for k, v in value.items()}
    if isinstance(value, list):
        return [leaves_to_t(v) for v in value]
    return "T"


def results(doc):
    def walk(node, top):
        if isinstance(node, dict):
            out = {}
            for k, v in node.items():
                if k in RESULT_TIME_KEYS:
                    out[k] = leaves_to_t(v)
                elif k == "provenance" and isinstance(v, dict):
                    out[k] = {pk: (leaves_to_t(pv) if pk in PROVENANCE_HOST_KEYS else pv) for pk, pv in v.items()}
                else:
                    out[k] = walk(v, False)
            return out
        if isinstance(node, list):
            return [walk(v, False) for v in node]
        return node
    return walk(doc, True)


def bmf(doc):
    return {row: {m: (leaves_to_t(v) if m in TIME_MEASURES else v) for m, v in measures.items()}
            for row, measures in doc.items()}


def github(doc):
    out = []
    for entry in doc:
        entry = dict(entry)
        measure = entry["name"].rsplit(": ", 1)[-1]
        if measure in TIME_MEASURES or "." in measure:  # a time, or a count under valgrind
            entry["value"] = "T"
            if "range" in entry:
                entry["range"] = "T"
        out.append(entry)
    return out


def trace(doc):
    doc = dict(doc)
    doc["otherData"] = {k: ("T" if k in ("createdAt", "machine") else v) for k, v in doc["otherData"].items()}
    events = []
    for event in doc["traceEvents"]:
        event = {k: ("T" if k in ("ts", "dur") else v) for k, v in event.items()}
        if isinstance(event.get("args"), dict) and "ns" in event["args"]:
            event["args"] = dict(event["args"], ns="T")
        events.append(event)
    doc["traceEvents"] = events
    return doc


def as_doubles(node):
    """Every number as the double a JSON reader gets (1 and 1.0 are one number)."""
    if isinstance(node, dict):
        return {k: as_doubles(v) for k, v in node.items()}
    if isinstance(node, list):
        return [as_doubles(v) for v in node]
    if isinstance(node, (int, float)) and not isinstance(node, bool):
        return float(node)
    return node


def semantic(kind, text):
    doc = json.loads(text)
    doc = {"results": results, "bmf": bmf, "github": github, "trace": trace, "plain": lambda d: d}[kind](doc)
    return json.dumps(as_doubles(doc), indent=1, sort_keys=True, ensure_ascii=True) + "\n"


TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def shape(text):
    return NUMBER.sub("N", TIMESTAMP.sub("T", text))


def split_unescaped(text, separator):
    parts, current, escaped = [], "", False
    for ch in text:
        if escaped:
            current += ch
            escaped = False
        elif ch == "\\":
            current += ch
            escaped = True
        elif ch == separator:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    return parts


def influx(text):
    lines = []
    for line in text.split("\n"):
        if not line:
            lines.append(line)
            continue
        head, fields, *rest = split_unescaped(line, " ")
        out = []
        for field in split_unescaped(fields, ","):
            key = split_unescaped(field, "=")[0]
            out.append(key + "=T" if key in TIME_MEASURES else field)
        lines.append(" ".join([head, ",".join(out)] + ["T" for _ in rest]))
    return "\n".join(lines)


def csv_text(text):
    rows = list(csv.reader(io.StringIO(text, newline="")))
    header = rows[0]
    timed = {i for i, name in enumerate(header)
             if name in TIME_MEASURES or name.endswith("_ns") or name in ("floorNanos", "copyFloorNanos",
                                                                          "keptCopyFloorNanos", "trafficBoundNanos")}
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for r, row in enumerate(rows):
        writer.writerow(["T" if r > 0 and i in timed and cell != "" else cell for i, cell in enumerate(row)])
    return buffer.getvalue()


def prose(line):
    """Times and host facts in running text."""
    line = re.sub(r"\d[\d,]*(?:\.\d+)? µs", "T µs", line)
    line = re.sub(r"peak memory [\d,.]+ [KMG]?B", "peak memory T", line)
    line = re.sub(r"off scale: [^<]*", "off scale: T", line)
    line = TIMESTAMP.sub("T", line)
    return line


def markdown(text):
    out, timed = [], None
    for line in text.split("\n"):
        if line.startswith("|"):
            cells = split_unescaped(line.strip()[1:-1], "|")
            if timed is None:
                timed = {i for i, cell in enumerate(cells) if cell.strip() in TIME_HEADERS}
            elif not re.fullmatch(r"[\s:\-|]*", line):
                cells = [" T " if i in timed else cell for i, cell in enumerate(cells)]
            out.append("|" + "|".join(cells) + "|")
        else:
            timed = None
            out.append(prose(line))
    return "\n".join(out)


def html(text):
    # The step-time charts' geometry and ticks follow the times: keep their labels only.
    text = re.sub(r'<svg [^>]*aria-label="(Step time[^"]*)"[^>]*>.*?</svg>',
                  lambda m: "<svg step-time-chart=\"" + m.group(1) + "\"/>", text, flags=re.S)
    out, header = [], []
    for line in text.split("\n"):
        if "<th scope=\"col\">" in line:
            header = re.findall(r"<th scope=\"col\">(.*?)</th>", line)
        elif line.startswith("<tr>") and header:
            cells = re.findall(r"<t[hd][^>]*>.*?</t[hd]>", line)
            cells = [re.sub(r">.*?</td>", ">T</td>", c) if i < len(header) and header[i] in TIME_HEADERS else c
                     for i, c in enumerate(cells)]
            line = "<tr>" + "".join(cells) + "</tr>"
        elif line.startswith("</table>"):
            header = []
        out.append(prose(line))
    return "\n".join(out)


# Console tables: how many leading tokens of a row are not times, by the header's first words.
CONSOLE_TABLES = [
    # strategy, blended px, off-screen, passes, splits, tile MB and hit/miss ("a / b": 3 tokens).
    (r"strategy\s+blended px\s+off-screen\s+passes\s+splits\s+tile MB\s+hit/miss", 9),
    (r"strategy\s+device rank", -1),
    (r"strategy\s+rank\s", -1),
    (r"strategy\s+old µs", 1),
    (r"row\s+(stepToNone|stepToFloor)", 1),
]


def console(text):
    out, keep = [], None
    for line in text.split("\n"):
        tokens = line.split()
        header = next((k for pattern, k in CONSOLE_TABLES if re.match(pattern, line)), None)
        if header is not None:
            keep = header
            out.append(" ".join(tokens))
            continue
        is_row = (keep is not None and len(tokens) >= 2 and re.fullmatch(r"[a-z0-9][a-z0-9./-]*", tokens[0])
                  and re.match(r"[\d(–-]", tokens[1]))
        if is_row:
            if keep < 0:  # the last column (and its ≠) is the time rank
                tokens = tokens[:-1] if tokens[-1] == "≠" else tokens
            out.append(" ".join(tokens[:keep] + ["T"]))
            continue
        keep = None
        out.append(prose(line))
    return "\n".join(out)


kind, path = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8", newline="").read()
if kind.startswith("sem-"):
    sys.stdout.write(semantic(kind[4:], text))
else:
    sys.stdout.write({"shape": shape, "influx": influx, "csv": csv_text, "markdown": markdown, "html": html,
                      "console": console, "prose": lambda t: "\n".join(prose(l) for l in t.split("\n"))}[kind](text))
PY
norm() { python3 normalise.py "$@"; }

# JSON: its meaning without times, and its layout.
record_json() { # kind file destination-stem
    norm "sem-$1" "$2" >"$3.sem.json"
    norm shape "$2" >"$3.shape"
}

# `record NAME KIND -- command…`: the command's stdout, stderr (normalised by KIND) and exit code.
record() {
    local dest=$1 kind=$2
    shift 3
    local rc=0
    "$@" >stdout.txt 2>stderr.txt || rc=$?
    {
        echo "\$ ${*/#$BENCH/bench}"
        echo "exit: $rc"
        echo "--- stdout"
        norm "$kind" stdout.txt
        echo "--- stderr"
        norm "$kind" stderr.txt
    } >"$dest"
}

# The results file (the second argument) and the exports of a run that wrote them as <stem>.md,
# <stem>.csv, <stem>.influx, <stem>.bmf.json, <stem>.github.json and <stem>.trace.json, recorded
# as run/<stem>.*.
record_exports() { # stem results-file
    local stem=$1
    record_json results "$2" "$OUT/run/$stem.results"
    record_json bmf "$stem.bmf.json" "$OUT/run/$stem.bmf"
    record_json github "$stem.github.json" "$OUT/run/$stem.github"
    record_json trace "$stem.trace.json" "$OUT/run/$stem.trace"
    norm markdown "$stem.md" >"$OUT/run/$stem.md"
    norm csv "$stem.csv" >"$OUT/run/$stem.csv"
    norm shape "$stem.csv" >"$OUT/run/$stem.csv.shape"
    norm influx "$stem.influx" >"$OUT/run/$stem.influx"
    norm shape "$stem.influx" >"$OUT/run/$stem.influx.shape"
}

# ---------------------------------------------------------------------------------------------
# run/
record "$OUT/run/ci-console.txt" console -- "$BENCH" run --suite Benchmarks/ci.json --steps 5 \
    --json ci.json --markdown ci.md --html ci.html --csv ci.csv --trace ci.trace.json --bmf ci.bmf.json \
    --github-benchmark ci.github.json --influx ci.influx
record_exports ci ci.json
norm html ci.html >"$OUT/run/ci.html"

# A hostile name, two rounds, a device with a GPU (deviceTime and its range), an event label.
printf '%s\n' '{' \
    '  "name": "q\"b\\s/c\u0001\u001b\u007f\u0085\u2028\u202e é😀 a,b=c <x>&",' \
    '  "device": { "name": "small", "width": 320, "height": 480, "scale": 2, "refreshHz": 60, "gpu": "a9" },' \
    '  "table": { "sections": 6, "rowsPerSection": [1, 3, 2], "rowHeight": 44 },' \
    '  "scroll": { "kind": "constant", "pointsPerStep": 20, "steps": 4, "warmupSteps": 1 },' \
    '  "events": [ { "atStep": 2, "select": { "section": 1, "row": 0 } } ]' \
    '}' >hostile.json
record "$OUT/run/hostile-console.txt" console -- "$BENCH" run --scenario-file hostile.json --rounds 2 \
    --strategy none,per-cell-mask --json hostile.results.json --markdown hostile.md --csv hostile.csv \
    --trace hostile.trace.json --bmf hostile.bmf.json --github-benchmark hostile.github.json --influx hostile.influx
record_exports hostile hostile.results.json

record "$OUT/run/processes-console.txt" console -- "$BENCH" run --suite Benchmarks/ci.json --scenario ci-events \
    --strategy none,corner-radius-clip --steps 3 --processes 2 --json processes.json --bmf processes.bmf.json
record_json results processes.json "$OUT/run/processes.results"
record_json bmf processes.bmf.json "$OUT/run/processes.bmf"

if command -v valgrind >/dev/null; then
    record "$OUT/run/instructions-console.txt" console -- "$BENCH" run --suite Benchmarks/ci.json --scenario ci-scroll \
        --strategy none,per-cell-mask --steps 2 --instructions --quiet --json instructions.json \
        --github-benchmark instructions.github.json
    record_json results instructions.json "$OUT/run/instructions.results"
    record_json github instructions.github.json "$OUT/run/instructions.github"
else
    echo "valgrind not installed: no instruction counts recorded" >"$OUT/run/instructions-skipped.txt"
fi

# ---------------------------------------------------------------------------------------------
# gate/: two fresh runs (times stripped) …
"$BENCH" run --suite Benchmarks/ci.json --steps 5 --quiet --json second.json
record "$OUT/gate/compare-fresh.txt" console -- "$BENCH" compare ci.json second.json --markdown compare-fresh.md
norm markdown compare-fresh.md >"$OUT/gate/compare-fresh.md"
record "$OUT/gate/check-fresh.txt" console -- "$BENCH" check --baseline ci.json --results second.json \
    --markdown check-fresh.md
norm markdown check-fresh.md >"$OUT/gate/check-fresh.md"

# … and the committed baseline against a copy with fixed changes, whose every output is exact.
python3 - <<'PY'
import json
doc = json.load(open("Results/baseline.json"))
for i, run in enumerate(doc["runs"]):
    factor = 1.0 + 0.03 * (i % 5) - 0.04 * (i % 3)
    for phase, values in run.get("rounds", {}).items():
        run["rounds"][phase] = [int(v * (factor + 0.002 * k)) for k, v in enumerate(values)]
    for phase, summary in run.get("timing", {}).items():
        run["timing"][phase] = {k: int(v * factor) for k, v in summary.items()}
    for ratio, values in run.get("roundRatios", {}).items():
        run["roundRatios"][ratio] = [v * (factor + 0.002 * k) for k, v in enumerate(values)]
    for ratio, value in run.get("ratios", {}).items():
        run["ratios"][ratio] = value * factor
    if i == 2:
        run["totals"]["blendedPixels"] += run["steps"]
        run["perStep"]["blendedPixels"] += 1.0
    if i == 3:
        for phase in run.get("instructions", {}):
            run["instructions"][phase] = int(run["instructions"][phase] * 1.05)
json.dump(doc, open("changed.json", "w"), indent=2, sort_keys=True)
PY
record "$OUT/gate/compare-baseline.txt" prose -- "$BENCH" compare Results/baseline.json changed.json \
    --markdown compare-baseline.md
cp compare-baseline.md "$OUT/gate/compare-baseline.md"
record "$OUT/gate/check-baseline-changed.txt" prose -- "$BENCH" check --baseline Results/baseline.json \
    --results changed.json --markdown check-baseline-changed.md
cp check-baseline-changed.md "$OUT/gate/check-baseline-changed.md"
record "$OUT/gate/check-baseline-itself.txt" prose -- "$BENCH" check --baseline Results/baseline.json \
    --results Results/baseline.json

# ---------------------------------------------------------------------------------------------
# help/, list/
commands=(run list render check compare merge kernels version help)
record "$OUT/help/bench-help.txt" prose -- "$BENCH" help
record "$OUT/help/bench-dash-h.txt" prose -- "$BENCH" -h
record "$OUT/help/bench-version.txt" prose -- "$BENCH" version
record "$OUT/help/bench-dash-dash-version.txt" prose -- "$BENCH" --version
for c in "${commands[@]}"; do
    record "$OUT/help/help-$c.txt" prose -- "$BENCH" help "$c"
    record "$OUT/help/$c-dash-dash-help.txt" prose -- "$BENCH" "$c" --help
done
record "$OUT/list/list.txt" prose -- "$BENCH" list
record "$OUT/list/list-json.txt" prose -- "$BENCH" list --json

# ---------------------------------------------------------------------------------------------
# render/
record "$OUT/render/per-cell-mask-offscreen.txt" prose -- "$BENCH" render --strategy per-cell-mask \
    --overlay offscreen --downsample 2 --png per-cell-mask-offscreen.png
record "$OUT/render/shared-corner-grid-blended.txt" prose -- "$BENCH" render --strategy shared-corner-grid \
    --overlay blended --step 12 --png shared-corner-grid-blended.png
record "$OUT/render/corner-radius-clip-cell-raster.txt" prose -- "$BENCH" render --strategy corner-radius-clip \
    --cell Benchmarks/cells/avatars-and-badge.json --device iphone-se --overlay raster \
    --png corner-radius-clip-cell-raster.png
cp ./*.png "$OUT/render/"

# ---------------------------------------------------------------------------------------------
# errors/: each case is a command that must fail before measuring anything.
mkdir bad
w() { printf '%s\n' "$2" >"bad/$1"; }
w not-json.json '{ "name": "x", '
w trailing-comma.json '{ "name": "x", "device": "iphone-se", "table": { "sections": 2 }, "scroll": { "kind": "constant", "steps": 3 }, }'
w unknown-key.json '{ "name": "x", "device": "iphone-se", "tabel": { "sections": 2 }, "scroll": { "kind": "constant", "steps": 3 } }'
w wrong-type.json '{ "name": "x", "device": "iphone-se", "table": { "sections": "two" }, "scroll": { "kind": "constant", "steps": 3 } }'
w duplicate-key.json '{ "name": "x", "name": "y", "device": "iphone-se", "table": { "sections": 2 }, "scroll": { "kind": "constant", "steps": 3 } }'
w bad-steps.json '{ "name": "x", "device": "iphone-se", "table": { "sections": 2, "rowsPerSection": 3 }, "scroll": { "kind": "constant", "steps": 0 } }'
w unknown-device.json '{ "name": "x", "device": "iphone-3g", "table": { "sections": 2 }, "scroll": { "kind": "constant", "steps": 3 } }'
w bad-event.json '{ "name": "x", "device": "iphone-se", "table": { "sections": 2, "rowsPerSection": 1 }, "scroll": { "kind": "constant", "steps": 3 }, "events": [ { "atStep": 1, "select": { "section": 1, "row": 4 } } ] }'
w wrong-kind-key.json '{ "name": "x", "device": "iphone-se", "table": { "sections": 2, "rowsPerSection": 3 }, "scroll": { "kind": "constant", "steps": 3, "velocity": 10 } }'
w empty-suite.json '{ "suite": "s", "scenarios": [] }'
w suite-bad-strategy.json '{ "suite": "s", "strategies": ["none", "per-cel-mask"], "scenarios": [ { "name": "x", "device": "iphone-se", "table": { "sections": 2, "rowsPerSection": 3 }, "scroll": { "kind": "constant", "steps": 3 } } ] }'
w cell-not-json.json '{ "layers": [ '
w cell-unknown-key.json '{ "layers": [ { "frame": { "x": 0, "y": 0, "width": 10, "height": 10 }, "cornerRadiuss": 3 } ] }'
w cell-wrong-type.json '{ "layers": [ { "frame": { "x": 0, "y": 0, "width": 10, "height": 10 }, "masksToBounds": "yes" } ] }'
w cell-no-layers.json '{ "separatorInset": 3 }'
w cell-mask-of-mask.json '{ "layers": [ { "frame": { "x": 0, "y": 0, "width": 10, "height": 10 }, "mask": { "shape": "oval", "mask": {} } } ] }'
w cell-bad-colour.json '{ "layers": [ { "frame": { "x": 0, "y": 0, "width": 10, "height": 10 }, "backgroundColor": "red" } ] }'
w results-empty-object.json '{}'
w results-other-schema.json '{ "schema": "something.else/2" }'
python3 - <<'PY'
import json
doc = json.load(open("Results/baseline.json"))
doc["runs"][0]["totals"]["blendedPixels"] = -5
json.dump(doc, open("bad/results-negative-counter.json", "w"))
doc = json.load(open("Results/baseline.json"))
doc["runs"][1]["perStep"]["noSuchCounter"] = 1.0
json.dump(doc, open("bad/results-unknown-counter.json", "w"))
doc = json.load(open("Results/baseline.json"))
doc["runs"][0]["samples"] = {"step": [1, 2]}
json.dump(doc, open("bad/results-short-samples.json", "w"))
PY
cases=(
    "unknown-command|frobnicate"
    "unknown-option|run --stategy none"
    "option-without-value|run --steps"
    "steps-zero|run --steps 0"
    "steps-not-number|run --steps abc"
    "unknown-strategy|run --strategy per-cel-mask"
    "unknown-scenario|run --scenario ipad-setings"
    "unknown-device|run --device iphone-3g"
    "two-stdout|run --json - --bmf -"
    "radius-too-large|run --row-height 20 --corner-radius 12 --steps 2"
    "scenario-and-suite|run --scenario-file bad/not-json.json --suite Benchmarks/ci.json"
    "shard-out-of-range|run --shard 3/2"
    "filter-matches-nothing|run --filter zzz/qqq --steps 2"
    "suite-unknown-scenario|run --suite Benchmarks/ci.json --scenario ci-scrol"
    "scenario-file-missing|run --scenario-file bad/missing.json"
    "scenario-not-json|run --scenario-file bad/not-json.json"
    "scenario-trailing-comma|run --scenario-file bad/trailing-comma.json"
    "scenario-unknown-key|run --scenario-file bad/unknown-key.json"
    "scenario-wrong-type|run --scenario-file bad/wrong-type.json"
    "scenario-duplicate-key|run --scenario-file bad/duplicate-key.json"
    "scenario-steps-zero|run --scenario-file bad/bad-steps.json"
    "scenario-unknown-device|run --scenario-file bad/unknown-device.json"
    "scenario-bad-event|run --scenario-file bad/bad-event.json"
    "scenario-key-of-other-kind|run --scenario-file bad/wrong-kind-key.json"
    "suite-empty|run --suite bad/empty-suite.json"
    "suite-unknown-strategy|run --suite bad/suite-bad-strategy.json"
    "cell-missing|run --cell bad/no-such-cell.json --steps 2"
    "cell-not-json|run --cell bad/cell-not-json.json --steps 2"
    "cell-unknown-key|run --cell bad/cell-unknown-key.json --steps 2"
    "cell-wrong-type|render --cell bad/cell-wrong-type.json --strategy none --png x.png"
    "cell-no-layers|run --cell bad/cell-no-layers.json --steps 2"
    "cell-mask-of-mask|run --cell bad/cell-mask-of-mask.json --steps 2"
    "cell-bad-colour|run --cell bad/cell-bad-colour.json --steps 2"
    "check-without-baseline|check --results Results/baseline.json"
    "check-results-missing|check --baseline Results/baseline.json --results bad/missing.json"
    "check-results-not-json|check --baseline Results/baseline.json --results bad/not-json.json"
    "check-results-empty-object|check --baseline Results/baseline.json --results bad/results-empty-object.json"
    "check-results-other-schema|check --baseline Results/baseline.json --results bad/results-other-schema.json"
    "check-results-negative-counter|check --baseline Results/baseline.json --results bad/results-negative-counter.json"
    "check-bad-tolerance|check --baseline Results/baseline.json --results Results/baseline.json --time-tolerance 11"
    "compare-one-file|compare Results/baseline.json"
    "compare-unknown-counter|compare Results/baseline.json bad/results-unknown-counter.json"
    "compare-short-samples|compare bad/results-short-samples.json Results/baseline.json"
    "merge-one-file-no-json|merge Results/baseline.json"
    "merge-row-twice|merge Results/baseline.json Results/baseline.json --json merged.json"
    "render-without-png|render --strategy none"
    "render-bad-overlay|render --strategy none --overlay sparkles --png x.png"
    "render-downsample-zero|render --strategy none --downsample 0 --png x.png"
    "kernels-repetitions-zero|kernels --repetitions 0"
    "help-unknown-command|help frobnicate"
    "list-unknown-option|list --jsn"
)
for entry in "${cases[@]}"; do
    name=${entry%%|*}
    read -r -a args <<<"${entry#*|}"
    record "$OUT/errors/$name.txt" prose -- timeout 120 "$BENCH" "${args[@]}"
done

echo "goldens written to $OUT"
