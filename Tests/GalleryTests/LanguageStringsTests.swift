import Foundation
import Testing
@testable import Gallery

/// The default theme's languages, as a build loads them.
private let shipped: StringsCatalog = {
    (try? StringsCatalog.load(theme: Repo.templates, displayPath: "Templates")) ?? StringsCatalog()
}()

private func strings(_ tag: String) throws -> LanguageStrings {
    try #require(shipped.strings(for: tag), "no strings for \(tag)")
}

struct CountCase: Sendable, CustomTestStringConvertible {
    var language: String
    var key: String
    var count: Int
    var expected: String
    var testDescription: String { "\(language) \(key) \(count)" }
}

@Suite("Interface text per language")
struct LanguageStringsTests {
    @Test("Counts take the language's plural form and digit groups", arguments: [
        CountCase(language: "en", key: "photos", count: 0, expected: "0 photos"),
        CountCase(language: "en", key: "photos", count: 1, expected: "1 photo"),
        CountCase(language: "en", key: "photos", count: 2, expected: "2 photos"),
        CountCase(language: "en", key: "photos", count: 1234, expected: "1,234 photos"),
        CountCase(language: "en", key: "albums", count: 1, expected: "1 album"),
        // French: 0 and 1 are singular; millions take "de".
        CountCase(language: "fr", key: "photos", count: 0, expected: "0 photo"),
        CountCase(language: "fr", key: "photos", count: 1, expected: "1 photo"),
        CountCase(language: "fr", key: "photos", count: 2, expected: "2 photos"),
        CountCase(language: "fr", key: "photos", count: 1234, expected: "1\u{202F}234 photos"),
        CountCase(language: "fr", key: "photos", count: 1_000_000, expected: "1\u{202F}000\u{202F}000 de photos"),
        CountCase(language: "fr", key: "albums", count: 0, expected: "0 album"),
        CountCase(language: "de", key: "photos", count: 0, expected: "0 Fotos"),
        CountCase(language: "de", key: "photos", count: 1, expected: "1 Foto"),
        CountCase(language: "de", key: "albums", count: 3, expected: "3 Alben"),
        CountCase(language: "de", key: "photos", count: 1234, expected: "1.234 Fotos"),
        // Spanish groups only from five digits.
        CountCase(language: "es", key: "photos", count: 1, expected: "1 foto"),
        CountCase(language: "es", key: "photos", count: 0, expected: "0 fotos"),
        CountCase(language: "es", key: "photos", count: 1234, expected: "1234 fotos"),
        CountCase(language: "es", key: "photos", count: 12345, expected: "12.345 fotos"),
        CountCase(language: "es", key: "albums", count: 2_000_000, expected: "2.000.000 de álbumes"),
        // No plural in Chinese and Japanese.
        CountCase(language: "zh", key: "photos", count: 1, expected: "1 张照片"),
        CountCase(language: "zh", key: "photos", count: 28, expected: "28 张照片"),
        CountCase(language: "zh", key: "albums", count: 2, expected: "2 个相册"),
        CountCase(language: "ja", key: "photos", count: 1, expected: "写真 1 枚"),
        CountCase(language: "ja", key: "photos", count: 1234, expected: "写真 1,234 枚"),
        CountCase(language: "ja", key: "albums", count: 3, expected: "アルバム 3 件"),
        // Videos, in every shipped language.
        CountCase(language: "en", key: "videos", count: 1, expected: "1 video"),
        CountCase(language: "en", key: "videos", count: 2, expected: "2 videos"),
        CountCase(language: "fr", key: "videos", count: 0, expected: "0 vidéo"),
        CountCase(language: "fr", key: "videos", count: 1, expected: "1 vidéo"),
        CountCase(language: "fr", key: "videos", count: 3, expected: "3 vidéos"),
        CountCase(language: "fr", key: "videos", count: 1_000_000, expected: "1\u{202F}000\u{202F}000 de vidéos"),
        CountCase(language: "de", key: "videos", count: 1, expected: "1 Video"),
        CountCase(language: "de", key: "videos", count: 2, expected: "2 Videos"),
        CountCase(language: "es", key: "videos", count: 1, expected: "1 vídeo"),
        CountCase(language: "es", key: "videos", count: 2, expected: "2 vídeos"),
        CountCase(language: "es", key: "videos", count: 1_000_000, expected: "1.000.000 de vídeos"),
        CountCase(language: "zh", key: "videos", count: 2, expected: "2 个视频"),
        CountCase(language: "ja", key: "videos", count: 2, expected: "動画 2 本"),
    ])
    func counts(_ testCase: CountCase) throws {
        #expect(try strings(testCase.language).count(testCase.key, testCase.count) == testCase.expected)
    }

