import JanuaryTransport
import Testing

@Suite("JanuaryHTTPHeaderFields", suiteTimeLimit())
struct JanuaryHTTPHeaderFieldsTests {
    @Test("keeps literal order and repeated names; looks names up case-insensitively")
    func orderAndLookup() {
        let fields: JanuaryHTTPHeaderFields = ["Accept": "a", "X-Two": "1", "x-two": "2", "Content-Type": "c"]
        #expect(fields.map(\.name) == ["Accept", "X-Two", "x-two", "Content-Type"])
        #expect(fields["X-TWO"] == "1")
        #expect(fields.values(for: "x-Two") == ["1", "2"])
        #expect(fields["missing"] == nil)
        #expect(fields.values(for: "missing").isEmpty)
        #expect(fields.contains("content-type"))
        #expect(!fields.contains("content"))
        #expect(fields.count == 4)
        #expect(!fields.isEmpty && JanuaryHTTPHeaderFields().isEmpty)
    }

    @Test("setting through the subscript replaces every field of that name in place")
    func subscriptSet() {
        var fields: JanuaryHTTPHeaderFields = ["A": "1", "B": "2", "a": "3", "C": "4"]
        fields["a"] = "new"
        #expect(fields.map(\.name) == ["A", "B", "C"])
        #expect(fields.map(\.value) == ["new", "2", "4"])
        fields["D"] = "appended"
        #expect(fields.map(\.name) == ["A", "B", "C", "D"])
        fields["b"] = nil
        #expect(fields.map(\.name) == ["A", "C", "D"])
    }

    @Test("append keeps existing fields; removeAll removes every case variant")
    func appendAndRemove() {
        var fields = JanuaryHTTPHeaderFields([(name: "Accept", value: "a")])
        fields.append("b", for: "ACCEPT")
        #expect(fields.values(for: "accept") == ["a", "b"])
        fields.append("x", for: "Other")
        fields.removeAll(named: "accept")
        #expect(fields.map(\.name) == ["Other"])
        #expect(fields == ["Other": "x"])
    }

    @Test(
        "descriptions and dump redact credential fields",
        arguments: ["Authorization", "authorization", "Proxy-Authorization", "COOKIE", "Set-Cookie"]
    )
    func redaction(name: String) {
        let secret = "s3cr3t-value-\(name.count)"
        let fields: JanuaryHTTPHeaderFields = [name: secret, "Accept": "application/json"]
        var dumped = ""
        dump(fields, to: &dumped)
        for text in [fields.description, fields.debugDescription, "\(fields)", String(reflecting: fields), dumped] {
            #expect(!text.contains(secret), "\(text)")
            #expect(text.contains("<redacted>"))
            #expect(text.contains("application/json"))
        }
        #expect(fields.description == "[\(name): <redacted>, Accept: application/json]")
    }

    @Test("does not redact fields that merely resemble credential names")
    func noOverRedaction() {
        let fields: JanuaryHTTPHeaderFields = ["X-Authorization-Hint": "visible", "Cookie2": "shown"]
        #expect(fields.description == "[X-Authorization-Hint: visible, Cookie2: shown]")
    }
}
