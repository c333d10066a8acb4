import Foundation
import JanuaryAuth
import JanuaryCore

/// A token provider that counts its calls and mints each token with a closure given the call's number.
package final class CountingProvider: Sendable {
    private let calls = Locked(0)
    private let mint: @Sendable (_ call: Int) async throws -> JanuaryClientToken

    /// Creates a provider.
    ///
    /// - Parameter mint: Makes the token for a call, given the call's number, from 1.
    package init(_ mint: @escaping @Sendable (_ call: Int) async throws -> JanuaryClientToken) {
        self.mint = mint
    }

    /// How many times the provider was called.
    package var callCount: Int {
        calls.withLock { $0 }
    }

    /// One provider call.
    package func callAsFunction() async throws -> JanuaryClientToken {
        let call = calls.withLock { count in
            count += 1
            return count
        }
        return try await mint(call)
    }
}
