import Foundation
import JanuaryCore

#if canImport(ImageIO)
import CoreGraphics
import ImageIO

/// How the SDK prepares a photo on the device before ``JanuaryPartnerClient/FoodAnalysis/analyzePhoto(_:reasoning:)``
/// sends it: orientation applied, scaled down to January's recommended size (the shorter side at most 1,024 px, the
/// long edge at most 2,048 px, by default), transparency flattened onto white, re-encoded as JPEG at a set quality,
/// and no metadata at all (no EXIF, no GPS location, no camera details).
///
/// A photo made with ``FoodPhoto/image(_:contentType:)`` is prepared with ``standard`` unless you set its
/// ``FoodPhoto/preparation`` to `nil`. Before anything is decoded, the header's pixel count is checked (at most
/// 64 megapixels: 67,108,864 pixels, 256 MiB once decoded), and a JPEG or HEIC file cut short is refused. Decoding
/// goes through ImageIO's thumbnail path; a JPEG is decoded scaled down, but a PNG or a HEIC may be decoded at full
/// size first, which the pixel cap bounds.
///
/// <!-- docs-check: apple-only -->
/// ```swift
/// var photo = FoodPhoto.image(jpegData, contentType: .jpeg)  // prepared with .standard when sent
/// photo.preparation = PhotoPreparation(maximumShortSide: 768, compressionQuality: 0.8)
/// let heic = try FoodPhoto.prepared(heicData)  // prepared now: any format the device reads
/// for meal in [photo, heic] {
///     show(try await january.foodAnalysis.analyzePhoto(meal))
/// }
/// ```
///
/// Only Apple platforms have ImageIO; on Linux this type does not exist and photos are sent as given.
public struct PhotoPreparation: Sendable, Hashable {
    /// The shorter side of the prepared photo at most, in pixels; a smaller photo is never enlarged. 64 to 4,096.
    public var maximumShortSide: Int
    /// The longest side of the prepared photo at most, in pixels, so that a panorama stays small. 64 to 4,096.
    public var maximumLongEdge: Int
    /// The JPEG quality, from 0 (smallest) to 1 (best).
    public var compressionQuality: Double

    /// Preparation with chosen limits; they are checked when a photo is prepared. The photo is scaled down until
    /// both limits hold.
    ///
    /// - Parameters:
    ///   - maximumShortSide: The shorter side in pixels, 64 to 4,096; 1,024 by default, as January recommends.
    ///   - maximumLongEdge: The longest side in pixels, 64 to 4,096; 2,048 by default.
    ///   - compressionQuality: The JPEG quality, 0 to 1; 0.7 by default.
    public init(
        maximumShortSide: Int = 1_024,
        maximumLongEdge: Int = 2_048,
        compressionQuality: Double = 0.7
    ) {
        self.maximumShortSide = maximumShortSide
        self.maximumLongEdge = maximumLongEdge
        self.compressionQuality = compressionQuality
    }

    /// January's recommendation: the shorter side at most 1,024 px, the long edge at most 2,048 px, JPEG quality
    /// 0.7. Docs/Benchmarks.md gives its bytes against a 1,000-px long edge.
    public static let standard = PhotoPreparation()

