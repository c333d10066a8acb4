import Testing

// Every suite's time limit, so that the tests compile for the package's minimums (macOS 12, iOS 15, tvOS 15,
// watchOS 8): swift-testing declares `TimeLimitTrait` and `.timeLimit(_:)` `@available(_clockAPI, *)`, that is
// macOS 13, iOS 16, watchOS 9, tvOS 16. Write `@Suite("…", suiteTimeLimit())`, never `.timeLimit(` itself
// (Scripts/portability.sh refuses it). This module depends on nothing of ours, so every test target, at every
// layer, links it; each re-exports it from its Support/TestTraits.swift. It is test code: it imports Testing, so
// no library, executable or product depends on it, and the Apple SDK check leaves it out.

/// A suite trait failing any test that runs longer than `minutes`, where the OS has swift-testing's clock API;
/// on older OSes it does nothing, and a hang is left to the test runner's own limit.
///
/// - Parameter minutes: The limit for each test of the suite, in whole minutes.
/// - Returns: `.timeLimit(.minutes(minutes))` where available, otherwise a trait without effect.
package func suiteTimeLimit(minutes: Int = 1) -> any SuiteTrait {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        return .timeLimit(.minutes(minutes))
    }
    return NoTimeLimit()
}

/// What ``suiteTimeLimit(minutes:)`` gives where `.timeLimit` is not available.
private struct NoTimeLimit: SuiteTrait {}
