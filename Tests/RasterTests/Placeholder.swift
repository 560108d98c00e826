import XCTest
final class RasterTestsPlaceholder: XCTestCase {}
