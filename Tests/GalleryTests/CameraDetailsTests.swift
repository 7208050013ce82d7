import Foundation
import ImageHeaders
import Mustache
import Testing
@testable import Gallery

/// Camera details as pages show them: formatted per language, present only
/// when something is known, hidden by `"details": false`.
@Suite struct CameraDetailsTests {
    static let catalog: StringsCatalog = {
        (try? StringsCatalog.load(theme: Repo.templates, displayPath: "Templates")) ?? StringsCatalog()
    }()

    static func strings(_ tag: String) throws -> LanguageStrings {
        try #require(catalog.strings(for: tag), "no strings for \(tag)")
    }

    struct FormatCase: Sendable, CustomTestStringConvertible {
        var language: String
        var exposure: CameraExposure
        var shutter: String?
        var aperture: String?
        var focalLength: String?
        var iso: String?
        var testDescription: String { language + " " + [shutter, aperture, focalLength, iso].compactMap { $0 }.joined(separator: " ") }
    }

    static let nbsp = "\u{a0}"
    static let cases: [FormatCase] = [
        FormatCase(language: "en", exposure: CameraExposure(exposureTime: 1.0 / 250, fNumber: 2.8, iso: 200, focalLength: 50),
                   shutter: "1/250\(nbsp)s", aperture: "f/2.8", focalLength: "50\(nbsp)mm", iso: "ISO\(nbsp)200"),
        FormatCase(language: "fr", exposure: CameraExposure(exposureTime: 1.0 / 250, fNumber: 2.8, iso: 200, focalLength: 50),
                   shutter: "1/250\(nbsp)s", aperture: "f/2,8", focalLength: "50\(nbsp)mm", iso: "ISO\(nbsp)200"),
        FormatCase(language: "de", exposure: CameraExposure(exposureTime: 0.5, fNumber: 8, focalLength: 4.25, focalLength35mm: 26),
                   shutter: "0,5\(nbsp)s", aperture: "f/8", focalLength: "4,3\(nbsp)mm (entspricht 26\(nbsp)mm Kleinbild)"),
        FormatCase(language: "es", exposure: CameraExposure(exposureTime: 30, fNumber: 1.4, focalLength: 35, focalLength35mm: 35),
                   shutter: "30\(nbsp)s", aperture: "f/1,4", focalLength: "35\(nbsp)mm"),
        FormatCase(language: "en", exposure: CameraExposure(exposureTime: 0.0166, fNumber: 11, focalLength: 24, focalLength35mm: 36),
                   shutter: "1/60\(nbsp)s", aperture: "f/11", focalLength: "24\(nbsp)mm (36\(nbsp)mm in 35\(nbsp)mm terms)"),
        FormatCase(language: "en", exposure: CameraExposure(exposureTime: 2, iso: 12800), shutter: "2\(nbsp)s", iso: "ISO\(nbsp)12800"),
        FormatCase(language: "ja", exposure: CameraExposure(exposureTime: 1.0 / 8, fNumber: 5.6), shutter: "1/8秒", aperture: "f/5.6"),
        FormatCase(language: "zh", exposure: CameraExposure(exposureTime: 1.3), shutter: "1.3 秒"),
    ]

    @Test(arguments: cases)
    func formatsPerLanguage(_ row: FormatCase) throws {
        let details = try #require(CameraDetails(PhotoDetails(exposure: row.exposure), strings: try Self.strings(row.language)))
        #expect(details.shutter == row.shutter)
        #expect(details.aperture == row.aperture)
        #expect(details.focalLength == row.focalLength)
        #expect(details.iso == row.iso)
    }

    @Test func nothingKnownGivesNoDetails() {
        #expect(CameraDetails(PhotoDetails(caption: "x"), strings: .english) == nil)
        #expect(CameraDetails(PhotoDetails(camera: "FUJIFILM X-T4"), strings: .english)?.camera == "FUJIFILM X-T4")
    }

    @Test func itemsKeepAFixedOrderAndTheTemplateObjectNamesEveryField() throws {
        let details = try #require(CameraDetails(
            PhotoDetails(camera: "Canon EOS R5", exposure: CameraExposure(exposureTime: 1.0 / 250, fNumber: 2.8, iso: 200,
                                                                           focalLength: 50, lensMake: "Canon", lensModel: "RF50mm F1.8 STM")),
            strings: .english))
        #expect(details.items(.english).map(\.label) == ["Camera", "Lens", "Focal length", "Aperture", "Shutter speed", "ISO"])
        #expect(details.lens == "Canon RF50mm F1.8 STM")
        guard case .object(let fields) = details.value(.english) else {
            Issue.record("not an object")
            return
        }
        #expect(fields["camera"] == .string("Canon EOS R5"))
        #expect(fields["aperture"] == .string("f/2.8"))
        // Only exposure known: `camera` is still a key, so `{{camera}}` never renders the object.
        let bare = try #require(CameraDetails(PhotoDetails(exposure: CameraExposure(iso: 100)), strings: .english))
        guard case .object(let bareFields) = bare.value(.english) else { return }
        #expect(bareFields["camera"] == .null)
    }

    @Test func lensNamesDoNotRepeatTheMake() {
        #expect(CameraDetails.lens(make: "Canon", model: "Canon RF50mm") == "Canon RF50mm")
        #expect(CameraDetails.lens(make: "Sigma", model: "35mm F1.4 DG") == "Sigma 35mm F1.4 DG")
        #expect(CameraDetails.lens(make: "Sigma", model: nil) == nil)
    }

    @Test func detailsKeyIsReadAndChecked() throws {
        let off = try AlbumConfig.parse(Data(#"{"details": false}"#.utf8), displayPath: "album.json")
        #expect(off.details == false)
        #expect(try AlbumConfig.parse(Data("{}".utf8), displayPath: "album.json").details == nil)
        #expect(throws: BuildError.self) { try AlbumConfig.parse(Data(#"{"details": "no"}"#.utf8), displayPath: "album.json") }
    }

    @Test func theDigestMovesWithTheExposure() {
        let photo = Photo(fileName: "a.jpg", header: ImageHeader(format: .jpeg, storedSize: PixelSize(width: 4, height: 3)))
        let model = PageModel(title: "t", photos: [photo])
        var changed = model
        changed.photos[0].details.exposure = CameraExposure(fNumber: 2.8)
        var other = changed
        other.photos[0].details.exposure = CameraExposure(fNumber: 4)
        #expect(model.digest(context: []) != changed.digest(context: []))
        #expect(changed.digest(context: []) != other.digest(context: []))
        let stored = Set(Mirror(reflecting: CameraExposure()).children.compactMap(\.label))
        #expect(stored == Set(PageModel.digestedFields["CameraExposure"] ?? []))
    }
}
