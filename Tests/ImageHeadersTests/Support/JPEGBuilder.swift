/// Builds JPEG byte streams segment by segment for hand-made test inputs.
struct JPEGBuilder {
    private(set) var bytes: [UInt8] = [0xFF, 0xD8]

    /// Appends a segment with a correct length field.
    func segment(_ marker: UInt8, _ payload: [UInt8]) -> JPEGBuilder {
        let length = payload.count + 2
        return raw([0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload)
    }

    /// Appends a frame header (SOFn or DHP) with `components` component specifications.
    func frame(_ marker: UInt8 = 0xC0, width: Int, height: Int, components: Int = 3) -> JPEGBuilder {
        var payload: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(components)]
        for id in 0..<components {
            payload += [UInt8(id + 1), 0x11, 0]
        }
        return segment(marker, payload)
    }

    /// Appends an APP1 segment holding `Exif\0\0` and the given TIFF block.
    func exif(_ tiff: [UInt8]) -> JPEGBuilder {
        segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// Appends SOS with a one-component scan header, some entropy bytes and EOI.
    func scan() -> JPEGBuilder {
        segment(0xDA, [1, 1, 0, 0, 0x3F, 0]).raw([0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD9])
    }

    /// Appends bytes as they are.
    func raw(_ extra: [UInt8]) -> JPEGBuilder {
        var copy = self
        copy.bytes += extra
        return copy
    }
}
