import Harness
import Results
import Strategies
import XCTest

/// Results and Reports name the strategy the `…ToNone` ratios divide by without depending on the
/// strategies; the catalogue names it too. The two must be the same strategy.
final class ReferenceStrategyTests: XCTestCase {
    func testTheRatiosReferenceIsTheCataloguesReference() {
        XCTAssertEqual(Ratio.referenceStrategy, StrategyCatalog.reference)
        XCTAssertTrue(StrategyCatalog.builtIn.names.contains(Ratio.referenceStrategy))
    }
}
