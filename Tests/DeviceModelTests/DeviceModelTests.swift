import DeviceModel
import XCTest

final class DeviceModelTests: XCTestCase {
    private let catalog = GPUCatalog.builtIn

    /// A frame of some of every kind of work, in proportion to a 750 × 1334 px screen: four
    /// off-screen passes that split the screen's three times, tile traffic and texture reads, and shaded
    /// fragments of which some blend.
    private let screenPixels = 750.0 * 1334
    private var someWork: FrameWork {
        FrameWork(offscreenPasses: 4, tileTrafficBytes: 4 * screenPixels * 1.2, textureBytesRead: 4 * screenPixels * 0.3,
                  shadedFragments: screenPixels * 1.5, blendedFragments: screenPixels * 0.4, screenSplits: 3,
                  screenBytes: 4 * screenPixels)
    }

    func testTheCatalogueHoldsTheIssuesChipsOldestFirst() {
        XCTAssertEqual(catalog.ids, ["a4", "a5", "a5x", "a6", "a7", "a8", "a9", "a10", "a11", "a12", "a13", "a14",
                                     "a15", "a16", "a17-pro", "m1", "m2"])
    }

    func testEveryParameterIsPositiveOrderedAndHasEvidence() {
        for gpu in catalog.profiles {
            XCTAssertFalse(gpu.chip.isEmpty, gpu.id)
            XCTAssertFalse(gpu.architecture.isEmpty, gpu.id)
            XCTAssertGreaterThan(gpu.gpuCores.lowerBound, 0, gpu.id)
            for (name, parameter) in gpu.parameters {
                XCTAssertGreaterThan(parameter.low, 0, "\(gpu.id) \(name)")
                XCTAssertLessThanOrEqual(parameter.low, parameter.high, "\(gpu.id) \(name)")
                XCTAssertTrue(parameter.low.isFinite && parameter.high.isFinite, "\(gpu.id) \(name)")
                XCTAssertFalse(parameter.evidence.isEmpty, "\(gpu.id) \(name)")
                for evidence in parameter.evidence {
                    XCTAssertFalse(evidence.text.isEmpty, "\(gpu.id) \(name)")
                }
            }
        }
    }

    func testTheEstimateIsPassesPlusBytesAndSplitsOverSustainedBandwidthPlusFragmentsOverFillRateAtEachEnd() {
        let work = someWork
        for gpu in catalog.profiles {
            // Each split stores the screen's attachment and loads it again.
            let bytes = work.tileTrafficBytes + work.textureBytesRead + 2 * work.screenSplits * work.screenBytes
            let fastest = work.offscreenPasses * gpu.passCost.low + bytes / (gpu.memoryBandwidth.high * gpu.sustainedFraction.high)
                + work.shadedFragments / gpu.fillRate.high
            let slowest = work.offscreenPasses * gpu.passCost.high + bytes / (gpu.memoryBandwidth.low * gpu.sustainedFraction.low)
                + work.shadedFragments / gpu.fillRate.low
            let estimate = GPUFrameTime.estimate(work, on: gpu)
            XCTAssertEqual(estimate.lowerBound, fastest, accuracy: fastest * 1e-12, gpu.id)
            XCTAssertEqual(estimate.upperBound, slowest, accuracy: slowest * 1e-12, gpu.id)
        }
    }

    func testTheEstimateGrowsWithEachTerm() {
        let base = someWork
        var morePasses = base, moreTraffic = base, moreTexture = base, moreFragments = base, moreSplits = base
        morePasses.offscreenPasses += 1
        moreSplits.screenSplits += 1
        moreTraffic.tileTrafficBytes += 4 * screenPixels
        moreTexture.textureBytesRead += 4 * screenPixels
        moreFragments.shadedFragments += screenPixels
        for gpu in catalog.profiles {
            let before = GPUFrameTime.estimate(base, on: gpu)
            for (term, work) in [("passes", morePasses), ("tile traffic", moreTraffic),
                                 ("texture reads", moreTexture), ("shaded fragments", moreFragments),
                                 ("splits", moreSplits)] {
                let after = GPUFrameTime.estimate(work, on: gpu)
                XCTAssertGreaterThan(after.lowerBound, before.lowerBound, "\(gpu.id): \(term), fast end")
                XCTAssertGreaterThan(after.upperBound, before.upperBound, "\(gpu.id): \(term), slow end")
            }
        }
    }

