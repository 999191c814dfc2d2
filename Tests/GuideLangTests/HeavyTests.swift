import Foundation
import Testing

/// The switch for the heavy end-to-end tests (real pre-commit with its release build, valgrind
/// instruction and heap counts, long mutation runs): they run with `GUIDEC_HEAVY_TESTS=1`, which
/// `.ci/run` sets, and are reported as skipped by a plain `swift test`.
enum HeavyTests {
    /// Whether this run includes the heavy tests.
    static let areEnabled = ProcessInfo.processInfo.environment["GUIDEC_HEAVY_TESTS"] == "1"

    /// The trait of a heavy test: enabled only when `GUIDEC_HEAVY_TESTS=1`.
    static var enabled: ConditionTrait {
        .enabled(if: areEnabled, "a heavy test: run it with GUIDEC_HEAVY_TESTS=1 swift test (bash .ci/run does)")
    }
}
