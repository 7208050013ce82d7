import Foundation
import ImageHeaders

extension StringsCatalog {
    /// The folder of a theme that holds its strings files.
    static let folderName = "strings"

    /// Reads `theme/strings/*.json` (none: built-in English only) and
    /// checks them. `displayPath` names the theme folder in errors.
    static func load(theme: URL, displayPath: String) throws(BuildError) -> StringsCatalog {
        let folder = theme.appendingPathComponent(folderName)
        var catalog = StringsCatalog()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return catalog }
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            let display = displayPath + "/" + folderName + "/" + name
            let tag = String(name.dropLast(5))
            guard LanguageTag.isValid(tag) else {
                throw .stringsInvalid(path: display, location: nil, problem: .badFileName)
            }
            let bytes: [UInt8]
            do throws(SystemCallError) {
                bytes = try FileIO.read(folder.appendingPathComponent(name).path, atMost: 1 << 20)
            } catch {
                throw .stringsInvalid(path: display, location: nil, problem: .unreadable)
            }
            catalog.files[tag.lowercased()] = File(tag: tag, displayPath: display,
                                                   table: try StringsTable.parse(bytes, displayPath: display))
        }
        try catalog.validate()
        return catalog
    }
}
