import Foundation

extension Collection {
    /// `map(transform)`, with the elements transformed at once on the machine's cores, the results
    /// in the elements' order; the first error thrown (in that order) is rethrown.
    ///
    /// For CPU-bound work on independent objects of a test (a simulation per strategy, device or
    /// step): `transform` must not touch state another call touches, and must not call XCTest's
    /// assertions, which the caller makes on the results. Nothing that changes process-wide state
    /// (`bench(...)`, the `Runner`) may run in it.
    public func concurrentMap<T>(_ transform: (Element) throws -> T) throws -> [T] {
        let elements = Array(self)
        let results = UnsafeMutableBufferPointer<Result<T, any Error>?>.allocate(capacity: elements.count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        withoutActuallyEscaping(transform) { transform in
            // Each call reads its own element and writes its own slot; the caller vouches for the rest.
            let work = Unchecked { (index: Int) in results[index] = Result { try transform(elements[index]) } }
            DispatchQueue.concurrentPerform(iterations: elements.count) { work.value($0) }
            return ()
        }
        return try results.map { try $0!.get() }
    }
}

/// A value handed to other threads on the caller's word that they use it safely.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
