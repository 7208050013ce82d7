/// The words a page uses for a photo: its name, its alt text, its heading.
///
/// Alt text must say something: an explicit alt (album.json, later IPTC),
/// else the caption, else a name made from the file name (`fig-square.jpg`
/// → `fig square`), else — for camera counters such as `IMG_0412`, which
/// tell a listener nothing — `Photo 3 of 28`, with the date when known, in
/// the album's language.
enum PhotoText {
    /// A readable name from the file name, or nil for camera counters.
    static func name(of photo: Photo) -> String? {
        let stem = photo.title
        if isCameraCounter(stem) { return nil }
        return readable(stem)
    }

    /// A file or folder name with underscores and hyphens as spaces, so a
    /// heading made from it breaks between words (`fig_square-2` →
    /// `fig square 2`); nil when nothing but separators is left.
    static func readable(_ stem: String) -> String? {
        PhotoDetails.cleaned(String(stem.map { $0 == "_" || $0 == "-" ? " " : $0 }))
    }

    static func alt(of photo: Photo, position: Int, count: Int, strings: LanguageStrings = .english) -> String {
        photo.details.alt ?? photo.details.caption ?? photo.details.title ?? name(of: photo)
            ?? counter(photo, position, count, strings)
    }

    /// The title, else the caption, else the readable name or counter. A
    /// caption written in Markdown is never the heading: its lists and
    /// links would be lost in an `<h1>`; it is shown whole under the heading.
    static func heading(of photo: Photo, position: Int, count: Int, strings: LanguageStrings = .english) -> String {
        photo.details.title ?? (photo.details.captionHTML == nil ? photo.details.caption : nil) ?? name(of: photo)
            ?? counter(photo, position, count, strings)
    }

    /// `Photo 3 of 28`, `Photo 3 of 28, 12 May 2024` (`photoNumber`, `photoNumberDated`).
    private static func counter(_ photo: Photo, _ position: Int, _ count: Int, _ strings: LanguageStrings) -> String {
        let values = ["n": strings.number(position), "total": strings.number(count)]
        guard let date = photo.details.date else { return strings.format("photoNumber", values) }
        return strings.format("photoNumberDated", values.merging(["date": strings.date(date)]) { a, _ in a })
    }

    /// `IMG_0412`, `DSC01234`, `PXL_20240512_140307123`, `20240512_140307`:
    /// up to five ASCII letters or `_`, then only digits, `_` and `-`, with
    /// at least three digits.
    static func isCameraCounter(_ stem: String) -> Bool {
        let bytes = Array(stem.utf8)
        var index = 0
        while index < bytes.count, index < 5,
              (0x41...0x5A).contains(bytes[index] & 0xDF) || bytes[index] == UInt8(ascii: "_") {
            index += 1
        }
        let rest = bytes[index...]
        let digits = rest.filter { (0x30...0x39).contains($0) }.count
        return digits >= 3 && rest.allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }
}
