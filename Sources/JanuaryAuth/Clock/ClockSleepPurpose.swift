import Foundation

/// What the SDK is waiting for when it sleeps on its ``JanuaryClock``, in words, for a test clock's messages.
///
/// A clock sees only durations, so a test clock that reports a sleep nobody ended (`ManualClock`'s stall error)
/// reads this, set by the sleeping task, to say which wait it was: a retry wait, the token provider's timeout, a
/// scripted delay of the simulator. Each of the SDK's sleeps sets it; the words name the wait, its duration and
/// the request's method and path, never a header, a query, a body or a credential.
package enum ClockSleepPurpose {
    // Spelled as the `TaskLocal` value the `@TaskLocal` macro expands to, as `ProviderCallContext.markers` is,
    // so that it compiles with the Swift 5.10 standard library of Xcode 15's SDKs too.
    /// The current task's purpose; `nil` for a sleep the SDK did not name, such as one of a partner's own code.
    package static let current = TaskLocal<String?>(wrappedValue: nil)

    /// Sleeps `seconds` on `clock`, naming the sleep `purpose`.
    ///
    /// - Parameters:
    ///   - seconds: How long to sleep.
    ///   - clock: The clock to sleep on.
    ///   - purpose: What the sleep waits for, in words for a test's failure message.
    /// - Throws: What the clock's `sleep(for:)` throws.
    package static func sleep(
        for seconds: TimeInterval,
        on clock: any JanuaryClock,
        purpose: String
    ) async throws {
        try await current.withValue(purpose) {
            try await clock.sleep(for: seconds)
        }
    }
}
