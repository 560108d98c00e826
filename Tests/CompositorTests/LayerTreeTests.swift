@testable import Compositor
import Raster
import XCTest

/// The layer tree's back references (`superlayer`, `maskOwner`), which are unowned: they must be
/// cleared when the layer they name goes, or reading them would trap.
final class LayerTreeTests: XCTestCase {
    let ledger = Ledger()

    func testASublayerOutlivingItsSuperlayerHasNoSuperlayerAndMovesOnWithoutTrapping() {
        let child = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), ledger: ledger)
        do {
            let parent = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20), ledger: ledger)
            parent.addSublayer(child)
            XCTAssertTrue(child.superlayer === parent)
        }
        XCTAssertNil(child.superlayer)
        let other = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20), ledger: ledger)
        let version = other.version
        child.backgroundColor = .white  // invalidates up the tree: must not reach the freed parent
        other.addSublayer(child)
        XCTAssertTrue(child.superlayer === other)
        XCTAssertEqual(other.sublayers.count, 1)
        XCTAssertGreaterThan(other.version, version)
    }

    func testAMaskOutlivingTheLayerItMaskedMasksNothing() {
        let mask = ShapeLayer(frame: Rect(x: 0, y: 0, width: 10, height: 10), ledger: ledger)
        do {
            let owner = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), ledger: ledger)
            owner.mask = mask
            XCTAssertTrue(mask.maskOwner === owner)
        }
        XCTAssertNil(mask.maskOwner)
        mask.fillColor = .white  // invalidates the owner it no longer has
        let next = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), ledger: ledger)
        next.mask = mask
        XCTAssertTrue(mask.maskOwner === next)
    }

    func testRemovingASublayerClearsItsSuperlayer() {
        let parent = Layer(frame: Rect(x: 0, y: 0, width: 20, height: 20), ledger: ledger)
        let child = Layer(frame: Rect(x: 0, y: 0, width: 10, height: 10), ledger: ledger)
        parent.addSublayer(child)
        child.removeFromSuperlayer()
        XCTAssertNil(child.superlayer)
        XCTAssertTrue(parent.sublayers.isEmpty)
    }
}
