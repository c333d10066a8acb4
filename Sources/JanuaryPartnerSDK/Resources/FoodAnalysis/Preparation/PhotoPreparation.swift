#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO
import JanuaryCore

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