    func testBlendedFragmentsCostNothingBeyondTheirShading() {
        // The destination a blend reads stays in tile memory (docs/device-model.md, "Blending").
        var allBlended = someWork
        allBlended.blendedFragments = allBlended.shadedFragments
        var noneBlended = someWork
        noneBlended.blendedFragments = 0
        for gpu in catalog.profiles {
            XCTAssertEqual(GPUFrameTime.estimate(allBlended, on: gpu), GPUFrameTime.estimate(noneBlended, on: gpu), gpu.id)
        }
    }

    func testTheTermsAddUpToTheEstimate() {
        for gpu in catalog.profiles {
            let terms = GPUFrameTime.terms(someWork, on: gpu)
            let estimate = GPUFrameTime.estimate(someWork, on: gpu)
            XCTAssertEqual(terms.passes.lowerBound + terms.memory.lowerBound + terms.splits.lowerBound
                           + terms.fragments.lowerBound, estimate.lowerBound, gpu.id)
            XCTAssertEqual(terms.passes.upperBound + terms.memory.upperBound + terms.splits.upperBound
                           + terms.fragments.upperBound, estimate.upperBound, gpu.id)
        }
    }

    func testAnOlderChipCostsMoreThanANewerOneAtBothEnds() throws {
        let a9 = try catalog.profile(id: "a9"), a13 = try catalog.profile(id: "a13")
        let older = GPUFrameTime.estimate(someWork, on: a9), newer = GPUFrameTime.estimate(someWork, on: a13)
        XCTAssertGreaterThan(older.lowerBound, newer.lowerBound)
        XCTAssertGreaterThan(older.upperBound, newer.upperBound)
    }

    func testASplitCostsTheScreensStoreAndReloadAtTheSustainedBandwidth() throws {
        let a8 = try catalog.profile(id: "a8")
        let one = FrameWork(screenSplits: 1, screenBytes: 4 * screenPixels)
        let terms = GPUFrameTime.terms(one, on: a8)
        // 2 × 4,001,999 B at 12.8 GB/s × 56.93 / 68.256 (fast) and × 50.4 / 68.256 (slow): the M1
        // GPU's measured shares of its peak.
        XCTAssertEqual(terms.splits.lowerBound, 2 * 4 * screenPixels / (12.8e9 * 56.93 / 68.256), accuracy: 1e-12)
        XCTAssertEqual(terms.splits.upperBound, 2 * 4 * screenPixels / (12.8e9 * 50.4 / 68.256), accuracy: 1e-12)
        XCTAssertEqual(terms.memory, 0...0, "a split's traffic is its own term, not the counted tile traffic")
        XCTAssertEqual(GPUFrameTime.estimate(FrameWork(screenSplits: 1, screenBytes: 0), on: a8), 0...0,
                       "a split of no screen moves nothing")
    }

    func testEveryChipChargesTheM1GPUsMeasuredShareOfItsPeak() {
        // 50.4 GB/s (chipsandcheese) and 56.93 GB/s (a Metal vector add) of LPDDR4X-4266 on 128 bits.
        let peak = 4266e6 * 128 / 8 / 1e9
        for gpu in catalog.profiles {
            XCTAssertEqual(gpu.sustainedFraction.low, 50.4 / peak, accuracy: 1e-4, gpu.id)
            XCTAssertEqual(gpu.sustainedFraction.high, 56.93 / peak, accuracy: 1e-4, gpu.id)
            XCTAssertEqual(gpu.sustainedBandwidth.lowerBound, gpu.memoryBandwidth.low * gpu.sustainedFraction.low, accuracy: 1, gpu.id)
            XCTAssertEqual(gpu.sustainedBandwidth.upperBound, gpu.memoryBandwidth.high * gpu.sustainedFraction.high, accuracy: 1, gpu.id)
        }
    }

