import Foundation
import JanuaryCore

/// A credential ready to be put in an `Authorization` header, with the identity the refresh logic needs.
///
/// The ``generation`` tells stale rejections apart: when January rejects a credential, the coordinator
/// drops the cached token only if it is still the generation that was sent. The value never appears in a
/// description or a mirror.
package struct Credential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The secret, already checked with `CredentialSyntax.isHeaderSafe`.
    package let value: String

    /// Which cached token this is: every token the coordinator caches gets the next number; a development
    /// key is always 0.
    package let generation: UInt64

    /// The session the credential belongs to: ``TokenCoordinator/reset()`` starts a new one, and nothing of an
    /// earlier session is refreshed, replaced or replayed.
    package let epoch: UInt64

    /// Whether asking again can yield a different credential; `false` for a development key.
    package let isRefreshable: Bool

    /// About when January stops accepting the credential, by the device's clock at receipt; `nil` for a
    /// development key, which does not expire. For descriptions only: freshness is judged on the monotonic clock.
    package var expiresAt: Date? {
        expiry.map(Date.init(timeIntervalSinceReferenceDate:))
    }

    /// ``expiresAt`` as the seconds a `Date` holds. Not a stored `Date`: Apple's Foundation does not fix `Date`'s
    /// layout for other modules, so the values holding a credential (the machine, its states, actions, lookups,
    /// results) had a layout known only at run time and were copied through `Date`'s metadata: storing the seconds
    /// made JanuaryAuth 13.9 KB smaller in an app (Scripts/size-check.sh).
    private let expiry: TimeInterval?

    /// Creates a credential.
    ///
    /// - Parameters:
    ///   - value: The header-safe secret.
    ///   - generation: The cache generation; 0 for a development key.
    ///   - epoch: The session it belongs to.
    ///   - isRefreshable: Whether the coordinator can fetch a replacement.
    ///   - expiresAt: The expiry, or `nil` if the credential does not expire.
    package init(value: String, generation: UInt64, epoch: UInt64 = 0, isRefreshable: Bool, expiresAt: Date?) {
        self.value = value
        self.generation = generation
        self.epoch = epoch
        self.isRefreshable = isRefreshable
        self.expiry = expiresAt?.timeIntervalSinceReferenceDate
    }

    /// A summary with the generation and expiry and without the value.
    package var description: String {
        let expiry = expiresAt.map(Redaction.printable) ?? "never"
        return "Credential(value: \(Redaction.placeholder), generation: \(generation), epoch: \(epoch), "
            + "refreshable: \(isRefreshable), expiresAt: \(expiry))"
    }

    /// The same text as ``description``.
    package var debugDescription: String {
        description
    }

    /// A mirror without the value, so that `dump` and debuggers cannot show it.
    package var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "value": Redaction.placeholder,
                "generation": generation,
                "epoch": epoch,
                "isRefreshable": isRefreshable,
                "expiresAt": expiresAt as Any,
            ],
            displayStyle: .struct
        )
    }
}
