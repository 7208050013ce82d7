import CThumbnails
import Testing
@testable import Thumbnails

/// `cth_cms_cmyk_to_srgb`, the lcms2 conversion the TIFF and JPEG decoders use for CMYK with
/// a profile, on single patches of the test profile (`Fixtures/formats/cmyk-test.icc`: the
/// naive formula with red and blue swapped, so a patch shows which path converted it).
@Suite struct CMYKConversionTests {
    static func convert(_ cmyk: [UInt8], inverted: Bool = false, profile: [UInt8]) -> (code: Int32, rgb: [UInt8]) {
        var rgb = [UInt8](repeating: 0, count: cmyk.count / 4 * 3)
        var error = cth_error()
        let code = profile.withUnsafeBufferPointer { icc in
            cmyk.withUnsafeBufferPointer { source in
                rgb.withUnsafeMutableBufferPointer { target in
                    cth_cms_cmyk_to_srgb(icc.baseAddress, icc.count, source.baseAddress, cmyk.count / 4,
                                         inverted ? 1 : 0, target.baseAddress, &error)
                }
            }
        }
        return (code, rgb)
    }

    /// CMYK patch -> sRGB: the grid nodes ImageMagick's lcms2 conversion gives for this
    /// profile (blue, lime, red, white for ImageMagick's red, lime, blue, white), and a
    /// mid-grid node (C 50 %: naive (128, 255, 255), swapped (255, 255, 128)).
    @Test(arguments: [([0, 255, 255, 0], [0, 0, 255]), ([255, 0, 255, 0], [0, 255, 0]),
                      ([255, 255, 0, 0], [255, 0, 0]), ([0, 0, 0, 0], [255, 255, 255]),
                      ([0, 0, 0, 255], [0, 0, 0]), ([128, 0, 0, 0], [255, 255, 127])] as [([UInt8], [UInt8])])
    func patchConvertsThroughTheProfile(_ cmyk: [UInt8], _ expected: [UInt8]) throws {
        let profile = try TestSupport.fixture("formats/cmyk-test.icc")
        let plain = Self.convert(cmyk, profile: profile)
        #expect(plain.code == Int32(CTH_OK))
        #expect(zip(plain.rgb, expected).allSatisfy { abs(Int($0) - Int($1)) <= 3 }, "\(plain.rgb) for \(cmyk)")
        // Adobe's inverted samples (255 = no ink) give the same colour.
        let inverted = Self.convert(cmyk.map { 255 - $0 }, inverted: true, profile: profile)
        #expect(inverted.rgb == plain.rgb)
    }

    /// A profile cut inside its header, or bytes that are no profile at all, are refused (the decoders then
    /// fall back to the naive formula).
    @Test func nonCMYKProfileIsRefused() throws {
        let header = try TestSupport.fixture("formats/cmyk-test.icc").prefix(131)
        #expect(Self.convert([0, 0, 0, 0], profile: Array(header)).code == Int32(CTH_ERR_UNSUPPORTED))
        #expect(Self.convert([0, 0, 0, 0], profile: [UInt8](repeating: 7, count: 4096)).code == Int32(CTH_ERR_UNSUPPORTED))
    }
}
