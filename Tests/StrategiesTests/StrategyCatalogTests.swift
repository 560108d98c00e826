import Compositor
import Raster
import Scenarios
import Strategies
import StrategiesTestSupport
import Table
import XCTest

/// Strategies another package adds: they join the catalogue after the built-in ones, run like
/// them (AddedStrategyRunTests, in HarnessTests), and a name that is taken or malformed is refused
/// before anything runs.
final class StrategyCatalogTests: XCTestCase {
    func testAddedStrategiesFollowTheBuiltInOnesAndOnlyInTheirCatalogue() throws {
        let catalog = try StrategyCatalog(adding: [AddedCapRadius.self])
        XCTAssertEqual(catalog.names, StrategyCatalog.builtIn.names + ["added-cap-radius"])
        XCTAssertTrue(catalog.make("added-cap-radius", screenScale: 2) is AddedCapRadius)
        XCTAssertNil(StrategyCatalog.builtIn.type(named: "added-cap-radius"), "the built-in catalogue is unchanged")
        XCTAssertEqual(try StrategyCatalog(adding: []).names, StrategyCatalog.builtIn.names)
    }

    func testANameOfABuiltInStrategyIsRefused() {
        XCTAssertThrowsError(try StrategyCatalog(adding: [AddedCapRadius.self, Named<TakenName>.self])) { error in
            let problem = error as? StrategyCatalog.Problem
            XCTAssertEqual(problem?.reason, .clashesWithBuiltIn(type: "CornerRadiusClip"))
            XCTAssertTrue("\(error)".contains("'corner-radius-clip', the name of the built-in strategy CornerRadiusClip"), "\(error)")
        }
    }

    func testTwoAddedStrategiesWithOneNameAreRefused() {
        XCTAssertThrowsError(try StrategyCatalog(adding: [AddedCapRadius.self, Named<AddedName>.self])) { error in
            XCTAssertEqual((error as? StrategyCatalog.Problem)?.reason, .givenTwice(type: "AddedCapRadius"))
        }
        XCTAssertThrowsError(try StrategyCatalog(adding: [AddedCapRadius.self, AddedCapRadius.self])) { error in
            XCTAssertEqual("\(error)", "the strategy AddedCapRadius ('added-cap-radius') is given twice")
        }
    }

    func testNamesThatCannotBeTypedOrStoredAreRefused() {
        let bad: [any CornerStrategy.Type] = [Named<EmptyName>.self, Named<UpperName>.self, Named<CommaName>.self,
                                              Named<DigitFirstName>.self, Named<LongName>.self, Named<EscapeName>.self]
        for strategy in bad {
            XCTAssertThrowsError(try StrategyCatalog(adding: [strategy]), strategy.name) { error in
                XCTAssertEqual((error as? StrategyCatalog.Problem)?.reason, .badName, strategy.name)
                XCTAssertFalse("\(error)".unicodeScalars.contains { $0.value < 0x20 }, "the message escapes the name")
            }
        }
        XCTAssertNoThrow(try StrategyCatalog(adding: [Named<LongestName>.self]))
        XCTAssertThrowsError(try StrategyCatalog(adding: [Named<TwoLineSummary>.self])) { error in
            XCTAssertEqual((error as? StrategyCatalog.Problem)?.reason, .badSummary)
        }
    }
}

/// A name for `Named`, so each test case is its own strategy type (names are static).
protocol StrategyName {
    static var name: String { get }
    static var summary: String { get }
}

extension StrategyName {
    static var summary: String { "a strategy for the catalogue's tests" }
}

/// A strategy that draws like `none` under the name `N` gives.
final class Named<N: StrategyName>: CornerStrategy {
    static var name: String { N.name }
    static var summary: String { N.summary }
    init(screenScale: Double) {}
    func configure(_ cell: Cell, at indexPath: Scenarios.IndexPath, position: RowPosition, in context: LayoutContext) {
        cell.layer.backgroundColor = context.style.color(selected: cell.isSelected)
    }
}

enum TakenName: StrategyName { static let name = "corner-radius-clip" }
enum AddedName: StrategyName { static let name = "added-cap-radius" }
enum EmptyName: StrategyName { static let name = "" }
enum UpperName: StrategyName { static let name = "Cap-Radius" }
enum CommaName: StrategyName { static let name = "cap,radius" }
enum DigitFirstName: StrategyName { static let name = "2-caps" }
enum LongName: StrategyName { static let name = String(repeating: "a", count: StrategyCatalog.maxNameLength + 1) }
enum LongestName: StrategyName { static let name = String(repeating: "a", count: StrategyCatalog.maxNameLength) }
enum EscapeName: StrategyName { static let name = "caps\u{1B}[2J" }
enum TwoLineSummary: StrategyName {
    static let name = "two-line-summary"
    static let summary = "first line\nsecond line"
}
