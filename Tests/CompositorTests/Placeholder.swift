import XCTest
final class CompositorTestsPlaceholder: XCTestCase {}
