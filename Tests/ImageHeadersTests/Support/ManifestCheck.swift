import Foundation
@testable import ImageHeaders

/// Runs the header reader over manifest rows and compares with the truth rules
/// of `shared/corpus/SOURCES.md`.
struct ManifestCheck {
    var matchedValid = 0
    var rejectedCorrupt = 0
    var sizedCorrupt = 0
    var rejectedOther = 0
    var failures: [String] = []

    /// Checks every row; files are read through ``ImageHeader/read(fileAt:limits:)``.
    init(rows: [ManifestRow], base: URL, includeOtherFormats: Bool) {
        for row in rows where row.isSupportedFormat || includeOtherFormats {
            let path = base.appendingPathComponent(row.path).path
            let result = Result { () throws(FileHeaderError) in try ImageHeader.read(fileAt: path) }
            check(row, result)
        }
    }

    private mutating func check(_ row: ManifestRow, _ result: Result<ImageHeader, FileHeaderError>) {
        if case .failure(let error) = result, case .system = error.reason {
            failures.append("\(row.path): cannot open: \(error)")
            return
        }
        if !row.isSupportedFormat {
            // Not ours (ICNS, KTX, junk, …): an error is the only right answer.
            if case .success(let header) = result {
                failures.append("\(row.path): \(row.format) read as \(header)")
            } else {
                rejectedOther += 1
            }
            return
        }
        switch (row.isValid, result) {
        case (true, .success(let header)):
            if let mismatch = Self.mismatch(row, header) {
                failures.append("\(row.path): \(mismatch)")
            } else {
                matchedValid += 1
            }
        case (true, .failure(let error)):
            failures.append("\(row.path): valid file rejected: \(error)")
        case (false, .success(let header)):
            if let width = row.storedWidth, let height = row.storedHeight,
               header.storedSize == PixelSize(width: width, height: height) {
                sizedCorrupt += 1
            } else {
                failures.append("\(row.path): corrupt file read as \(header), header says \(row.storedWidth.map(String.init) ?? "-")x\(row.storedHeight.map(String.init) ?? "-")")
            }
        case (false, .failure):
            rejectedCorrupt += 1
        }
    }

    /// What differs between the manifest row and the header, or `nil`.
    static func mismatch(_ row: ManifestRow, _ header: ImageHeader) -> String? {
        let stored = PixelSize(width: row.storedWidth ?? -1, height: row.storedHeight ?? -1)
        let display = PixelSize(width: row.displayWidth ?? -1, height: row.displayHeight ?? -1)
        var problems: [String] = []
        if header.format != row.imageFormat { problems.append("format \(header.format)") }
        if header.storedSize != stored { problems.append("stored \(header.storedSize) != \(stored)") }
        // `-` means no orientation in the file; a number, that value from the file.
        let orientationMatches = row.orientation.map {
            header.orientationSource != .none && Int(header.orientation.rawValue) == $0
        } ?? (header.orientationSource == .none)
        if !orientationMatches {
            problems.append("orientation \(header.orientation) (\(header.orientationSource)) != \(row.orientation.map(String.init) ?? "-")")
        }
        if header.displaySize != display { problems.append("display \(header.displaySize) != \(display)") }
        if header.format == .png, header.isAnimated != (row.format == "APNG") {
            problems.append("animated \(header.isAnimated)")
        }
        return problems.isEmpty ? nil : problems.joined(separator: ", ")
    }

    var summary: String {
        "\(matchedValid) valid matched, \(rejectedCorrupt) corrupt rejected, \(sizedCorrupt) corrupt sized as their header, \(rejectedOther) other-format rejected, \(failures.count) failures"
    }
}