    /// Prepares encoded image bytes: any format ImageIO reads (JPEG, HEIC, PNG, …).
    ///
    /// - Parameter data: The encoded image, as the camera or the photo library gave it.
    /// - Returns: A JPEG without metadata, upright, within ``maximumShortSide`` and ``maximumLongEdge``.
    /// - Throws: `JanuaryError` of category `invalidInput` for options out of range, bytes that are not an image,
    ///   an image without pixels or with more than 64 megapixels, or a truncated JPEG or HEIC file.
    public func prepare(_ data: Data) throws -> Data {
        try validate()
        guard !data.isEmpty else {
            throw JanuaryError.invalidInput("FoodPhoto image data must not be empty.")
        }
        let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions) else {
            throw PhotoPreparationRules.notAnImage()
        }
        return try prepare(source, checkingCompleteness: data)
    }

    /// Prepares the image in a file, such as the one `NSItemProvider.loadFileRepresentation` hands over for a photo
    /// picked in the library: the file is mapped rather than read, so a 100 MB ProRAW photo never sits in memory
    /// whole.
    ///
    /// - Parameter url: A file URL of an encoded image.
    /// - Returns: A JPEG without metadata, upright, within ``maximumShortSide`` and ``maximumLongEdge``.
    /// - Throws: As preparing bytes does, and `invalidInput` when the file cannot be read.
    public func prepare(contentsOf url: URL) throws -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw PhotoPreparationRules.unreadableFile()
        }
        return try prepare(data)
    }

    private func prepare(_ source: CGImageSource, checkingCompleteness data: Data) throws -> Data {
        guard CGImageSourceGetCount(source) > 0, let type = CGImageSourceGetType(source) else {
            throw PhotoPreparationRules.notAnImage()
        }
        guard CGImageSourceGetStatus(source) == .statusComplete,
            CGImageSourceGetStatusAtIndex(source, 0) == .statusComplete,
            PhotoPreparationRules.isComplete(data, typeIdentifier: type as String)
        else {
            throw PhotoPreparationRules.truncated()
        }
        // The header only: nothing is decoded before the pixel count is known to be safe.
        let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any] ?? [:]
        let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue ?? 0
        let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue ?? 0
        try PhotoPreparationRules.checkPixelCount(width: width, height: height)
        // Width and height are before the orientation is applied; the limits are symmetric, so it does not matter.
        let size = try PhotoPreparationRules.preparedSize(
            width: width, height: height, maximumShortSide: maximumShortSide, maximumLongEdge: maximumLongEdge)
        let thumbnailOptions: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: max(size.width, size.height),
            kCGImageSourceShouldCacheImmediately: true,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions as CFDictionary) else {
            throw PhotoPreparationRules.truncated()
        }
        return try encode(flattened(image))
    }

    /// Prepares a decoded image, taken as upright (a `CGImage` has no orientation; pass `UIImage.cgImage` only for
    /// an `.up` image, or prepare the camera's encoded bytes instead).
    ///
    /// - Parameter image: The image.
    /// - Returns: A JPEG without metadata, within ``maximumShortSide`` and ``maximumLongEdge``.
    /// - Throws: `JanuaryError` of category `invalidInput` for options out of range or an image without pixels.
    public func prepare(_ image: CGImage) throws -> Data {
        try validate()
        let size = try PhotoPreparationRules.preparedSize(
            width: image.width, height: image.height, maximumShortSide: maximumShortSide,
            maximumLongEdge: maximumLongEdge)
        guard size.width != image.width || size.height != image.height else {
            return try encode(flattened(image))
        }
        return try encode(redrawn(image, width: size.width, height: size.height))
    }

    private func validate() throws {
        try PhotoPreparationRules.validate(
            maximumShortSide: maximumShortSide, maximumLongEdge: maximumLongEdge,
            compressionQuality: compressionQuality)
    }

    /// The image itself when it is opaque; otherwise drawn onto white, since JPEG has no transparency and ImageIO
    /// would turn transparent pixels black.
    private func flattened(_ image: CGImage) throws -> CGImage {
        guard PhotoPreparationRules.needsFlattening(alphaInfo: image.alphaInfo.rawValue) else {
            return image
        }
        return try redrawn(image, width: image.width, height: image.height)
    }

    /// The image drawn at a size onto an opaque white sRGB canvas.
    private func redrawn(_ image: CGImage, width: Int, height: Int) throws -> CGImage {
        guard let colorSpace = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: colorSpace, bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)
        else {
            throw PhotoPreparationRules.encodingFailed()
        }
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        context.setFillColor(CGColor(colorSpace: colorSpace, components: [1, 1, 1, 1]) ?? CGColor(gray: 1, alpha: 1))
        context.fill(bounds)
        context.interpolationQuality = .high
        context.draw(image, in: bounds)
        guard let drawn = context.makeImage() else {
            throw PhotoPreparationRules.encodingFailed()
        }
        return drawn
    }

    /// Encodes as JPEG with no properties but the quality: nothing of the original's metadata goes along.
    private func encode(_ image: CGImage) throws -> Data {
        let output = NSMutableData()
        guard
            let destination = CGImageDestinationCreateWithData(
                output as CFMutableData, "public.jpeg" as CFString, 1, nil)
        else {
            throw PhotoPreparationRules.encodingFailed()
        }
        let properties = [kCGImageDestinationLossyCompressionQuality: compressionQuality] as CFDictionary
        CGImageDestinationAddImage(destination, image, properties)
        guard CGImageDestinationFinalize(destination), output.length > 0 else {
            throw PhotoPreparationRules.encodingFailed()
        }
        return output as Data
    }
}
#endif

