import XCTest
final class StrategiesTestsPlaceholder: XCTestCase {}
