@testable import ImageHeaders

/// One row of a corpus `manifest.tsv` (see `shared/corpus/SOURCES.md`).
struct ManifestRow: Sendable, CustomStringConvertible {
    var path: String
    var format: String
    var storedWidth: Int?
    var storedHeight: Int?
    /// `nil` for `-` (absent or out of range).
    var orientation: Int?
    var displayWidth: Int?
    var displayHeight: Int?
    var isValid: Bool

    /// The ``ImageFormat`` a manifest `format` value names; `nil` for formats
    /// this module does not read (`OTHER:…`, `UNKNOWN`, `EMPTY`).
    var imageFormat: ImageFormat? {
        switch format {
        case "APNG": .png
        case "JXL": .jxl
        case "JP2": .jp2
        default: ImageFormat(rawValue: format.lowercased())
        }
    }

    /// Whether the row is a format this module reads.
    var isSupportedFormat: Bool {
        imageFormat != nil
    }

    var description: String { path }

    /// Parses a manifest's text; the header line is skipped, columns are found by name.
    static func parse(_ text: String) -> [ManifestRow] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first else { return [] }
        let columns = header.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        func index(_ name: String) -> Int { columns.firstIndex(of: name) ?? -1 }
        let (path, format, sw, sh, orientation, dw, dh, status) = (
            index("path"), index("format"), index("stored_width"), index("stored_height"),
            index("exif_orientation"), index("display_width"), index("display_height"), index("status"))
        return lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func field(_ i: Int) -> String { i >= 0 && i < fields.count ? fields[i] : "" }
            return ManifestRow(
                path: field(path), format: field(format),
                storedWidth: Int(field(sw)), storedHeight: Int(field(sh)),
                orientation: Int(field(orientation)),
                displayWidth: Int(field(dw)), displayHeight: Int(field(dh)),
                isValid: field(status) == "valid")
        }
    }
}
