import XCTest
final class TableTestsPlaceholder: XCTestCase {}
