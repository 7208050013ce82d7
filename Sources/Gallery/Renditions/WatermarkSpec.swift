import Foundation

/// An album's `"watermark"` in `album.json`, as written: a text or an image
/// laid over every rendition at least ``minWidth`` wide, inherited by the
/// albums below it that set none (`"watermark": false` stops it there).
///
///     "watermark": {"text": "© Ana Ruiz", "position": "bottom-right", "opacity": 0.6}
///     "watermark": {"image": "mark.png", "minWidth": 1280, "size": 0.15}
///
/// `image` is a path from the folder of the `album.json` that names it and
/// must stay inside that folder. `font` is a font family fontconfig knows
/// (DejaVu Sans by default). `size` is the mark's height (text: its em,
/// image: its width) as a fraction of the rendition's width, so the mark is
/// proportionally the same on every rendition.
struct WatermarkSpec: Sendable, Hashable {
    enum Mark: Sendable, Hashable {
        case text(String)
        /// The path as written, and the album folder (names from the root) whose `album.json` wrote it.
        case image(String, folder: [String])
    }

    static let keys = ["text", "image", "font", "position", "opacity", "minWidth", "size"]
    static let defaultFont = "DejaVu Sans"
    static let defaultMinWidth = 1024
    static let textSize = 0.03
    static let imageSize = 0.2

    var mark: Mark
    var font = WatermarkSpec.defaultFont
    var position = WatermarkPosition.bottomRight
    /// 0…1: how strongly the mark covers the photo.
    var opacity = 0.6
    var minWidth = WatermarkSpec.defaultMinWidth
    var size: Double?

    /// The mark's size as a fraction of the rendition's width: the one set, or the kind's default.
    var relativeSize: Double {
        if let size { return size }
        if case .text = mark { return Self.textSize }
        return Self.imageSize
    }

    /// What an album says: a watermark, or none where a parent's would apply.
    enum Setting: Sendable, Equatable {
        case off
        case on(WatermarkSpec)

        /// The setting with its image path read from `folder` (the album whose `album.json` wrote it).
        func placed(in folder: [String]) -> Setting {
            guard case .on(var spec) = self, case .image(let path, _) = spec.mark else { return self }
            spec.mark = .image(path, folder: folder)
            return .on(spec)
        }
    }

    /// Reads the value of `"watermark"`; `fail` makes the error for a
    /// problem at a key below it. The `image` path is checked to stay in `folder`.
    static func setting(_ value: Any, folder: [String],
                        fail: (AlbumConfigProblem, [String]) -> BuildError) throws(BuildError) -> Setting {
        if JSONValue(value).bool == false { return .off }
        guard let object = value as? [String: Any] else {
            throw fail(.wrongType(field: "\"watermark\"", expected: "an object with \"text\" or \"image\", or false"), ["watermark"])
        }
        var text: String?, image: String?
        var spec = WatermarkSpec(mark: .text(""))
        for key in object.keys.sorted() {
            let value = object[key] as Any
            let field = "watermark.\(key)"
            let at = ["watermark", key]
            switch key {
            case "text":
                guard let string = value as? String, !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                      string.utf8.count <= 1024 else {
                    throw fail(.wrongType(field: field, expected: "a text of 1 to 1024 bytes"), at)
                }
                text = string
            case "image":
                guard let string = value as? String, WatermarkPath.isConfined(string) else {
                    throw fail(.wrongType(field: field, expected: "a path inside the album's folder, like \"mark.png\""), at)
                }
                image = string
            case "font":
                guard let string = value as? String, !string.isEmpty, string.utf8.count <= 256 else {
                    throw fail(.wrongType(field: field, expected: "a font family, like \"DejaVu Sans\""), at)
                }
                spec.font = string
            case "position":
                guard let string = value as? String, let position = WatermarkPosition(rawValue: string) else {
                    throw fail(.wrongType(field: field,
                                          expected: "one of " + WatermarkPosition.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")),
                               at)
                }
                spec.position = position
            case "opacity":
                guard let number = JSONValue(value).number, number > 0, number <= 1 else {
                    throw fail(.wrongType(field: field, expected: "a number above 0 and at most 1"), at)
                }
                spec.opacity = number
            case "minWidth":
                guard let width = JSONValue(value).integer(in: 1...100_000) else {
                    throw fail(.wrongType(field: field, expected: "a whole number of pixels, like 1024"), at)
                }
                spec.minWidth = width
            case "size":
                guard let number = JSONValue(value).number, number > 0, number <= 1 else {
                    throw fail(.wrongType(field: field, expected: "a fraction of the rendition's width above 0 and at most 1"), at)
                }
                spec.size = number
            default:
                throw fail(.unknownKey(key: key, in: "watermark", expected: keys), at)
            }
        }
        switch (text, image) {
        case (let text?, nil): spec.mark = .text(text)
        case (nil, let image?): spec.mark = .image(image, folder: folder)
        default:
            throw fail(.wrongType(field: "\"watermark\"", expected: "an object with either \"text\" or \"image\""), ["watermark"])
        }
        return .on(spec)
    }
}

/// Where on the rendition the watermark sits.
enum WatermarkPosition: String, Sendable, CaseIterable {
    case topLeft = "top-left", top, topRight = "top-right"
    case left, center, right
    case bottomLeft = "bottom-left", bottom, bottomRight = "bottom-right"

    /// The mark's top-left corner for a mark of `size` on an image of `width` × `height`, `margin` from the edges.
    func origin(mark size: (width: Int, height: Int), width: Int, height: Int, margin: Int) -> (x: Int, y: Int) {
        let column: Int, row: Int
        switch self {
        case .topLeft, .left, .bottomLeft: column = 0
        case .top, .center, .bottom: column = 1
        case .topRight, .right, .bottomRight: column = 2
        }
        switch self {
        case .topLeft, .top, .topRight: row = 0
        case .left, .center, .right: row = 1
        case .bottomLeft, .bottom, .bottomRight: row = 2
        }
        func place(_ slot: Int, _ extent: Int, _ total: Int) -> Int {
            switch slot {
            case 0: margin
            case 1: (total - extent) / 2
            default: total - extent - margin
            }
        }
        return (place(column, size.width, width), place(row, size.height, height))
    }
}

/// The checks on a watermark image's path: relative, no `..`, no empty or
/// `.` segment, so it names a file inside the album's folder and nowhere else.
enum WatermarkPath {
    static func isConfined(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }
}
