import JanuaryCore

/// An ordered list of HTTP header fields with case-insensitive lookup (RFC 9110 §5).
///
/// Fields keep the order and spelling they were added with, and a name may repeat. Lookups compare names
/// ASCII case-insensitively, as field names are case-insensitive.
///
/// ```swift
/// let token = "ct-example"
/// var fields: JanuaryHTTPHeaderFields = ["Accept": "application/json"]
/// fields["authorization"] = "Bearer \(token)"  // replaces any Authorization field
/// fields.append("gzip", for: "Accept-Encoding")
/// print(fields)  // [Accept: application/json, authorization: <redacted>, Accept-Encoding: gzip]
/// ```
///
/// Printing never shows a credential: `description`, `debugDescription` and `dump` replace the values of
/// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` with `<redacted>`.
public struct JanuaryHTTPHeaderFields: Sendable, Equatable {
    /// One field: a name and its value.
    public typealias Element = (name: String, value: String)

    fileprivate struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    private var fields: [Field]

    /// Creates an empty list.
    public init() {
        fields = []
    }

    /// Creates a list from fields in order.
    ///
    /// - Parameter fields: The fields; names may repeat.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int {
        fields.count
    }

    /// Whether there are no fields.
    public var isEmpty: Bool {
        fields.isEmpty
    }

    /// The value of the first field with this name; setting replaces every field of that name.
    ///
    /// Setting a value keeps the position of the first field of that name (or appends when there is none) and
    /// removes the others; setting `nil` removes them all.
    ///
    /// - Parameter name: The field name, in any case.
    public subscript(name: String) -> String? {
        get {
            fields.first { HTTPSyntax.asciiCaseInsensitiveEquals($0.name, name) }?.value
        }
        set {
            guard let newValue else {
                removeAll(named: name)
                return
            }
            guard let first = fields.firstIndex(where: { HTTPSyntax.asciiCaseInsensitiveEquals($0.name, name) }) else {
                fields.append(Field(name: name, value: newValue))
                return
            }
            fields[first].value = newValue
            var index = fields.index(after: first)
            while index < fields.endIndex {
                if HTTPSyntax.asciiCaseInsensitiveEquals(fields[index].name, name) {
                    fields.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
    }

    /// The values of every field with this name, in order.
    ///
    /// - Parameter name: The field name, in any case.
    /// - Returns: The values; empty when there is no such field.
    public func values(for name: String) -> [String] {
        fields.filter { HTTPSyntax.asciiCaseInsensitiveEquals($0.name, name) }.map(\.value)
    }

    /// Adds a field after the existing ones, keeping any fields of the same name.
    ///
    /// - Parameters:
    ///   - value: The field value.
    ///   - name: The field name.
    public mutating func append(_ value: String, for name: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field with this name.
    ///
    /// - Parameter name: The field name, in any case.
    public mutating func removeAll(named name: String) {
        fields.removeAll { HTTPSyntax.asciiCaseInsensitiveEquals($0.name, name) }
    }

    /// Whether a field with this name is present.
    ///
    /// - Parameter name: The field name, in any case.
    /// - Returns: `true` when at least one field has that name.
    public func contains(_ name: String) -> Bool {
        fields.contains { HTTPSyntax.asciiCaseInsensitiveEquals($0.name, name) }
    }

    /// The fields that carry a credential: they must not travel in cleartext or to another origin, only the SDK
    /// sets them, and their values are never printed.
    package static let credentialFieldNames = ["Authorization", "Proxy-Authorization"]

    /// The field names whose values are never printed: the credential fields and cookies.
    package static let redactedFieldNames: [String] = credentialFieldNames + ["Cookie", "Set-Cookie"]

    /// Whether values of this field are credentials that must never be printed.
    ///
    /// - Parameter name: A field name, in any case.
    /// - Returns: `true` for `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie`.
    package static func isRedacted(_ name: String) -> Bool {
        redactedFieldNames.contains { HTTPSyntax.asciiCaseInsensitiveEquals($0, name) }
    }

    /// Each field as `name: value`, with credential values replaced by `<redacted>`.
    private var printableFields: [String] {
        fields.map { "\($0.name): \(Self.isRedacted($0.name) ? Redaction.placeholder : $0.value)" }
    }
}

extension JanuaryHTTPHeaderFields: Sequence {
    /// Iterates over the fields in order.
    public struct Iterator: IteratorProtocol {
        private var base: IndexingIterator<[Field]>

        fileprivate init(_ fields: [Field]) {
            base = fields.makeIterator()
        }

        /// Advances to the next field.
        ///
        /// - Returns: The next field, or `nil` after the last.
        public mutating func next() -> Element? {
            base.next().map { (name: $0.name, value: $0.value) }
        }
    }

    /// Makes an iterator over the fields.
    ///
    /// - Returns: An iterator that yields the fields in order.
    public func makeIterator() -> Iterator {
        Iterator(fields)
    }

    /// The number of fields, which is exact.
    public var underestimatedCount: Int {
        fields.count
    }
}

extension JanuaryHTTPHeaderFields: ExpressibleByDictionaryLiteral {
    /// Creates a list from a literal, keeping the literal's order; a name may appear more than once.
    ///
    /// - Parameter elements: The names and values.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }
}

extension JanuaryHTTPHeaderFields: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The fields as `[Name: value, …]`, with credential values shown as `<redacted>`.
    public var description: String {
        "[" + printableFields.joined(separator: ", ") + "]"
    }

    /// The same text as ``description``.
    public var debugDescription: String {
        description
    }

    /// One child per field, `name: value` with credentials redacted, so that `dump` cannot reach the values.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: printableFields, displayStyle: .collection)
    }
}
