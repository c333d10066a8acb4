import Foundation
import JanuaryCore

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
