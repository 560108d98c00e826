import Foundation
import XCTest

/// A test case with a fresh, empty directory for each test, removed afterwards.
open class TemporaryDirectoryTestCase: XCTestCase {
    /// The test's own directory.
    public private(set) var directory: String!

    open override func setUpWithError() throws {
        directory = try makeTemporaryDirectory(String(describing: type(of: self)))
    }

    open override func tearDownWithError() throws {
        // A test may have made the directory read-only; give write permission back to remove it.
        chmod(directory, 0o755)
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A new, empty directory under the system's temporary directory, named after `prefix`.
public func makeTemporaryDirectory(_ prefix: String) throws -> String {
    let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
