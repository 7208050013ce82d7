import Parallel
import Testing
@testable import Thumbnails

/// Renditions decode in parallel, so the new decoders must share nothing between threads:
/// libtiff's error handlers are per file, lcms2 contexts per transform. Good and bad files
/// decoded on 8 threads at once give exactly what one thread gives, each error its own message.
@Suite struct FormatParallelTests {
    static let files = ["tiff-rgb8.tif", "corrupt-truncated.tif", "tiff-cmyk-icc.tif", "bomb-60000.tif",
                        "webp-alpha.webp", "corrupt-truncated.webp", "gif-interlaced.gif", "corrupt-truncated.gif",
                        "jpeg-cmyk-icc.jpg", "tiff-rgba.tif"]

    static func outcome(_ bytes: [UInt8]) -> Result<DecodedImage, ThumbnailError> {
        Result { () throws(ThumbnailError) in try ImageDecoder.decode(bytes) }
    }

    @Test func parallelDecodesMatchSerialOnes() throws {
        let inputs = try Self.files.map { try TestSupport.fixture("formats/" + $0) }
        let serial = inputs.map(Self.outcome)
        let rounds = 40
        let parallel = ParallelWork.map(count: inputs.count * rounds, jobs: 8) { Self.outcome(inputs[$0 % inputs.count]) }
        for (index, result) in parallel.enumerated() {
            #expect(result == serial[index % inputs.count], "\(Self.files[index % inputs.count])")
        }
        #expect(serial.contains { if case .failure(.corrupt(.tiff, _)) = $0 { true } else { false } })
    }
}
