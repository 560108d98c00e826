import JSON
import Text

/// A row's device-model estimate, read and checked.
extension ResultsReader {
    /// A row's device-model estimate: a GPU id, a refresh rate and two ends in nanoseconds, the
    /// low one no more than the high one; and, in files since steps were priced, both ends of
    /// each of the row's `steps` (their `frames` summary is derived, and recomputed here).
    static func deviceTime(_ item: JSONNode, steps: Int) throws -> DeviceTime {
        let keys = ["gpu", "ios", "calibration", "refreshHz", "lowNanos", "highNanos", "stepLowNanos", "stepHighNanos", "stepIdleLowNanos",
                    "stepIdleHighNanos", "frames"]
        let f = try item.object(allowing: keys, expected: "an object (gpu, refreshHz, lowNanos, highNanos)")
        var time = DeviceTime(gpu: try f.required("gpu", "a string").string(nonEmpty: true),
                              refreshHz: try f.required("refreshHz", DeviceTime.refreshExpected).refreshRate(),
                              lowNanos: try f.required("lowNanos", "an integer").count(),
                              highNanos: try f.required("highNanos", "an integer").count())
        time.ios = try f.optional("ios")?.integer(1...99, "an iOS major version from 1 to 99")
        time.calibration = try f.optional("calibration")?.string(nonEmpty: true)
        guard time.lowNanos <= time.highNanos else {
            throw item.fail("lowNanos (\(time.lowNanos)) is above highNanos (\(time.highNanos)): the low end of an estimate is its fast end")
        }
        func stepTimes(_ key: String) throws -> [Int]? {
            guard let node = f.optional(key) else { return nil }
            let values = try node.counts()
            guard values.count == steps else {
                throw node.fail("expected \(Format.grouped(steps)) values (one per step: the run's steps), got \(Format.grouped(values.count))")
            }
            return values
        }
        time.stepLowNanos = try stepTimes("stepLowNanos")
        time.stepHighNanos = try stepTimes("stepHighNanos")
        switch (time.stepLowNanos, time.stepHighNanos) {
        case (let low?, let high?):
            if let i = low.indices.first(where: { low[$0] > high[$0] }) {
                throw item.fail("stepLowNanos[\(i)] (\(low[i])) is above stepHighNanos[\(i)] (\(high[i])): the low end of an estimate is its fast end")
            }
        case (nil, nil): break
        default: throw item.fail("stepLowNanos and stepHighNanos go together: each step's estimate has both ends")
        }
        time.stepIdleLowNanos = try stepTimes("stepIdleLowNanos")
        time.stepIdleHighNanos = try stepTimes("stepIdleHighNanos")
        switch (time.stepIdleLowNanos, time.stepIdleHighNanos, time.stepLowNanos, time.stepHighNanos) {
        case (let idleLow?, let idleHigh?, let low?, let high?):
            if let i = low.indices.first(where: { idleLow[$0] > low[$0] || idleHigh[$0] > high[$0] }) {
                throw item.fail("stepIdleLowNanos[\(i)] or stepIdleHighNanos[\(i)] is above the step's estimate: the idle is a part of it")
            }
        case (nil, nil, _, _): break
        default: throw item.fail("stepIdleLowNanos and stepIdleHighNanos go together, with stepLowNanos and stepHighNanos: the idle is a part of each step's estimate")
        }
        return time
    }
}
