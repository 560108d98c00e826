import Results

/// The trace report: every measured step as slices on a timeline (for Perfetto or chrome://tracing),
/// in Trace Event Format's object form: a process per scenario, a thread per strategy, and per step
/// a slice `step` with `layout`, `reuse` and `composite` nested back to back in it. Each thread's
/// steps are laid end to end from 0: the runner interleaves strategies and the floor, and those gaps
/// say nothing about a strategy. A phase that would overrun its step (timer granularity) is cut at
/// the step's end so the slices nest; its measured ns stay in `args.ns`. Written by `ExportJSON`.
extension Report {
    /// The results as a Trace Event Format JSON object with `traceEvents` and `displayTimeUnit`.
    public func trace() -> String {
        var events: [TraceEvent] = []
        let strategies = strategyNames
        for (s, scenario) in scenarioNames.enumerated() {
            let pid = s + 1
            events.append(.metadata("process_name", pid: pid, tid: 0, args: TraceEvent.Args(name: "scenario " + scenario)))
            events.append(.metadata("process_sort_index", pid: pid, tid: 0, args: TraceEvent.Args(sortIndex: pid)))
            for run in runs where run.scenario == scenario {
                let tid = (strategies.firstIndex(of: run.strategy) ?? 0) + 1
                events.append(.metadata("thread_name", pid: pid, tid: tid, args: TraceEvent.Args(name: run.strategy)))
                events.append(.metadata("thread_sort_index", pid: pid, tid: tid, args: TraceEvent.Args(sortIndex: tid)))
                events += Report.traceSteps(run, pid: pid, tid: tid)
            }
        }
        let other = TraceDocument.OtherData(tool: "CornerBench \(tool.version) \(tool.configuration)", optimized: tool.optimized,
                                            machine: machine.cpu, createdAt: createdAt)
        return ExportJSON.text(TraceDocument(displayTimeUnit: "ns", otherData: other, traceEvents: events), pretty: false)
    }

    /// The slices and instants of one run's steps, laid end to end from time 0.
    private static func traceSteps(_ run: RunResult, pid: Int, tid: Int) -> [TraceEvent] {
        var events: [TraceEvent] = []
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
            events.append(TraceEvent(name: Phase.step.name, cat: "step", ph: "X", pid: pid, tid: tid, ts: micros(cursor), dur: micros(step),
                                     args: TraceEvent.Args(step: k, ns: stepNanos, event: isEvent)))
            var start = cursor, left = step
            for phase in [Phase.layout, .reuse, .composite] {
                guard let samples = run.samples[phase], k < samples.count else { continue }
                let duration = min(max(0, samples[k]), left)
                events.append(TraceEvent(name: phase.name, cat: "phase", ph: "X", pid: pid, tid: tid, ts: micros(start), dur: micros(duration),
                                         args: TraceEvent.Args(step: k, ns: samples[k])))
                start += duration
                left -= duration
            }
            if isEvent {
                events.append(TraceEvent(name: labels[k] ?? "scenario event", cat: "event", ph: "i", s: "t", pid: pid, tid: tid,
                                         ts: micros(cursor), args: TraceEvent.Args(step: k)))
            }
            cursor += step
        }
        return events
    }

    /// Nanoseconds as the trace's microseconds; written as the exact decimal (`1234` → `1.234`),
    /// since the encoder writes the shortest form of the nearest double (`ExportJSON`), for any
    /// timeline shorter than 2^52 ns.
    private static func micros(_ nanos: Int) -> Double { Double(nanos) / 1000 }
}

/// The trace file: Trace Event Format's JSON object form.
private struct TraceDocument: Encodable {
    /// What made the trace, shown by viewers with the trace's metadata.
    struct OtherData: Encodable {
        var tool: String
        var optimized: Bool
        var machine: String
        var createdAt: String
    }

    var displayTimeUnit: String
    var otherData: OtherData
    var traceEvents: [TraceEvent]
}

/// One event of the trace: metadata (`M`), a complete slice (`X`) or an instant (`i`).
private struct TraceEvent: Encodable {
    /// The event's arguments; only those given are written.
    struct Args: Encodable {
        var name: String?
        var sortIndex: Int?
        var step: Int?
        var ns: Int?
        var event: Bool?

        enum CodingKeys: String, CodingKey {
            case name, step, ns, event
            case sortIndex = "sort_index"
        }
    }

    var name: String
    var cat: String?
    var ph: String
    /// An instant's scope (`t`: its thread).
    var s: String?
    var pid: Int
    var tid: Int
    var ts: Double?
    var dur: Double?
    var args: Args

    /// A metadata event: a process's or thread's name or sort index.
    static func metadata(_ name: String, pid: Int, tid: Int, args: Args) -> TraceEvent {
        TraceEvent(name: name, ph: "M", pid: pid, tid: tid, args: args)
    }
}
