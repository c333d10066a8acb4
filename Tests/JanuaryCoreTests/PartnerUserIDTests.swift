import Foundation
import JanuaryCore
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

    @Test(
        "rejects values that must not be sent",
        arguments: [
            Rejection(raw: "", reason: "empty"),
            Rejection(raw: "   ", reason: "empty"),
            Rejection(raw: "\t\n", reason: "empty"),
            Rejection(raw: "\u{3000}", reason: "empty"),
            Rejection(raw: String(repeating: "x", count: PartnerUserID.maximumLength + 1), reason: "longer than 64"),
            Rejection(raw: String(repeating: "é", count: 65), reason: "longer than 64"),
            Rejection(raw: "ユーザー-7", reason: "outside printable ASCII"),
            Rejection(raw: "caf\u{E9}", reason: "outside printable ASCII"),
            Rejection(raw: " leading", reason: "starts or ends with a space"),
            Rejection(raw: "trailing ", reason: "starts or ends with a space"),
            Rejection(raw: "user\n42", reason: "control character"),
            Rejection(raw: "user\u{0}42", reason: "control character"),
            Rejection(raw: "user\u{7F}", reason: "control character"),
            Rejection(raw: "jane@example.com", reason: "email address"),
            Rejection(raw: "Jane.Doe+tag@mail.example.co.uk", reason: "email address"),
            Rejection(raw: " jane@example.com ", reason: "email address"),
            Rejection(raw: "jane%40example.com", reason: "email address"),
            Rejection(raw: "jane\u{FF20}example.com", reason: "email address"),
            Rejection(raw: "mailto:jane", reason: "email address"),
        ]
    )
    func rejectsValuesThatMustNotBeSent(rejection: Rejection) throws {
        let error = try #require(throws: JanuaryError.self) {
            try PartnerUserID(rawValue: rejection.raw).validate()
        }
        #expect(error.category == .invalidInput)
        #expect(error.code == "invalid_end_user_id")
        #expect(error.message.contains(rejection.reason))
        if !rejection.raw.trimmingCharacters(in: .whitespaces).isEmpty {
            #expect(!error.description.contains(rejection.raw), "a refused value may be personal data")
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
