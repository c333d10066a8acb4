import JanuaryPartnerSDK

extension FoodPhoto {
    /// The photo with its bytes sent exactly as given on every platform. The wire-format tests use bytes that carry
    /// only an image signature, which photo preparation (on Apple platforms) would refuse as not an image; on
    /// Linux, where nothing is prepared, this is the photo itself.
    var unprepared: FoodPhoto {
        #if canImport(ImageIO)
        var photo = self
        photo.preparation = nil
        return photo
        #else
        return self
        #endif
    }
}