/// The platform-independent half of photo preparation: the limits on its options, the size a photo is scaled to,
/// the pixel cap, the truncation checks and the errors it throws. `PhotoPreparation` (where ImageIO exists) does
/// the decoding and encoding around it; keeping the rules here lets the Linux tests cover them.
enum PhotoPreparationRules {
    /// January's recommendation: about 1,024 px on the shorter side (API reference, `analyzePhoto`). A 4:3 camera
    /// photo goes out at 1,365 × 1,024; Docs/Benchmarks.md measures its bytes against a 1,000-px long edge.
    static let defaultMaximumShortSide = 1_024
    /// The long edge at most, so that a panorama does not grow with its length.
    static let defaultMaximumLongEdge = 2_048
    /// The JPEG quality January's own SDKs use.
    static let defaultCompressionQuality = 0.7
    /// The sides a partner may choose: below 64 px nothing is recognisable; above 4,096 px the photo no longer
    /// fits January's 5 MB request limit reliably.
    static let allowedSides = 64...4_096
    /// The most pixels a photo may have: 64 megapixels (2^26), 256 MiB once decoded at 4 bytes a pixel. Above a
    /// 48-megapixel camera photo and an iPhone panorama (up to 63 megapixels, as Apple lists it); a larger PNG or
    /// HEIC, which ImageIO may decode at full size, could get the app ended for its memory.
    static let maximumPixelCount: Int64 = 67_108_864

    /// Checks the options a partner chose.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the option out of range.
    static func validate(maximumShortSide: Int, maximumLongEdge: Int, compressionQuality: Double) throws {
        for (name, value) in [("maximumShortSide", maximumShortSide), ("maximumLongEdge", maximumLongEdge)] {
            guard allowedSides.contains(value) else {
                throw JanuaryError.invalidInput(
                    "PhotoPreparation \(name) must be \(allowedSides.lowerBound) to \(allowedSides.upperBound) pixels.")
            }
        }
        guard compressionQuality.isFinite, (0...1).contains(compressionQuality) else {
            throw JanuaryError.invalidInput("PhotoPreparation compressionQuality must be between 0 and 1.")
        }
    }

    /// Refuses a header whose pixel count is above ``maximumPixelCount``, before anything is decoded.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput`.
    static func checkPixelCount(width: Int, height: Int) throws {
        guard Int64(width) * Int64(height) <= maximumPixelCount else {
            throw tooManyPixels()
        }
    }

