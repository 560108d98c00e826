@testable import BenchCLI
import Foundation
import Results
import XCTest

/// When `bench` starts itself again with glibc's heap in huge pages, and what results record.
final class HeapHugePagesTests: XCTestCase {
    private func relaunch(_ arguments: [String], _ environment: [String: String] = [:], mode: String = "madvise") -> [String: String]? {
        HeapHugePages.relaunchEnvironment(arguments: arguments, environment: environment, hugePageMode: mode)
    }

    func testTimingCommandsStartAgainWithTheTunableWhereHugePagesAreGivenOnRequest() {
        for arguments in [[], ["run"], ["run", "--steps", "3"], ["kernels"], ["check", "--suite", "ci.json"], ["--steps", "3"]] {
            XCTAssertEqual(relaunch(arguments)?["GLIBC_TUNABLES"], "glibc.malloc.hugetlb=1", "\(arguments)")
        }
    }

    func testOtherCommandsHelpAndVersionDoNotStartAgain() {
        for arguments in [["compare", "a", "b"], ["render"], ["help"], ["--help"], ["-h"], ["--version"], ["list"]] {
            XCTAssertNil(relaunch(arguments), "\(arguments)")
        }
    }

    func testOnlyTheMadviseModeStartsAgain() {
        XCTAssertNil(relaunch(["run"], mode: "always"), "under always the heap has huge pages already")
        XCTAssertNil(relaunch(["run"], mode: "never"))
        XCTAssertNil(relaunch(["run"], mode: "unknown"))
    }

    func testATunableAlreadyNamedOrAChildProcessIsLeftAlone() {
        XCTAssertNil(relaunch(["run"], ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"]), "the user's own setting wins")
        XCTAssertNil(relaunch(["run"], ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=1"]), "a process started again does not start again")
        XCTAssertNil(relaunch(["run"], [ChildProcess.childEnvironmentKey: "1"]), "a child inherits its parent's environment")
        XCTAssertNil(relaunch(["run"], ["LD_PRELOAD": "/usr/libexec/valgrind/vgpreload_core-amd64-linux.so"]),
                     "under valgrind a process started again would leave it")
    }

    func testOtherTunablesAndVariablesAreKept() {
        let environment = relaunch(["run"], ["GLIBC_TUNABLES": "glibc.cpu.hwcaps=-AVX2", "HOME": "/root"])
        XCTAssertEqual(environment?["GLIBC_TUNABLES"], "glibc.cpu.hwcaps=-AVX2:glibc.malloc.hugetlb=1")
        XCTAssertEqual(environment?["HOME"], "/root")
    }

    func testTheHostRecordsWhetherTheHeapAskedForHugePages() {
        XCTAssertTrue(HostFingerprint.mallocHugePages(in: ["GLIBC_TUNABLES": "a=b:glibc.malloc.hugetlb=1"]))
        XCTAssertTrue(HostFingerprint.mallocHugePages(in: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=2"]))
        XCTAssertFalse(HostFingerprint.mallocHugePages(in: ["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"]))
        XCTAssertFalse(HostFingerprint.mallocHugePages(in: [:]))
        let host = HostFingerprint(cpu: "c", cpuID: "i", l1dBytes: nil, l2Bytes: nil, l3Bytes: nil, transparentHugePages: "madvise",
                                   mallocHugePages: true)
        var other = host
        other.mallocHugePages = false
        XCTAssertNotEqual(host, other, "another heap is another host for timing")
        XCTAssertTrue(host.summary.contains("heap in huge pages"))
    }
}
