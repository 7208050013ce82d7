/// HEIF brands (ISO/IEC 23008-12, MIAF, AVIF) and what they say about the format.
enum HEIFBrand {
    static let avif: Set<UInt32> = codes("avif", "avis", "avio")
    static let heic: Set<UInt32> = codes("heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs")
    /// Structural and other-codec brands that still mean HEIF.
    static let structural: Set<UInt32> = codes(
        "mif1", "mif2", "mif3", "msf1", "miaf", "MiHA", "MiHB", "MiHE", "MiPr", "1pic",
        "avci", "j2ki", "vvic", "jpeg", "unif")
    /// Brands that mark an image sequence.
    static let sequence: Set<UInt32> = codes("avis", "msf1", "hevc", "hevx", "hevs")
    /// `mif3`: the low-overhead (`mini` box) profile.
    static let mif3 = FourCC.code("mif3")

    static let all: Set<UInt32> = avif.union(heic).union(structural)

    /// `avif` or `heic` when the major brand says so, else the first compatible
    /// brand that does, else `heif`. `mif3` files are `heif` whatever they hold.
    static func format(major: UInt32, compatible: [UInt32]) -> ImageFormat {
        if avif.contains(major) { return .avif }
        if heic.contains(major) { return .heic }
        if major == mif3 { return .heif }
        if compatible.contains(where: avif.contains) { return .avif }
        if compatible.contains(where: heic.contains) { return .heic }
        return .heif
    }

    private static func codes(_ names: StaticString...) -> Set<UInt32> {
        Set(names.map { FourCC.code($0) })
    }
}
