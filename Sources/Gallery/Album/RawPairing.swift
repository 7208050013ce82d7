import Foundation
import ImageHeaders

/// Camera RAW + JPEG pairs: a camera set to record both writes `IMG_1.CR2` and `IMG_1.JPG`, one
/// photo taken once. The JPEG is the photo (the camera's own rendering, as the photographer saw
/// it); the RAW is its companion, never a second tile and never a warning.
///
/// Pairs are found by name alone, before any header is read (so a paired RAW costs nothing to
/// scan): the same base name, byte for byte after NFC, in one folder, with a RAW extension on
/// one file and `jpg`/`jpeg` on the other, extensions compared case-insensitively. A RAW with
/// no such JPEG is a photo of its own (published from its preview or developed by LibRaw).
enum RawPairing {
    /// The extensions of the camera RAWs Cascade reads (lowercased).
    static let rawExtensions: Set<String> = ["dng", "cr2", "cr3", "nef", "arw", "raf", "orf", "rw2"]
    /// The extensions of the JPEG a RAW is paired with (lowercased).
    static let jpegExtensions: Set<String> = ["jpg", "jpeg"]

    /// `files` without the RAWs that have a JPEG beside them, and each such JPEG's RAW companion
    /// (keyed by the JPEG's name; the first RAW in `files` order when a JPEG has several).
    /// `hidden` (the album's `"hidden"` names, NFC): a JPEG hidden there hides its RAW too, so
    /// hiding a photo never brings its RAW out as a photo of its own.
    static func pair(_ files: [String], hidden: Set<String> = []) -> (files: [String], companions: [String: String]) {
        // Only a RAW file is paired or dropped: a folder without one is as it
        // was, and no name need be split (100,000 photos in one).
        guard files.contains(where: { rawExtensions.contains(FileExtension.of($0)) }) else { return (files, [:]) }
        var jpegs: [String: String] = [:]
        for name in files {
            let (base, ext) = split(name)
            if jpegExtensions.contains(ext), jpegs[base] == nil { jpegs[base] = name }
        }
        var hiddenBases: Set<String> = []
        for name in hidden where jpegExtensions.contains(split(name).ext) { hiddenBases.insert(split(name).base) }
        guard !jpegs.isEmpty || !hiddenBases.isEmpty else { return (files, [:]) }
        var kept: [String] = []
        kept.reserveCapacity(files.count)
        var companions: [String: String] = [:]
        for name in files {
            let (base, ext) = split(name)
            if rawExtensions.contains(ext), let jpeg = jpegs[base] {
                if companions[jpeg] == nil { companions[jpeg] = name }
                continue
            }
            if rawExtensions.contains(ext), hiddenBases.contains(base) { continue }
            kept.append(name)
        }
        return (kept, companions)
    }

    /// The name's base (NFC) and lowercased extension; no extension for a name without a dot
    /// or whose only dot leads it.
    static func split(_ name: String) -> (base: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name.nfc, "") }
        return (String(name[..<dot]).nfc, FileExtension.of(name))
    }
}

extension RawPairing {
    /// What an album does with its photos' RAW companions (`album.json` `"raw"`).
    enum Policy: String, Sendable, Equatable {
        /// `--originals` publishes each RAW beside its JPEG and the photo page links to it.
        case link
        /// Never published (the default; undoes a parent's `"link"`).
        case none
    }

    /// Gives each photo named in `companions` (JPEG name → RAW name) its RAW.
    static func attach(_ companions: [String: String], to photos: inout [Photo]) {
        guard !companions.isEmpty else { return }
        for index in photos.indices {
            photos[index].rawCompanion = companions[photos[index].fileName]
        }
    }

    /// The format a RAW companion's name says (its extension), for the note when it is withheld.
    static func format(ofCompanion name: String) -> ImageFormat? {
        ImageFormat(rawValue: split(name).ext)
    }
}
