import Testing
import XMP

/// Where a photo's sidecar may be, most specific first.
@Suite struct XMPSidecarPathTests {
    @Test(arguments: [
        ("a/IMG_1.jpg", ["a/IMG_1.jpg.xmp", "a/IMG_1.xmp", "a/IMG_1.jpg.XMP", "a/IMG_1.XMP"]),
        ("x.y/photo", ["x.y/photo.xmp", "x.y/photo.XMP"]),
        ("a/.hidden", ["a/.hidden.xmp", "a/.hidden.XMP"]),
        ("IMG.tar.gz", ["IMG.tar.gz.xmp", "IMG.tar.xmp", "IMG.tar.gz.XMP", "IMG.tar.XMP"]),
    ])
    func candidates(photo: String, expected: [String]) {
        #expect(XMPPacket.sidecarPaths(forPhotoAt: photo) == expected)
    }
}
