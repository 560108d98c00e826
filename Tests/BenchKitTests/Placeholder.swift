import XCTest
final class BenchKitTestsPlaceholder: XCTestCase {}