    func testThePassCostIsWWDC2014sIdlePerSwitchOnTheChipsOfItsDayAndReachesDownAfterThem() {
        for gpu in catalog.profiles {
            let measured = ["a4", "a5", "a5x", "a6", "a7", "a8"].contains(gpu.id)
            XCTAssertEqual(gpu.passCost.low, measured ? 100e-6 : 10e-6, accuracy: 1e-12, gpu.id)
            XCTAssertEqual(gpu.passCost.high, 200e-6, accuracy: 1e-12, gpu.id)
        }
    }

    func testEachOffScreenPassPaysOneSwitchOfRenderTarget() throws {
        let a8 = try catalog.profile(id: "a8")
        let two = GPUFrameTime.terms(FrameWork(offscreenPasses: 2), on: a8).passes
        XCTAssertEqual(two.lowerBound, 200e-6, accuracy: 1e-12)
        XCTAssertEqual(two.upperBound, 400e-6, accuracy: 1e-12)
    }

    /// The slow ends of the A4's and A5's fill rates are GLBenchmark's measurements, as their
    /// evidence quotes them: "156281856 texel/sec" (iPhone 4) and "the 4S scored 765.5".
    func testTheOldestChipsFillRatesReachDownToTheirMeasuredFillTests() throws {
        let a4 = try catalog.profile(id: "a4"), a5 = try catalog.profile(id: "a5")
        XCTAssertEqual(a4.fillRate.low, 156_281_856)
        XCTAssertEqual(a5.fillRate.low, 765.5e6)
        XCTAssertTrue(a4.fillRate.evidence.contains { $0.kind == "published" && $0.text.contains("'156281856 texel/sec'") }, "\(a4.fillRate.evidence)")
        XCTAssertTrue(a5.fillRate.evidence.contains { $0.kind == "published" && $0.text.contains("the 4S scored 765.5'") }, "\(a5.fillRate.evidence)")
        // The derived specification's rates stay the fast ends.
        XCTAssertEqual(a4.fillRate.high, 0.5e9)
        XCTAssertEqual(a5.fillRate.high, 2 * 2 * 250e6)
    }

    /// The light frames' power-state ratio is the one published: "about 5ms" measured against
    /// "2.7ms" in a frame capture that locks the power state; a light frame's published time is
    /// read as the geometric centre of itself and itself ÷ that ratio.
    func testALightFramesPublishedTimeIsReadAtTheTopPowerStateByTheOnePublishedRatio() {
        XCTAssertEqual(PublishedAccuracy.powerStateRatio, 5 / 2.7, accuracy: 1e-12)
        let published = 5.0, read = PublishedAccuracy.atTopPowerState(published)
        XCTAssertEqual(read * read, published * (published / PublishedAccuracy.powerStateRatio), accuracy: 1e-9)
        XCTAssertLessThan(read, published)
        XCTAssertGreaterThan(read, published / PublishedAccuracy.powerStateRatio)
    }

    func testTheA4sBandwidthIsItsSixtyFourBitBusAtFourHundredMegatransfers() throws {
        let a4 = try catalog.profile(id: "a4")
        XCTAssertEqual(a4.memoryBandwidth.range, 3.2e9...3.2e9)
    }

    func testAnUnknownIDGivesAnErrorNamingTheKnownIDs() {
        XCTAssertThrowsError(try catalog.profile(id: "a18")) { error in
            guard let unknown = error as? UnknownGPU else { return XCTFail("\(error)") }
            XCTAssertEqual(unknown.id, "a18")
            XCTAssertEqual(unknown.knownIDs, catalog.ids)
            for id in catalog.ids {
                XCTAssertTrue(unknown.description.contains(id), id)
            }
            XCTAssertTrue(unknown.description.contains("'a18'"))
        }
    }

    func testEveryKnownIDFindsItsProfile() throws {
        for gpu in catalog.profiles {
            XCTAssertEqual(try catalog.profile(id: gpu.id), gpu)
        }
    }

    func testAFrameOfNoWorkCostsNothing() {
        for gpu in catalog.profiles {
            XCTAssertEqual(GPUFrameTime.estimate(.zero, on: gpu), 0...0, gpu.id)
        }
    }
}
