import Foundation
import JanuaryCore
import JanuaryCoreTesting
import Testing

@Suite("PartnerUserID", suiteTimeLimit())
struct PartnerUserIDTests {
    @Test(
        "accepts opaque identifiers",
        arguments: [
            "user_12345",
            "8F14E45F-CEEA-467F-A0E6-BA0C9E8A1B2C",
            "42",
            "team@42",  // no domain: not an address
            "a.b.c",
            "with inner spaces",
            "!~{}|^`",
            String(repeating: "x", count: PartnerUserID.maximumLength),
        ]
    )
    func acceptsOpaqueIdentifiers(raw: String) throws {
        try PartnerUserID(rawValue: raw).validate()
    }

    struct Rejection: Sendable, CustomTestStringConvertible {
        let raw: String
        let reason: String
        var testDescription: String { "\(reason): \(raw.debugDescription)" }
    }

    /// Values that must not be sent, grouped by the reason the error gives.
    static let rejections: [Rejection] = [
        ("empty", ["", "   ", "\t\n", "\u{3000}"]),
        (
            "longer than 64",
            [String(repeating: "x", count: PartnerUserID.maximumLength + 1), String(repeating: "é", count: 65)]
        ),
        ("outside printable ASCII", ["ユーザー-7", "caf\u{E9}"]),
        ("starts or ends with a space", [" leading", "trailing "]),
        ("control character", ["user\n42", "user\u{0}42", "user\u{7F}"]),
        (
            "email address",
            [
                "jane@example.com", "Jane.Doe+tag@mail.example.co.uk", " jane@example.com ", "jane%40example.com",
                "jane\u{FF20}example.com", "mailto:jane",
            ]
        ),
    ].flatMap { reason, raws in raws.map { Rejection(raw: $0, reason: reason) } }

    @Test("rejects values that must not be sent", arguments: rejections)
    func rejectsValuesThatMustNotBeSent(rejection: Rejection) async throws {
        // A refused value may be personal data: it must not be echoed (a blank one is in every string).
        let echo = rejection.raw.trimmingCharacters(in: .whitespaces).isEmpty ? [] : [rejection.raw]
        try await requireRefusedLocally(code: "invalid_end_user_id", naming: rejection.reason, hiding: echo) {
            try PartnerUserID(rawValue: rejection.raw).validate()
        }
    }

    @Test("the initializer keeps the value exactly as given")
    func keepsRawValue() {
        let id = PartnerUserID(rawValue: "  spaced  ")
        #expect(id.rawValue == "  spaced  ")
        #expect(PartnerUserID(rawValue: "a") == PartnerUserID(rawValue: "a"))
        #expect(PartnerUserID(rawValue: "a") != PartnerUserID(rawValue: "A"))
    }

    @Test("encodes and decodes as a single string")
    func codableAsSingleString() throws {
        let id = PartnerUserID(rawValue: "user_1")
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["user_1"]"#)
        #expect(try JSONDecoder().decode([PartnerUserID].self, from: data) == [id])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PartnerUserID].self, from: Data("[42]".utf8))
        }
    }
}
