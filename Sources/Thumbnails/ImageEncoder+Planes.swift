import CThumbnails

extension ImageEncoder {
    /// JPEG from 4:2:0 Y′CbCr planes (``YCbCrPlanes``, chroma (width + 1) / 2 × (height + 1) / 2),
    /// as ``jpeg(_:quality:iccProfile:)`` encodes RGB below quality 90: no colour conversion and
    /// no chroma averaging. quality 1...89 (from 90 RGB is encoded 4:4:4).
    static func jpeg(_ planes: YCbCrPlanes, quality: Int, iccProfile: [UInt8]? = nil) throws(ThumbnailError) -> [UInt8] {
        guard (1...89).contains(quality) else { throw .invalidRequest("JPEG quality \(quality) is not 1...89 for 4:2:0") }
        let chroma = ((planes.width + 1) / 2, (planes.height + 1) / 2)
        guard planes.luma.channels == 1, planes.blue.channels == 1, planes.red.channels == 1,
              (planes.blue.width, planes.blue.height) == chroma, (planes.red.width, planes.red.height) == chroma else {
            throw .invalidRequest("planes of \(planes.width)x\(planes.height) with chroma of another size")
        }
        let icc = compatibleProfile(iccProfile, channels: 3)
        return try encode { out, length, error in
            planes.luma.samples.withUnsafeBufferPointer { luma in
                planes.blue.samples.withUnsafeBufferPointer { blue in
                    planes.red.samples.withUnsafeBufferPointer { red in
                        withOptionalBytes(icc) { iccPointer, iccLength in
                            cth_jpeg_encode_planes(luma.baseAddress, blue.baseAddress, red.baseAddress,
                                                   UInt32(planes.width), UInt32(planes.height), Int32(quality),
                                                   iccPointer, iccLength, out, length, error)
                        }
                    }
                }
            }
        }
    }
}
