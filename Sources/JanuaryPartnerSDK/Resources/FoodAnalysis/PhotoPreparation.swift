import Foundation
import JanuaryCore

#if canImport(ImageIO)
import CoreGraphics
import ImageIO

/// How the SDK prepares a photo on the device before ``JanuaryPartnerClient/FoodAnalysis/analyzePhoto(_:reasoning:)``
/// sends it: orientation applied, the long edge capped (1,000 px by default), re-encoded as JPEG at a set quality,
/// and no metadata at all (no EXIF, no GPS location, no camera details).
///
/// A photo made with ``FoodPhoto/image(_:contentType:)`` is prepared with ``standard`` unless you set its
/// ``FoodPhoto/preparation`` to `nil`. Decoding goes through ImageIO's thumbnail path, so a 48-megapixel photo
/// is never decoded at full size.
///
/// ```swift
/// var photo = FoodPhoto.image(cameraData, contentType: .jpeg)  // prepared with .standard when sent
/// photo.preparation = PhotoPreparation(maximumLongEdge: 1_280, compressionQuality: 0.8)
/// let heic = try FoodPhoto.prepared(heicData)  // prepared now: any format the device reads
/// ```
///
/// Only Apple platforms have ImageIO; on Linux this type does not exist and photos are sent as given.
public struct PhotoPreparation: Sendable, Hashable {
    /// The longest side of the prepared photo, in pixels; a smaller photo is never enlarged. 64 to 4,096.
    public var maximumLongEdge: Int
    /// The JPEG quality, from 0 (smallest) to 1 (best).
    public var compressionQuality: Double

    /// Preparation with chosen limits; they are checked when a photo is prepared.
    ///
    /// - Parameters:
    ///   - maximumLongEdge: The longest side in pixels, 64 to 4,096; 1,000 by default.
    ///   - compressionQuality: The JPEG quality, 0 to 1; 0.7 by default.
    public init(
        maximumLongEdge: Int = 1_000,
        compressionQuality: Double = 0.7
    ) {
        self.maximumLongEdge = maximumLongEdge
        self.compressionQuality = compressionQuality
    }

    /// What January's own SDKs send: long edge 1,000 px, JPEG quality 0.7.
    public static let standard = PhotoPreparation()

