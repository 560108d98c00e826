import Text

/// A limit of `bench check` that a row could not be judged on, and why: the row lacks the value
/// the limit holds down. A check whose limit no row could be judged on is not a pass
/// (`InputProblem.limitsNotJudged`).
public struct UnjudgedLimit: Equatable, Sendable {
    /// Why a row lacks a limit's value.
    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        /// The row's device names no GPU, so the device model priced nothing.
        case noGPU
        /// The row has a GPU time for its mean frame but none per step: the file was written
        /// before steps were priced.
        case noStepTimes
        /// The row does not count the named counter: the file was written by an older bench.
        case noCounter(String)

        /// What the rows lack, to follow "they".
        public var description: String {
            switch self {
            case .noGPU: "name no GPU, so the device model priced no frame"
            case .noStepTimes: "have a GPU time (model) for the mean frame but none per step (the file was written before steps were priced)"
            case .noCounter(let counter): "do not count \(Escape.message(counter)) (the file was written by an older bench)"
            }
        }
    }

    /// The limit's measure, as `--limit` names it.
    public var limit: String
    /// Why the rows lack it (the first row's reason).
    public var reason: Reason

    public init(limit: String, reason: Reason) {
        self.limit = limit
        self.reason = reason
    }
}
