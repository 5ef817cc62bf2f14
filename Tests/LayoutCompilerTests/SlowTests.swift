import Foundation
import Testing

/// The tests that compile generated code with `swiftc` take most of a `swift test` run on a
/// busy two-core machine, so they run only when `LAYOUTC_SLOW_TESTS` is set; `.ci/run` sets it.
enum SlowTests {
    static let enabled = ProcessInfo.processInfo.environment["LAYOUTC_SLOW_TESTS"] != nil
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only with `LAYOUTC_SLOW_TESTS=1` (as `.ci/run` does).
    static var slow: Self {
        .enabled(if: SlowTests.enabled, "slow: compiles generated code; set LAYOUTC_SLOW_TESTS=1 (.ci/run does)")
    }
}
