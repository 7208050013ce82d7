import Foundation
import CFileAttributes
import Glibc

/// What the last clean build saw of one album's folder and left for its
/// parent's page: the stamp of the folder's tree (``TreeStamp``) and the
/// figures of its card. A rebuild that finds an album's stamp unchanged
/// takes the album as it was (``AlbumPatch``): it neither lists nor reads
/// its photos, and renders none of its pages, which is what lets one photo
/// added to a library of 100,000 rebuild in a second or two.
///
/// Kept, like ``BuildSnapshot``, as an extended attribute of the album's
/// folder in the output: the stamp names inodes and change times, which
/// differ on every machine, and the output's files must be the same bytes
/// everywhere. A file system without user attributes keeps none, and every
/// rebuild is a full one.
struct AlbumRecord: Sendable, Equatable {
    static let attribute = "user.cascade.album"
    /// Version 2: SHA-256 stamps; a version-1 record is none,
    /// so its album is read in full once.
    private static let header = "cascade-album 2"

    /// The album folder's tree as the build found it.
    var stamp: TreeStamp
    /// Photos in it and below it (its card's count).
    var photos: Int
    /// Its sub-albums (its card's album count).
    var albums: Int
    /// Albums in its tree, itself included.
    var treeAlbums: Int
    /// Videos in it and below it.
    var videos: Int
    /// The capture-date range of its tree (its card's dates).
    var dates: (earliest: PhotoDate, latest: PhotoDate)?
    /// The path of its cover photo from the album root.
    var cover: String?

    static func == (lhs: AlbumRecord, rhs: AlbumRecord) -> Bool {
        lhs.text == rhs.text
    }

    /// The record's text: one `name value` line each.
    var text: String {
        var fields = [("stamp", stamp.description), ("photos", String(photos)), ("albums", String(albums)),
                      ("tree", String(treeAlbums)), ("videos", String(videos))]
        if let dates { fields.append(("dates", Self.text(dates.earliest) + " " + Self.text(dates.latest))) }
        if let cover { fields.append(("cover", LineField.encode(cover))) }
        return NameValueLines.text(header: Self.header, fields)
    }

    init(stamp: TreeStamp, photos: Int, albums: Int, treeAlbums: Int, videos: Int,
         dates: (earliest: PhotoDate, latest: PhotoDate)?, cover: String?) {
        self.stamp = stamp
        self.photos = photos
        self.albums = albums
        self.treeAlbums = treeAlbums
        self.videos = videos
        self.dates = dates
        self.cover = cover
    }

    /// Parses ``text``; nil for anything else (a damaged record is none).
    init?(text: String) {
        guard let values = NameValueLines.values(of: text, header: Self.header) else { return nil }
        func number(_ name: String) -> Int? { values[name].flatMap { Int($0) } }
        guard Set(values.keys).isSubset(of: ["stamp", "photos", "albums", "tree", "videos", "dates", "cover"]), let stamp = values["stamp"].flatMap(TreeStamp.init(text:)),
              let photos = number("photos"), let albums = number("albums"), let tree = number("tree"),
              let videos = number("videos") else { return nil }
        var dates: (earliest: PhotoDate, latest: PhotoDate)?
        if let text = values["dates"] {
            let halves = text.split(separator: " ", omittingEmptySubsequences: false)
            guard halves.count == 2, let earliest = Self.date(halves[0]), let latest = Self.date(halves[1]) else { return nil }
            dates = (earliest, latest)
        }
        var cover: String?
        if let text = values["cover"] {
            guard let decoded = LineField.decode(Array(text.utf8)) else { return nil }
            cover = decoded
        }
        self.init(stamp: stamp, photos: photos, albums: albums, treeAlbums: tree, videos: videos, dates: dates, cover: cover)
    }

    /// `year,month,day,hour,minute,second,offset`, `-` for a field not known.
    private static func text(_ date: PhotoDate) -> String {
        let optional: [Int?] = [date.hour, date.minute, date.second, date.offsetMinutes]
        return ([String(date.year), String(date.month), String(date.day)] + optional.map { $0.map(String.init) ?? "-" })
            .joined(separator: ",")
    }

    private static func date(_ text: Substring) -> PhotoDate? {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 7, let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]) else {
            return nil
        }
        func optional(_ field: Substring) -> Int?? { field == "-" ? .some(nil) : Int(field).map { .some($0) } }
        guard let hour = optional(fields[3]), let minute = optional(fields[4]), let second = optional(fields[5]),
              let offset = optional(fields[6]) else { return nil }
        var date = PhotoDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        date.offsetMinutes = offset
        return date
    }

    /// The record kept on the folder at `path`, if it has a readable one.
    static func load(fromFolderAt path: String) -> AlbumRecord? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = getxattr(path, attribute, &buffer, buffer.count)
        guard count > 0 else { return nil }
        return AlbumRecord(text: String(decoding: buffer[..<count], as: UTF8.self))
    }

    /// Keeps `text` as the record of the folder at `path` (or removes the
    /// old one where it cannot be kept).
    static func store(_ text: String, onFolderAt path: String) {
        let bytes = Array(text.utf8)
        if bytes.count > maxBytes || setxattr(path, attribute, bytes, bytes.count, 0) != 0 {
            remove(fromFolderAt: path)
        }
    }

    /// The longest record kept (file systems limit an attribute's size).
    static let maxBytes = 4000

    static func remove(fromFolderAt path: String) {
        _ = removexattr(path, attribute)
    }
}

extension TreeStamp {
    /// Parses ``description`` (`<64 hex digits>:<count>`).
    init?(text: Substring) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let sum = ContentHash(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(sum: sum.words, count: count)
    }
}
