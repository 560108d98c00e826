import Results

/// The trace report: every measured step as slices on a timeline (for Perfetto or chrome://tracing).
///
/// Trace Event Format (the JSON object form): a process per scenario, a thread per strategy, and
/// per step a complete event `step` with `layout`, `reuse` and `composite` nested in it, back to
/// back in that order from its start. The timeline is reconstructed, not recorded: each thread's
/// steps are laid end to end from 0, because the runner interleaves strategies and times the memory
/// floor between steps, and those gaps say nothing about a strategy. Durations are the measured
/// samples; a phase that would overrun its step (timer granularity) is cut at the step's end so
/// the slices nest, and its measured nanoseconds stay in `args.ns`.
///
/// The JSON is written by hand rather than with `JSONSerialization` so timestamps are exact
/// decimals (nanoseconds / 1000) instead of the nearest binary double, and the output is stable;
/// its strings (scenario and strategy names, the machine) go through `Escape.json`, whole.
extension Results {
    /// The results as a Trace Event Format JSON object with `traceEvents` and `displayTimeUnit`.
    public func traceReport() -> String {
        var events: [String] = []
        let strategies = strategyNames
        for (s, scenario) in scenarioNames.enumerated() {
            let pid = s + 1
            events.append(#"{"name":"process_name","ph":"M","pid":\#(pid),"tid":0,"args":{"name":\#(Escape.json("scenario " + scenario))}}"#)
            events.append(#"{"name":"process_sort_index","ph":"M","pid":\#(pid),"tid":0,"args":{"sort_index":\#(pid)}}"#)
            for run in runs where run.scenario == scenario {
                let tid = (strategies.firstIndex(of: run.strategy) ?? 0) + 1
                events.append(#"{"name":"thread_name","ph":"M","pid":\#(pid),"tid":\#(tid),"args":{"name":\#(Escape.json(run.strategy))}}"#)
                events.append(#"{"name":"thread_sort_index","ph":"M","pid":\#(pid),"tid":\#(tid),"args":{"sort_index":\#(tid)}}"#)
                events += Results.traceSteps(run, pid: pid, tid: tid)
            }
        }
        let other = #"{"tool":\#(Escape.json("CornerBench \(tool.version) \(tool.configuration)")),"#
            + #""optimized":\#(tool.optimized),"machine":\#(Escape.json(machine.cpu)),"#
            + #""createdAt":\#(Escape.json(createdAt))}"#
        return "{\"displayTimeUnit\":\"ns\",\"otherData\":\(other),\"traceEvents\":[\n"
            + events.joined(separator: ",\n") + "\n]}\n"
    }

    /// The slices and instants of one run's steps, laid end to end from time 0.
    private static func traceSteps(_ run: RunResult, pid: Int, tid: Int) -> [String] {
        var events: [String] = []
        let steps = run.samples[.step] ?? []
        let eventSteps = Set(run.eventSteps)
        // What each event was, where the results say (older files do not).
        var labels: [Int: String] = [:]
        if let names = run.eventLabels, names.count == run.eventSteps.count {
            labels = Dictionary(zip(run.eventSteps, names), uniquingKeysWith: { a, _ in a })
        }
        var cursor = 0
        for (k, stepNanos) in steps.enumerated() {
            let step = max(0, stepNanos)
            let isEvent = eventSteps.contains(k)
            let ids = #""pid":\#(pid),"tid":\#(tid)"#
            events.append(#"{"name":"\#(Phase.step.name)","cat":"step","ph":"X",\#(ids),"ts":\#(traceMicros(cursor)),"dur":\#(traceMicros(step)),"args":{"step":\#(k),"ns":\#(stepNanos),"event":\#(isEvent)}}"#)
            var start = cursor, left = step
            for phase in [Phase.layout, .reuse, .composite] {
                guard let samples = run.samples[phase], k < samples.count else { continue }
                let duration = min(max(0, samples[k]), left)
                events.append(#"{"name":"\#(phase.name)","cat":"phase","ph":"X",\#(ids),"ts":\#(traceMicros(start)),"dur":\#(traceMicros(duration)),"args":{"step":\#(k),"ns":\#(samples[k])}}"#)
                start += duration
                left -= duration
            }
            if isEvent {
                events.append(#"{"name":\#(Escape.json(labels[k] ?? "scenario event")),"cat":"event","ph":"i","s":"t",\#(ids),"ts":\#(traceMicros(cursor)),"args":{"step":\#(k)}}"#)
            }
            cursor += step
        }
        return events
    }

    /// Non-negative nanoseconds as an exact decimal number of microseconds (`1234` → `1.234`).
    private static func traceMicros(_ nanos: Int) -> String {
        let fraction = String(nanos % 1000)
        return "\(nanos / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
