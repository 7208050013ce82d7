/// A file name's extension, lowercased, as the pairings compare it: what
/// follows the last `.` that is a `Character` of its own and not the
/// name's first (`IMG_1.CR2` → `cr2`; `.hidden`, `noext` → empty).
enum FileExtension {
    /// Read from the bytes when the extension is ASCII (a dot before an
    /// ASCII byte is a `Character` of its own), so asking it of each of
    /// 100,000 names makes no other string; else found by `Character`.
    static func of(_ name: String) -> String {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return "" }
        let ext = utf8[utf8.index(after: dot)...]
        guard ext.allSatisfy({ $0 < 0x80 }) else {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
            return name[name.index(after: dot)...].lowercased()
        }
        return String(decoding: ext.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
