import Foundation
import JanuaryCore

#if canImport(ImageIO)
import CoreGraphics
#endif

/// A photo of a meal or a packaged product for ``JanuaryPartnerClient/FoodAnalysis/analyzePhoto(_:reasoning:)``:
/// either a public `https` link January fetches, or the image's bytes, which the SDK sends as a
/// `data:image/<type>;base64,…` URI.
///
/// ```swift
/// let photo = FoodPhoto.image(jpegData, contentType: .jpeg)
/// let sameKind = try FoodPhoto.image(pngData)  // content type read from the bytes
/// let linked = FoodPhoto.url(URL(string: "https://cdn.example.com/meal.jpg")!)
/// ```
///
/// January accepts JPEG, PNG, WebP and still GIF, in a request body of at most 5 MB: about 3.7 MB of image
/// before base64. Smaller is faster. On Apple platforms the SDK prepares image bytes before sending them
/// (`PhotoPreparation.standard`: orientation applied, the shorter side at most 1,024 px as January recommends and
/// the long edge at most 2,048 px, JPEG at quality 0.7, no metadata);
/// set `preparation` to `nil` to send them as given. On Linux, where ImageIO does not exist, bytes are always sent
/// as given: resize and compress them before making the photo. A photo of only a barcode is refused: use
/// ``JanuaryPartnerClient/Foods/get(barcode:)``.
public struct FoodPhoto: Sendable, Hashable {
    /// The largest request body January accepts, in bytes (5 MB, counted in decimal megabytes to stay on the safe
    /// side of either reading).
    public static let maximumRequestBytes = 5_000_000

    enum Source: Sendable, Hashable {
        case url(URL)
        case image(Data, ContentType)
    }

    let source: Source

    #if canImport(ImageIO)
    /// How the SDK prepares the image bytes before sending them: ``PhotoPreparation/standard`` unless you choose
    /// other limits, or `nil` to send the bytes exactly as given. A URL photo is never prepared.
    public var preparation: PhotoPreparation? = .standard

    /// A photo from any encoded image the device reads (JPEG, HEIC, PNG, …), prepared now.
    ///
    /// - Parameters:
    ///   - data: The encoded image, as the camera or the photo library gave it.
    ///   - preparation: The limits; ``PhotoPreparation/standard`` by default.
    /// - Returns: The prepared JPEG photo.
    /// - Throws: `JanuaryError` of category `invalidInput` when the bytes are not an image, have no pixels or are
    ///   truncated.
    public static func prepared(_ data: Data, preparation: PhotoPreparation = .standard) throws -> FoodPhoto {
        FoodPhoto(source: .image(try preparation.prepare(data), .jpeg), preparation: nil)
    }

    /// A photo from a decoded image (taken as upright), prepared now.
    ///
    /// - Parameters:
    ///   - image: The image.
    ///   - preparation: The limits; ``PhotoPreparation/standard`` by default.
    /// - Returns: The prepared JPEG photo.
    /// - Throws: `JanuaryError` of category `invalidInput` for an image without pixels.
    public static func prepared(_ image: CGImage, preparation: PhotoPreparation = .standard) throws -> FoodPhoto {
        FoodPhoto(source: .image(try preparation.prepare(image), .jpeg), preparation: nil)
    }
    #endif

    /// Whether the bytes will be prepared before sending, so that their size now says nothing about the request's.
    var willBePrepared: Bool {
        #if canImport(ImageIO)
        if case .image = source, preparation != nil {
            return true
        }
        #endif
        return false
    }

    /// The photo as it is sent: prepared when ``willBePrepared``, otherwise itself.
    func preparedForSending() throws -> FoodPhoto {
        #if canImport(ImageIO)
        if case .image(let data, _) = source, let preparation {
            guard !data.isEmpty else {
                throw JanuaryError.invalidInput("FoodPhoto image data must not be empty.")
            }
            return FoodPhoto(source: .image(try preparation.prepare(data), .jpeg), preparation: nil)
        }
        #endif
        return self
    }

    /// A photo January fetches from a public `https` or `http` URL.
    ///
    /// January must be able to fetch the URL without credentials; a URL it cannot fetch fails with
    /// `image_unreachable`. Plain `http` is accepted, as January's contract accepts it: January fetches the photo
    /// itself and no credential goes with it (prefer `https` for a user's meal). Other schemes are refused
    /// before sending.
    ///
    /// - Parameter url: The photo's `https` or `http` URL.
    /// - Returns: The photo.
    public static func url(_ url: URL) -> FoodPhoto {
        FoodPhoto(source: .url(url))
    }

    /// A photo from its encoded bytes and their content type.
    ///
    /// - Parameters:
    ///   - data: The encoded image, such as `UIImage.jpegData(compressionQuality:)`.
    ///   - contentType: What `data` is.
    /// - Returns: The photo.
    public static func image(_ data: Data, contentType: ContentType) -> FoodPhoto {
        FoodPhoto(source: .image(data, contentType))
    }

