/// A stand-in for another networking library a partner's app links beside the SDK (Alamofire declares a public
/// `HTTPMethod` too), so that the tests prove both import cleanly into one file and the unqualified name means
/// this one.
public struct HTTPMethod: RawRepresentable, Equatable, Sendable {
    /// The method's name as sent.
    public let rawValue: String

    /// A method named `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
}

/// The neighbour's header type, named as in many networking libraries.
public struct HTTPHeaderFields: Sendable {
    /// The fields, by name.
    public var fields: [String: String]

    /// Header fields holding `fields`.
    public init(_ fields: [String: String]) {
        self.fields = fields
    }
}
