/// Reads a Photoshop document's size: `8BPS`, version 1 (PSD, sides up to
/// 30,000) or 2 (PSB, up to 300,000), then height and width. Image resources
/// are walked for an ICC profile (1039) and Exif data (1058).
enum PSDHeaderParser: HeaderParser {
    static var format: ImageFormat { .psd }

    static func matches(signature: [UInt8]) -> Bool {
        signature.matches(Array("8BPS".utf8), at: 0)
    }

    static func read<Source: ByteSource>(using reader: inout Reader<Source>) throws(HeaderError) -> ImageHeader {
        let part = InputPart("PSD header", at: 0)
        reader.seek(to: 4)
        let version = try reader.readUInt16(.bigEndian, of: part)
        guard version == 1 || version == 2 else {
            throw HeaderError(offset: 4, reason: .unsupported("PSD version \(version)"))
        }
        reader.seek(to: 14)
        let height = try reader.readUInt32(.bigEndian, of: part)
        let width = try reader.readUInt32(.bigEndian, of: part)
        let size = try PixelSize.checked(width: UInt64(width), height: UInt64(height), part: part.name, at: 14)
        var result = ExifReader.Result()
        do {
            result = try readResources(using: &reader)
        } catch {
            // The size is known; damaged resources only lose metadata.
            if case .readFailed = error.reason { throw error }
        }
        return ImageHeader(format: .psd, storedSize: size, metadata: result.metadata.nonEmpty)
    }

    /// Walks the image resource section (after the colour mode data).
    private static func readResources<Source: ByteSource>(
        using reader: inout Reader<Source>
    ) throws(HeaderError) -> ExifReader.Result {
        var result = ExifReader.Result()
        reader.seek(to: 26)
        let modeLength = Int(try reader.readUInt32(.bigEndian, of: InputPart("PSD colour mode data", at: 26)))
        let sectionStart = 30 + modeLength
        reader.seek(to: sectionStart)
        let sectionLength = Int(try reader.readUInt32(.bigEndian, of: InputPart("PSD image resources", at: sectionStart)))
        let sectionEnd = sectionStart + 4 + sectionLength
        var position = sectionStart + 4
        var walked = 0
        while position + 12 <= sectionEnd, walked < reader.limits.maxSegments {
            walked += 1
            let part = InputPart("PSD image resource", at: position)
            reader.seek(to: position)
            guard try reader.readBytes(4, of: part) == Array("8BIM".utf8) else { break }
            let id = try reader.readUInt16(.bigEndian, of: part)
            let nameLength = Int(try reader.readUInt8(of: part))
            // Pascal string padded to an even total (length byte included).
            let dataHeader = position + 6 + ((nameLength + 2) & ~1)
            reader.seek(to: dataHeader)
            let dataLength = Int(try reader.readUInt32(.bigEndian, of: part))
            let dataStart = dataHeader + 4
            if id == 1039 {
                result.metadata.hasICCProfile = dataLength > 0
            } else if id == 1058 {
                let exif = try ExifReader.read(in: &reader, tiffStart: dataStart, end: dataStart + dataLength)
                result.metadata = merged(exif.metadata, iccFrom: result.metadata)
            }
            position = dataStart + ((dataLength + 1) & ~1)
        }
        return result
    }

    private static func merged(_ metadata: ImageMetadata, iccFrom other: ImageMetadata) -> ImageMetadata {
        var result = metadata
        result.hasICCProfile = result.hasICCProfile || other.hasICCProfile
        return result
    }
}