    /// Prepares encoded image bytes: any format ImageIO reads (JPEG, HEIC, PNG, …).
    ///
    /// - Parameter data: The encoded image, as the camera or the photo library gave it.
    /// - Returns: A JPEG without metadata, upright, its long edge at most ``maximumLongEdge``.
    /// - Throws: `JanuaryError` of category `invalidInput` for options out of range, bytes that are not an image,
    ///   an image without pixels, or a truncated file.
    public func prepare(_ data: Data) throws -> Data {
        try PhotoPreparationRules.validate(maximumLongEdge: maximumLongEdge, compressionQuality: compressionQuality)
        guard !data.isEmpty else {
            throw JanuaryError.invalidInput("FoodPhoto image data must not be empty.")
        }
        let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions),
            CGImageSourceGetCount(source) > 0, CGImageSourceGetType(source) != nil
        else {
            throw PhotoPreparationRules.notAnImage()
        }
        guard CGImageSourceGetStatus(source) == .statusComplete,
            CGImageSourceGetStatusAtIndex(source, 0) == .statusComplete
        else {
            throw PhotoPreparationRules.truncated()
        }
        let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any] ?? [:]
        let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue ?? 0
        let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue ?? 0
        let size = try PhotoPreparationRules.preparedSize(
            width: width, height: height, maximumLongEdge: maximumLongEdge)
        let thumbnailOptions: [CFString: Any] = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceThumbnailMaxPixelSize: max(size.width, size.height),
            kCGImageSourceShouldCacheImmediately: true,
        ]
        guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions as CFDictionary) else {
            throw PhotoPreparationRules.truncated()
        }
        return try encode(image)
    }

    /// Prepares a decoded image, taken as upright (a `CGImage` has no orientation; pass `UIImage.cgImage` only for
    /// an `.up` image, or prepare the camera's encoded bytes instead).
    ///
    /// - Parameter image: The image.
    /// - Returns: A JPEG without metadata, its long edge at most ``maximumLongEdge``.
    /// - Throws: `JanuaryError` of category `invalidInput` for options out of range or an image without pixels.
    public func prepare(_ image: CGImage) throws -> Data {
        try PhotoPreparationRules.validate(maximumLongEdge: maximumLongEdge, compressionQuality: compressionQuality)
        let size = try PhotoPreparationRules.preparedSize(
            width: image.width, height: image.height, maximumLongEdge: maximumLongEdge)
        guard size.width != image.width || size.height != image.height else {
            return try encode(image)
        }
        guard let colorSpace = CGColorSpace(name: CGColorSpace.sRGB),
            let context = CGContext(
                data: nil, width: size.width, height: size.height, bitsPerComponent: 8, bytesPerRow: 0,
                space: colorSpace, bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)
        else {
            throw PhotoPreparationRules.encodingFailed()
        }
        context.interpolationQuality = .high
        context.draw(image, in: CGRect(x: 0, y: 0, width: size.width, height: size.height))
        guard let scaled = context.makeImage() else {
            throw PhotoPreparationRules.encodingFailed()
        }
        return try encode(scaled)
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

/// The platform-independent half of photo preparation: the limits on its options, the size a photo is scaled to
/// and the errors it throws. `PhotoPreparation` (where ImageIO exists) does the decoding and encoding around it;
/// keeping the arithmetic here lets the Linux tests cover it.
enum PhotoPreparationRules {
    /// The long edge January's own SDKs send: plenty for recognition, about 25 times smaller than a camera photo.
    static let defaultMaximumLongEdge = 1_000
    /// The JPEG quality January's own SDKs use.
    static let defaultCompressionQuality = 0.7
    /// The long edges a partner may choose: below 64 px nothing is recognisable; above 4,096 px the photo no longer
    /// fits January's 5 MB request limit reliably.
    static let allowedLongEdges = 64...4_096

    /// Checks the options a partner chose.
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` naming the option out of range.
    static func validate(maximumLongEdge: Int, compressionQuality: Double) throws {
        guard allowedLongEdges.contains(maximumLongEdge) else {
            throw JanuaryError.invalidInput(
                "PhotoPreparation maximumLongEdge must be \(allowedLongEdges.lowerBound) to "
                    + "\(allowedLongEdges.upperBound) pixels.")
        }
        guard compressionQuality.isFinite, (0...1).contains(compressionQuality) else {
            throw JanuaryError.invalidInput("PhotoPreparation compressionQuality must be between 0 and 1.")
        }
    }

    /// The pixel size of the prepared photo: the same proportions, the long edge at most `maximumLongEdge`, never
    /// enlarged, each side at least one pixel. Computed in `Int64` so that no header's size can overflow a 32-bit
    /// `Int` (watchOS).
    ///
    /// - Throws: `JanuaryError` of category `invalidInput` for a side that is zero or negative.
    static func preparedSize(width: Int, height: Int, maximumLongEdge: Int) throws -> (width: Int, height: Int) {
        guard width > 0, height > 0 else {
            throw emptyImage()
        }
        let long = Int64(max(width, height))
        let limit = Int64(maximumLongEdge)
        guard long > limit else {
            return (width, height)
        }
        // Round to the nearest pixel: short * limit / long, with half rounded up.
        func scaled(_ side: Int) -> Int {
            Int(max(1, (Int64(side) * limit * 2 + long) / (long * 2)))
        }
        return (scaled(width), scaled(height))
    }

    static func notAnImage() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image data is not an image the device can read (JPEG, HEIC, PNG, …).")
    }

    static func emptyImage() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image has no pixels: its width or height is zero.")
    }

    static func truncated() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image data is incomplete: the file is truncated or damaged.")
    }

    static func encodingFailed() -> JanuaryError {
        JanuaryError.invalidInput("FoodPhoto image could not be re-encoded as JPEG on this device.")
    }
}