    /// A photo from its encoded bytes, with the content type read from their signature.
    ///
    /// - Parameter data: A JPEG, PNG, WebP or GIF image.
    /// - Returns: The photo.
    /// - Throws: `JanuaryError` of category `invalidInput` when the bytes are none of those formats.
    public static func image(_ data: Data) throws -> FoodPhoto {
        guard let contentType = ContentType(sniffing: data) else {
            throw JanuaryError.invalidInput("FoodPhoto image data is not a JPEG, PNG, WebP or GIF image.")
        }
        return FoodPhoto(source: .image(data, contentType))
    }

    /// Checks the photo can be sent: an `https` or `http` URL with a host, or non-empty bytes of an accepted type small
    /// enough for January's 5 MB request limit once base64-encoded. Bytes that will be prepared are measured after
    /// preparation, when the photo is sent.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the rule broken.
    public func validate() throws {
        switch source {
        case .url(let url):
            guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host,
                !host.isEmpty
            else {
                throw JanuaryError.invalidInput("FoodPhoto URL must be an https or http URL with a host.")
            }
        case .image(let data, let contentType):
            guard !data.isEmpty else {
                throw JanuaryError.invalidInput("FoodPhoto image data must not be empty.")
            }
            // Refuse before building a base64 copy of a photo that could never fit.
            guard !willBePrepared else {
                return
            }
            let encodedLength = contentType.dataURIPrefix.utf8.count + (data.count + 2) / 3 * 4
            guard encodedLength <= Self.maximumRequestBytes else {
                throw JanuaryError.invalidInput(
                    "FoodPhoto image is too large: January accepts a request body of at most 5 MB, about 3.7 MB of "
                        + "image before base64. Resize or compress it first.",
                    code: JanuaryError.Code.payloadTooLarge
                )
            }
        }
    }

    /// The `image` value January expects: the URL as written, or a complete data URI.
    func imageValue() throws -> String {
        let photo = try preparedForSending()
        try photo.validate()
        switch photo.source {
        case .url(let url):
            return url.absoluteString
        case .image(let data, let contentType):
            return contentType.dataURIPrefix + data.base64EncodedString()
        }
    }
}

extension FoodPhoto {
    /// The image formats January accepts: JPEG, PNG, WebP and (still) GIF.
    public struct ContentType: Sendable, Hashable, CustomStringConvertible {
        /// The MIME type, such as `image/jpeg`.
        public let mimeType: String

        private init(known mimeType: String) {
            self.mimeType = mimeType
        }

        /// Creates a content type from a MIME type, or `nil` when January does not accept the format.
        ///
        /// - Parameter mimeType: A MIME type such as `image/png`, compared case-insensitively, parameters ignored.
        public init?(mimeType: String) {
            let essence = mimeType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            let normalized = essence.trimmingCharacters(in: .whitespaces).lowercased()
            guard let known = Self.all.first(where: { $0.mimeType == normalized || $0.aliases.contains(normalized) })
            else {
                return nil
            }
            self = known
        }

        /// JPEG, `image/jpeg`.
        public static let jpeg = ContentType(known: "image/jpeg")
        /// PNG, `image/png`.
        public static let png = ContentType(known: "image/png")
        /// WebP, `image/webp`.
        public static let webp = ContentType(known: "image/webp")
        /// GIF, `image/gif`. January refuses animated GIFs (`image_format_unsupported`).
        public static let gif = ContentType(known: "image/gif")

        static let all: [ContentType] = [.jpeg, .png, .webp, .gif]

        /// The MIME type.
        public var description: String {
            mimeType
        }

        var dataURIPrefix: String {
            "data:\(mimeType);base64,"
        }

        private var aliases: [String] {
            self == .jpeg ? ["image/jpg", "image/pjpeg"] : []
        }

        /// The format named by the first bytes of an encoded image.
        init?(sniffing data: Data) {
            let head = [UInt8](data.prefix(12))
            func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
                head.count >= offset + signature.count && Array(head[offset..<(offset + signature.count)]) == signature
            }
            if starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                self = .png
            } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
                self = .gif
            } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
                self = .webp
            } else {
                return nil
            }
        }
    }
}

/// Which analyzer reads a food photo: the reasoning-based one or the standard one.
///
/// Both return the same result shape, count against the same rate limit and cost the same. Omitting the effort
/// is the same as `.xhigh`; `.noReasoning` selects the standard analyzer.
///
/// A value this SDK version does not know decodes as itself; compare with the static members and keep a
/// `default` branch.
public typealias AnalysisReasoningEffort = JanuaryVocabulary<JanuaryVocabularies.AnalysisReasoningEffort>

extension JanuaryVocabularies {
    /// The vocabulary of ``/JanuaryPartnerSDK/AnalysisReasoningEffort``, which keeps its values apart from other vocabularies'.
    public enum AnalysisReasoningEffort {}
}

extension AnalysisReasoningEffort {
    /// The standard analyzer, without extended reasoning: wire value `none`.
    ///
    /// Named `noReasoning` rather than `none` so that passing it where an optional effort is expected cannot be
    /// mistaken for `Optional.none`, which would mean "January's default", the opposite.
    public static var noReasoning: AnalysisReasoningEffort { AnalysisReasoningEffort(rawValue: "none") }
    /// The reasoning-based analyzer, January's default: wire value `xhigh`.
    public static var xhigh: AnalysisReasoningEffort { AnalysisReasoningEffort(rawValue: "xhigh") }
}
