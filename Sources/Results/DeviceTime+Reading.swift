import JSON

/// A row's device-model estimate, read and checked by the type that writes it.
extension DeviceTime {
    /// A row's device-model estimate: a GPU id, a refresh rate and two ends in nanoseconds, the
    /// low one no more than the high one; and, in files since steps were priced, both ends of
    /// each of the row's `steps` (their `frames` summary is derived, and recomputed here).
    init(from item: JSONNode, steps: Int) throws {
        let f = try item.object(allowing: CodingKeys.self, expected: "an object (gpu, refreshHz, lowNanos, highNanos)")
        self.init(gpu: try f.required(.gpu, "a string").string(nonEmpty: true),
                  refreshHz: try f.required(.refreshHz, DeviceTime.refreshExpected).refreshRate(),
                  lowNanos: try f.required(.lowNanos, "an integer").count(),
                  highNanos: try f.required(.highNanos, "an integer").count())
        ios = try f.optional(.ios)?.integer(1...99, "an iOS major version from 1 to 99")
        calibration = try f.optional(.calibration)?.string(nonEmpty: true)
        guard lowNanos <= highNanos else { throw item.invalid(.estimateEndsReversed(low: lowNanos, high: highNanos)) }
        stepLowNanos = try f.optional(.stepLowNanos)?.counts(perStepOf: steps)
        stepHighNanos = try f.optional(.stepHighNanos)?.counts(perStepOf: steps)
        switch (stepLowNanos, stepHighNanos) {
        case (let low?, let high?):
            if let i = low.indices.first(where: { low[$0] > high[$0] }) {
                throw item.invalid(.stepEstimateReversed(index: i, low: low[i], high: high[i]))
            }
        case (nil, nil): break
        default: throw item.invalid(.stepEndsApart)
        }
        stepIdleLowNanos = try f.optional(.stepIdleLowNanos)?.counts(perStepOf: steps)
        stepIdleHighNanos = try f.optional(.stepIdleHighNanos)?.counts(perStepOf: steps)
        switch (stepIdleLowNanos, stepIdleHighNanos, stepLowNanos, stepHighNanos) {
        case (let idleLow?, let idleHigh?, let low?, let high?):
            if let i = low.indices.first(where: { idleLow[$0] > low[$0] || idleHigh[$0] > high[$0] }) {
                throw item.invalid(.stepIdleAboveEstimate(index: i))
            }
        case (nil, nil, _, _): break
        default: throw item.invalid(.stepIdleApart)
        }
    }
}
