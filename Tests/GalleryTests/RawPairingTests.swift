import Testing
@testable import Gallery

/// RAW + JPEG pairs by name: the same base name in one folder, extensions compared
/// case-insensitively; the RAW leaves the photos and becomes the JPEG's companion.
@Suite struct RawPairingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var files: [String]
        var hidden: Set<String> = []
        var kept: [String]
        var companions: [String: String]
        var testDescription: String { files.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(files: ["IMG_1.CR2", "IMG_1.JPG"], kept: ["IMG_1.JPG"], companions: ["IMG_1.JPG": "IMG_1.CR2"]),
        Case(files: ["a.jpeg", "a.NEF", "b.dng"], kept: ["a.jpeg", "b.dng"], companions: ["a.jpeg": "a.NEF"]),
        Case(files: ["DSC1.arw", "DSC1.Jpg", "P1.RW2", "P1.jpg", "O.orf", "O.JPEG", "F.RAF", "F.jpg", "C.CR3", "C.jpg"],
             kept: ["DSC1.Jpg", "P1.jpg", "O.JPEG", "F.jpg", "C.jpg"],
             companions: ["DSC1.Jpg": "DSC1.arw", "P1.jpg": "P1.RW2", "O.JPEG": "O.orf", "F.jpg": "F.RAF", "C.jpg": "C.CR3"]),
        // Base names must match exactly (after NFC): the extension is the only case-blind part.
        Case(files: ["IMG_1.cr2", "img_1.jpg"], kept: ["IMG_1.cr2", "img_1.jpg"], companions: [:]),
        Case(files: ["cafe\u{301}.dng", "caf\u{E9}.jpg"], kept: ["caf\u{E9}.jpg"], companions: ["caf\u{E9}.jpg": "cafe\u{301}.dng"]),
        // Only a JPEG takes a RAW: a TIFF or PNG of the same name leaves both photos.
        Case(files: ["x.tif", "x.dng", "y.png", "y.nef"], kept: ["x.tif", "x.dng", "y.png", "y.nef"], companions: [:]),
        // Two RAWs of one JPEG: both leave, the first is the companion.
        Case(files: ["IMG_1.jpg", "IMG_1.dng", "IMG_1.cr2"], kept: ["IMG_1.jpg"], companions: ["IMG_1.jpg": "IMG_1.dng"]),
        // A hidden JPEG hides its RAW: never a photo of its own.
        Case(files: ["IMG_2.ARW", "IMG_3.jpg"], hidden: ["IMG_2.jpg"], kept: ["IMG_3.jpg"], companions: [:]),
        Case(files: ["lone.dng", ".jpg", "noext"], kept: ["lone.dng", ".jpg", "noext"], companions: [:]),
    ]

    @Test(arguments: cases)
    func pairs(_ item: Case) {
        let paired = RawPairing.pair(item.files, hidden: item.hidden)
        #expect(paired.files == item.kept)
        #expect(paired.companions == item.companions)
    }

    @Test func aCompanionsFormatIsItsExtension() {
        #expect(RawPairing.format(ofCompanion: "IMG_1.CR2") == .cr2)
        #expect(RawPairing.format(ofCompanion: "x.dng") == .dng)
        #expect(RawPairing.rawExtensions.allSatisfy { RawPairing.format(ofCompanion: "a." + $0)?.isCameraRaw == true })
    }

    @Test("An extension read from the bytes is the one found by Character", arguments: [
        "IMG_1.CR2", "img_1.cr2", "IMG_1.JPG", "a.b.NeF", "noext", ".hidden", "trailing.", "é.DNG", "Café.ÉXT",
        "x.e\u{301}", "e\u{301}.ARW", "multi..dots.Raf", "ﾃｽﾄ.jpg", "x.JPEG",
    ])
    func extensionFromBytesMatchesCharacters(name: String) {
        var expected = ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { expected = name[name.index(after: dot)...].lowercased() }
        #expect(FileExtension.of(name) == expected)
    }
}