    /// The pixel size of the prepared photo: the same proportions, scaled down until the shorter side is at most
    /// `maximumShortSide` and the long edge at most `maximumLongEdge`, never enlarged, each side at least one
    /// pixel. Computed in `Int64` so that no header's size can overflow a 32-bit `Int` (watchOS).
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` for a side that is zero or negative.
    static func preparedSize(
        width: Int, height: Int, maximumShortSide: Int, maximumLongEdge: Int
    ) throws -> (width: Int, height: Int) {
        guard width > 0, height > 0 else {
            throw emptyImage()
        }
        let long = Int64(max(width, height))
        let short = Int64(min(width, height))
        let shortLimit = Int64(maximumShortSide)
        let longLimit = Int64(maximumLongEdge)
        guard short > shortLimit || long > longLimit else {
            return (width, height)
        }
        // The limit that shrinks more binds: shortLimit / short < longLimit / long, compared without division.
        let (limit, side) = shortLimit * long < longLimit * short ? (shortLimit, short) : (longLimit, long)
        // Round to the nearest pixel: length * limit / side, with half rounded up.
        func scaled(_ length: Int) -> Int {
            Int(max(1, (Int64(length) * limit * 2 + side) / (side * 2)))
        }
        return (scaled(width), scaled(height))
    }

    /// Whether encoded bytes are whole, for the formats whose structure says so: a JPEG reaches its end-of-image
    /// marker, a HEIC or HEIF's boxes fill the file exactly. Other formats pass (ImageIO's own status decides).
    static func isComplete(_ data: Data, typeIdentifier: String) -> Bool {
        switch typeIdentifier {
        case "public.jpeg":
            return jpegIsComplete(data)
        case "public.heic", "public.heif", "public.heics", "public.avif":
            return boxesAreComplete(data)
        default:
            return true
        }
    }

    /// Whether a JPEG reaches the end-of-image marker of its first image: every segment is walked by its length
    /// and each scan's entropy-coded data to the next marker, so bytes inside a segment (an EXIF thumbnail's own
    /// markers) are never mistaken for the end. ImageIO reports a baseline JPEG cut inside its scan as complete
    /// and fills the rest with grey; this finds it. Anything after the first image (a gain map, a vendor's
    /// trailer) is not checked.
    static func jpegIsComplete(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            let count = bytes.count
            guard count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
                return false
            }
            var index = 2
            while index < count {
                // Bytes before a marker are tolerated, as decoders do; fill bytes (0xFF) before one too.
                guard bytes[index] == 0xFF else {
                    index += 1
                    continue
                }
                while index < count && bytes[index] == 0xFF {
                    index += 1
                }
                guard index < count else {
                    return false
                }
                let marker = bytes[index]
                index += 1
                if marker == 0xD9 {
                    return true
                }
                if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    continue
                }
                guard index + 2 <= count else {
                    return false
                }
                let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
                guard length >= 2, index + length <= count else {
                    return false
                }
                index += length
                if marker == 0xDA {
                    // Entropy-coded data: 0xFF appears only stuffed (0xFF 0x00) or before a restart marker.
                    while index + 1 < count {
                        if bytes[index] == 0xFF, bytes[index + 1] != 0x00, !(0xD0...0xD7).contains(bytes[index + 1]) {
                            break
                        }
                        index += 1
                    }
                    guard index + 1 < count else {
                        return false
                    }
                }
            }
            return false
        }
    }

    /// Whether an ISO base media file (HEIC, HEIF, AVIF) is made of whole top-level boxes that end exactly at the
    /// end of the file, with `ftyp` first. A file cut inside a box (the usual truncation: the image data, `mdat`,
    /// comes last) is found; a file cut exactly between two boxes is not, and then ImageIO finds no image data,
    /// which is refused too. A last box declared as running to the end of the file (size 0) cannot be checked.
    static func boxesAreComplete(_ data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            func big(_ offset: Int, _ width: Int) -> UInt64 {
                (0..<width).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
            }
            let count = bytes.count
            var offset = 0
            var boxes = 0
            while offset < count {
                guard count - offset >= 8 else {
                    return false
                }
                if boxes == 0
                    && !(bytes[offset + 4] == 0x66 && bytes[offset + 5] == 0x74 && bytes[offset + 6] == 0x79
                        && bytes[offset + 7] == 0x70)
                {
                    return false
                }
                var size = big(offset, 4)
                var header: UInt64 = 8
                if size == 1 {
                    guard count - offset >= 16 else {
                        return false
                    }
                    size = big(offset + 8, 8)
                    header = 16
                } else if size == 0 {
                    return true
                }
                guard size >= header, size <= UInt64(count - offset) else {
                    return false
                }
                offset += Int(size)
                boxes += 1
            }
            return boxes > 0
        }
    }

    /// Whether an image with this `CGImageAlphaInfo` raw value has an alpha channel, and so must be drawn onto white
    /// before it becomes a JPEG: `none` (0), `noneSkipLast` (5) and `noneSkipFirst` (6) have none.
    static func needsFlattening(alphaInfo: UInt32) -> Bool {
        ![0, 5, 6].contains(alphaInfo)
    }

    static func notAnImage() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image data is not an image the device can read (JPEG, HEIC, PNG, …).")
    }

    static func emptyImage() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image has no pixels: its width or height is zero.")
    }

    static func tooManyPixels() -> JanuaryError {
        JanuaryError.invalidInput(
            "FoodPhoto image has more than 64 megapixels: too many to decode safely on the device. Scale it down first."
        )
    }

    static func truncated() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image data is incomplete: the file is truncated or damaged.")
    }

    static func unreadableFile() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image file could not be read.")
    }

    static func encodingFailed() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image could not be re-encoded as JPEG on this device.")
    }
}
