import Analysis
import JSON
import Problems
import Results
import XCTest

/// Each note of `bench compare` renders to one exact sentence, in the words `Comparison.notes`
/// wrote before notes became values.
final class ComparisonNoteRenderingTests: XCTestCase {
    private func assertSentence(_ note: ComparisonNote, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(note.description, sentence, file: file, line: line)
    }

    func testOtherBuildNamesBothBuilds() {
        assertSentence(.otherBuild(first: ToolBuild(version: "1.0.0", configuration: "debug", optimized: false, swift: "6.3"),
                                   second: ToolBuild(version: "1.0.0", configuration: "release", optimized: true, swift: "6.3")),
                       "the first file was measured with a debug build (NOT optimized) and the second with a release build (optimized): times compare the builds as well as the code (bench check gates only their counters, pictures and GPU times)")
    }

    func testOtherDefinitionListsTheChangedFields() {
        assertSentence(.otherDefinition(scenario: "ci-scroll", changes: [DefinitionChange(path: ["rows"], old: 40, new: nil)]),
                       "the scenario 'ci-scroll' is defined differently in the two files (rows: 40 → absent): its rows measure other work (bench check refuses this)")
        assertSentence(.otherDefinition(scenario: "ci\u{7}", changes: [DefinitionChange(path: ["device", "name"], old: "ipad", new: "iphone"),
                                                                         DefinitionChange(path: ["rows"], old: nil, new: 80)]),
                       "the scenario 'ci\\u{07}' is defined differently in the two files (device.name: \"ipad\" → \"iphone\"; rows: absent → 80): its rows measure other work (bench check refuses this)")
    }

    func testOlderDefinitionsNameTheScenariosAndTheFileThatRecordsThem() {
        assertSentence(.olderDefinitions(scenarios: ["ci-events", "ci-scroll"], inFirst: true),
                       "the first file records the definitions of 'ci-events', 'ci-scroll' in an older format, which cannot be compared field by field with the second file's: whether the scenarios changed is not known")
        assertSentence(.olderDefinitions(scenarios: ["ci-scroll"], inFirst: false),
                       "the second file records the definitions of 'ci-scroll' in an older format, which cannot be compared field by field with the first file's: whether the scenarios changed is not known")
    }

    func testOtherStepsGroupsBothStepCounts() {
        assertSentence(.otherSteps(scenario: "ci-scroll", first: 1200, second: 60),
                       "the scenario 'ci-scroll' was measured over 1,200 steps in the first file and 60 in the second: counters and times per step average other stretches of it (bench check refuses this)")
    }

    func testOtherStepsShortensALongScenarioName() {
        assertSentence(.otherSteps(scenario: String(repeating: "s", count: 61), first: 10, second: 20),
                       "the scenario '\(String(repeating: "s", count: 60))… (61 bytes)' was measured over 10 steps in the first file and 20 in the second: counters and times per step average other stretches of it (bench check refuses this)")
    }

    func testOtherHostGivesTheDifferences() {
        assertSentence(.otherHost(differences: "THP madvise → always; stores string → vector"),
                       "the files were measured on different kinds of host (THP madvise → always; stores string → vector): times follow the host as well as the code, while counters, instructions and estimated cycles do not")
    }

    func testOtherHostShortensLongDifferences() {
        assertSentence(.otherHost(differences: String(repeating: "d", count: 70)),
                       "the files were measured on different kinds of host (\(String(repeating: "d", count: 60))… (70 bytes)): times follow the host as well as the code, while counters, instructions and estimated cycles do not")
    }
}