    @Test("Plural rules pick CLDR's categories", arguments: [
        (PluralRule.one, [0: PluralCategory.other, 1: .one, 2: .other, 21: .other]),
        (.zeroOneMillion, [0: .one, 1: .one, 2: .other, 1_000_000: .many, 3_000_000: .many, 1_000_001: .other]),
        (.oneMillion, [0: .other, 1: .one, 2: .other, 1_000_000: .many]),
        (.none, [0: .other, 1: .other, 2: .other]),
        (.eastSlavic, [1: .one, 2: .few, 4: .few, 5: .many, 11: .many, 12: .many, 21: .one, 22: .few, 111: .many, 0: .many]),
        (.polish, [1: .one, 2: .few, 5: .many, 12: .many, 21: .many, 22: .few, 0: .many]),
    ])
    func pluralRules(_ rule: PluralRule, _ expected: [Int: PluralCategory]) {
        for (count, category) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(rule.category(of: count) == category, "\(rule) \(count)")
        }
    }

    @Test("Dates come from the strings' month names and patterns", arguments: [
        ("en", "2026-12-03", "3 December 2026"),
        ("fr", "2026-12-03", "3 décembre 2026"),
        ("de", "2026-12-03", "3. Dezember 2026"),
        ("es", "2026-12-03", "3 de diciembre de 2026"),
        ("zh", "2026-12-03", "2026年12月3日"),
        ("ja", "2026-12-03", "2026年12月3日"),
        ("en", "2024-05-12 14:03", "12 May 2024, 14:03"),
        ("fr", "2024-05-12 14:03", "12 mai 2024 à 14:03"),
        ("de", "2024-05-12 09:03", "12. Mai 2024 um 09:03"),
        ("es", "2024-05-12 14:03", "12 de mayo de 2024, 14:03"),
        ("zh", "2024-05-12 14:03", "2024年5月12日 14:03"),
        ("ja", "2024-05-12 14:03", "2024年5月12日 14:03"),
    ])
    func dates(_ language: String, _ text: String, _ expected: String) throws {
        let date = try #require(PhotoDate(parsing: text))
        #expect(try strings(language).date(date) == expected)
    }

    @Test("Date ranges for cover tiles", arguments: [
        ("en", "2024-05-12", "2024-05-19", "12–19 May 2024"),
        ("en", "2024-05-12", "2024-06-01", "May – June 2024"),
        ("en", "2024-05-12", "2025-06-01", "May 2024 – June 2025"),
        ("en", "2024-05-12", "2024-05-12", "12 May 2024"),
        ("fr", "2024-05-12", "2024-05-19", "12–19 mai 2024"),
        ("fr", "2024-05-12", "2024-06-01", "mai–juin 2024"),
        ("fr", "2024-05-12", "2025-06-01", "mai 2024 – juin 2025"),
        ("de", "2024-05-12", "2024-05-19", "12.–19. Mai 2024"),
        ("de", "2024-05-12", "2024-06-01", "Mai–Juni 2024"),
        ("es", "2024-05-12", "2024-05-19", "12–19 de mayo de 2024"),
        ("es", "2024-05-12", "2024-06-01", "mayo–junio de 2024"),
        ("es", "2024-05-12", "2025-06-01", "mayo de 2024 – junio de 2025"),
        ("zh", "2024-05-12", "2024-05-19", "2024年5月12日至19日"),
        ("zh", "2024-05-12", "2024-06-01", "2024年5月至6月"),
        ("zh", "2024-05-12", "2025-06-01", "2024年5月至2025年6月"),
        ("ja", "2024-05-12", "2024-05-19", "2024年5月12日～19日"),
        ("ja", "2024-05-12", "2024-06-01", "2024年5月～6月"),
        ("ja", "2024-05-12", "2024-05-12", "2024年5月12日"),
    ])
    func dateRanges(_ language: String, _ start: String, _ end: String, _ expected: String) throws {
        let from = try #require(PhotoDate(parsing: start)), to = try #require(PhotoDate(parsing: end))
        #expect(try strings(language).dateRange(from: from, to: to) == expected)
    }

    @Test("Positions, count labels and camera-counter names", arguments: [
        ("en", "3 of 28", "3 albums · 4 photos", "Photo 3 of 28"),
        ("fr", "3 sur 28", "3 albums · 4 photos", "Photo 3 sur 28"),
        ("de", "3 von 28", "3 Alben · 4 Fotos", "Foto 3 von 28"),
        ("es", "3 de 28", "3 álbumes · 4 fotos", "Foto 3 de 28"),
        ("zh", "第 3 张，共 28 张", "3 个相册 · 4 张照片", "第 3 张照片，共 28 张"),
        ("ja", "3 / 28", "アルバム 3 件 · 写真 4 枚", "写真 3 / 28"),
    ])
    func labels(_ language: String, _ position: String, _ counts: String, _ counter: String) throws {
        let strings = try strings(language)
        #expect(strings.position(3, of: 28) == position)
        #expect(strings.countLabel(photos: 4, albums: 3) == counts)
        let photo = Photo(fileName: "IMG_0412.JPG", header: try sampleHeader("coffee.jpg"))
        #expect(PhotoText.alt(of: photo, position: 3, count: 28, strings: strings) == counter)
    }

    @Test func aCameraCounterNamesItsDateInTheLanguage() throws {
        var photo = Photo(fileName: "IMG_0412.JPG", header: try sampleHeader("coffee.jpg"))
        photo.details.date = PhotoDate(year: 2024, month: 5, day: 12)
        #expect(PhotoText.heading(of: photo, position: 3, count: 28, strings: try strings("fr")) == "Photo 3 sur 28, 12 mai 2024")
        #expect(PhotoText.heading(of: photo, position: 3, count: 28, strings: try strings("ja")) == "写真 3 / 28、2024年5月12日")
    }

    @Test func theShippedEnglishIsTheBuiltInEnglish() throws {
        let english = try #require(shipped.files["en"])
        #expect(english.table.entries == StringsTable.english.entries)
    }

    @Test("Every shipped language translates every key", arguments: ["en", "fr", "de", "es", "zh", "ja"])
    func everyLanguageIsComplete(_ language: String) throws {
        try shipped.checkComplete(language)
        let file = try #require(shipped.files[language])
        #expect(Set(file.table.entries.keys) == Set(StringsTable.english.entries.keys))
        let viewer = ["viewerClose", "viewerPrevious", "viewerNext", "viewerPhotoPage", "viewerPosition", "viewerZoomIn",
                      "viewerZoomOut", "viewerFullscreen", "viewerPlay", "viewerPause", "viewerLoading", "viewerDialog"]
        for key in viewer { #expect(!(try strings(language)).text(key).isEmpty, "\(language) \(key)") }
        #expect(try strings(language).text("viewerPosition").contains("{n}"))
    }

    @Test func theThemeOffersItsLanguagesAndRegionsFallBack() throws {
        #expect(shipped.languages == ["de", "en", "es", "fr", "ja", "zh"])
        let canadian = try strings("fr-CA")
        #expect(canadian.language == "fr-CA" && canadian.text("previous") == "Précédente")
        #expect(try strings("zh-Hans").text("next") == "下一张")
        #expect(try strings("EN-gb").text("next") == "Next")
        for unknown in ["pt", "xx", "f", "fr_FR", "fr-", "", "fr-CA-toolongsubtag"] {
            #expect(shipped.strings(for: unknown) == nil, "\(unknown)")
        }
        // A theme without strings files: built-in English only.
        #expect(StringsCatalog().strings(for: "en") == .english)
        #expect(StringsCatalog().strings(for: "fr") == nil)
        #expect(StringsCatalog().languages == ["en"])
    }

    @Test func templatesGetEveryKeyWithTheGeneratorFilledIn() throws {
        guard case .object(let object) = try strings("fr").templateValue(generator: "Cascade 9") else {
            Issue.record("not an object")
            return
        }
        #expect(object["madeWith"] == .string("Réalisé avec Cascade 9"))
        #expect(object["previous"] == .string("Précédente"))
        #expect(object["photos"] == .object(["one": .string("{count} photo"), "many": .string("{count} de photos"),
                                             "other": .string("{count} photos")]))
        #expect(Set(object.keys) == Set(StringsTable.english.entries.keys))
    }

    @Test func theViewersStringsAreScriptSafeJSON() throws {
        var entries = StringsTable.english.entries
        entries["viewerClose"] = .text("</script><script>alert(1)</script> & <!-- \"q\" \\ \u{2028}")
        entries["notViewer"] = .text("left out")
        let json = LanguageStrings(language: "en", entries: entries).viewerJSON
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&") && !json.contains("\u{2028}"))
        #expect(json.contains(#"\u003c/script\u003e"#))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
        #expect(parsed["viewerClose"] == "</script><script>alert(1)</script> & <!-- \"q\" \\ \u{2028}")
        #expect(parsed["notViewer"] == nil)
        #expect(Set(parsed.keys) == Set(entries.keys.filter { $0.hasPrefix("viewer") }))
        // Sorted keys: the same bytes every time.
        #expect(json.hasPrefix(#"{"viewerClose":"#))
    }

    /// The fill as it was written over `Character`s, before it walked UTF-8:
    /// what the byte walk must give on every pattern but one whose brace
    /// carries a combining mark (never in a strings file).
    private static func characterFill(_ pattern: String, _ values: [String: String]) -> String {
        guard pattern.contains("{") else { return pattern }
        var result = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let value = values[String(rest[afterOpen..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }

    @Test("A pattern is filled as the Character walk filled it", arguments: [
        "", "plain", "{n} of {total}", "{", "}", "}{", "{unknown}", "{{n}}", "a{n", "{n", "n}", "{}", "{n}{n}{total}",
        "Foto {n} di {total} — «{name}»", "第{n}張／共{total}張", "é{n}ü{total}ß", "{na}{n}", "{n}{", "👍{n}👍",
    ])
    func fillMatchesTheCharacterWalk(pattern: String) {
        let values = ["n": "3", "total": "1,234", "name": "Zoë {n}", "": "empty"]
        #expect(LanguageStrings.fill(pattern, values) == Self.characterFill(pattern, values))
    }
}
