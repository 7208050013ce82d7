import Foundation

extension BuildOption {
    /// Every option of `cascade build` and `cascade serve`, in help order:
    /// the one place an option is declared. Its default is the initial value
    /// of the ``BuildOptions`` field it sets (the help shows it from there).
    /// Adding an option is a line here, the field in ``BuildOptions`` and the
    /// code that uses it; the command line, `cascade.json`, the help and the
    /// no-change-rebuild key follow from this table.
    public static let all: [BuildOption] = [
        .folder("output", flag: "--output", short: "-o", help: """
            where to write the site (default: _site); inside the album only if new, empty or Cascade's own \
            (it is then left out of the album); files Cascade did not make there are never overwritten or deleted
            """, sample: "other-site", field: \.output),
        .folder("templates", flag: "--templates", short: "-t", help: """
            the theme to render (default: ALBUM/Templates, else ./Templates, else the theme Cascade comes with)
            """, sample: "OtherTheme", field: \.templates),
        .toggle("strict", flag: "--strict", help: "fail when any file is skipped (not an image, corrupt)",
                reach: .output, apply: { $1.strict = $0 }, resolved: { "\($0.strict)" }),
        .toggle("strictTemplates", flag: "--strict-templates", help: """
            fail when a template asks for a variable the data does not have, listing every one
            """, reach: .output, apply: { $1.strictTemplates = $0 }, resolved: { "\($0.strictTemplates)" }),
        .integer("quality", flag: "--quality", range: 1...100, help: "JPEG quality of the renditions",
                 reach: .output, sample: 90, field: \.renditions.quality),
        .make("formats", flag: "--formats", valueName: "LIST", expected: "a list such as avif,webp,jpeg", help: """
            also publish renditions as AVIF and/or WebP, offered in a <picture> before the JPEG (default: jpeg alone)
            """, reach: .output, sample: "webp",
              parse: { try? RenditionFormat.parseList($0).get() },
              json: { ($0 as? [String]).flatMap { try? RenditionFormat.parse($0).get() } },
              apply: { $1.renditions.formats = $0 }, resolved: { $0.renditions.formats.map(\.rawValue).joined(separator: ",") })
            .explaining(text: { text in RenditionFormat.parseList(text).failure.map { "\($0)" } },
                        json: { any in
                            guard let names = any as? [String] else { return "a list of format names such as [\"avif\", \"webp\", \"jpeg\"]" }
                            return RenditionFormat.parse(names).failure.map {
                                "a list of " + RenditionFormat.names.map { "\"\($0)\"" }.joined(separator: ", ") + "; it \($0)"
                            }
                        }),
        .toggle("linearLight", flag: "--linear-light", help: "resample in linear light instead of the sRGB values",
                reach: .output, apply: { $1.renditions.space = $0 ? .linearLight : .gammaEncoded },
                resolved: { "\($0.renditions.space)" }),
        .integer("jobs", flag: "--jobs", short: "-j", range: 1...256, help: "images decoded at once (default: one per core)",
                 reach: .runOnly, sample: 3, field: \.renditions.jobs),
        .make("maxMegapixels", flag: "--max-megapixels", valueName: "N", expected: "a number above 0 and at most 10000",
              help: "skip images larger than this many megapixels", reach: .output, sample: "50",
              parse: { Double($0).flatMap(megapixels) }, json: { JSONValue($0).number.flatMap(megapixels) },
              apply: { $1.renditions.limits.maxPixels = Int($0 * 1_000_000) },
              resolved: { String(Double($0.renditions.limits.maxPixels) / 1_000_000) }),
        .toggle("originals", flag: "--originals", help: """
            also publish the original files, with GPS and other private metadata removed losslessly
            """, reach: .output, apply: { $1.originals = $0 ? ($1.originals == .asIs ? .asIs : .stripped) : .none },
                resolved: { "\($0.originals)" }),
        .toggle("keepMetadata", flag: "--keep-metadata", help: "with --originals: publish them byte for byte",
                reach: .output, requires: "originals",
                apply: { if $0, $1.originals != .none { $1.originals = .asIs } }, resolved: { "\($0.originals)" }),
        .make("zip", flag: "--zip", valueName: "KIND", expected: AlbumZip.expected, help: """
            offer each album's photos as one ZIP on its page: large (the large renditions) or originals (metadata \
            removed as --originals does); an album.json "zip" wins for its album and those below it
            """, reach: .output, negatable: true, sample: "large", parse: { AlbumZip(text: $0) },
              json: { AlbumZip(json: $0) }, apply: { $1.zip = $0 }, resolved: { $0.zip.rawValue }),
        .toggle("video", flag: "--video", help: """
            publish videos (the default): a poster tile and a page that plays it, made with ffmpeg from PATH; \
            --no-video leaves them out, without a warning
            """, reach: .output, sample: false, apply: { $1.videos.publishes = $0 }, resolved: { "\($0.videos.publishes)" }),
        .text("baseURL", flag: "--base-url", valueName: "URL", expected: BaseURL.expected, help: """
            where the site will be published (https://…/): adds og:url, og:image, canonical links, Atom feeds \
            and a sitemap; without it no absolute URL is written
            """, sample: "https://example.com/photos/", check: { BaseURL($0)?.text },
              apply: { $1.baseURL = BaseURL($0) }, resolved: { $0.baseURL?.text ?? "-" }),
        .text("language", flag: "--language", valueName: "TAG", expected: LanguageTag.example, help: """
            the pages' language (en, fr, de, es, zh, ja, or any the theme has strings/TAG.json for); an album.json \
            "language" wins for its album and those below it (default: en)
            """, sample: "fr", check: { LanguageTag.isValid($0) ? $0 : nil },
              apply: { $1.language = $0 }, resolved: { $0.language ?? "-" }),
        .make("order", flag: "--order", valueName: "ORDER", expected: GridOrder.expected, help: """
            how the album grids fill their columns: balanced (evens the columns' bottoms) or shortest (each photo \
            into the shortest column); not the layout command's --order, which places single items
            """, reach: .output, sample: "shortest", parse: { GridOrder(rawValue: $0) },
              json: { ($0 as? String).flatMap(GridOrder.init(rawValue:)) },
              apply: { $1.order = $0 }, resolved: { $0.order.rawValue }),
        .integer("photosPerPage", flag: "--photos-per-page", range: 0...1_000_000, note: "0: every photo on one page",
                 help: "split an album longer than N photos over pages index.html, page2.html, …",
                 reach: .output, sample: 10, field: \.photosPerPage),
        .toggle("quiet", flag: "--quiet", short: "-q", help: """
            print nothing but errors: no warnings, notes, summary or page path (under --strict, the files that \
            fail the build; --json still prints)
            """, reach: .runOnly, commands: .buildOnly, negatable: false, excludes: "verbose"),
        .toggle("verbose", flag: "--verbose", short: "-v", help: "also print the seconds each stage took",
                reach: .runOnly, commands: .buildOnly, negatable: false, excludes: "quiet"),
        .toggle("json", flag: "--json", help: "print one JSON summary object on standard output instead of the page's path",
                reach: .runOnly, commands: .buildOnly, negatable: false),
    ]

    private static func megapixels(_ value: Double) -> Double? {
        value > 0 && value <= 10_000 ? value : nil
    }
}

extension BuildOption {
    /// The same option with messages of its own where one expected value
    /// cannot say what is wrong (`--formats` names the unknown format).
    func explaining(text: @escaping @Sendable (String) -> String?, json: @escaping @Sendable (Any) -> String?) -> BuildOption {
        var option = self
        let (readText, readJSON) = (fromText, fromJSON)
        option.fromText = { value in
            if case .problem = readText(value), let problem = text(value) { return .problem(problem) }
            return readText(value)
        }
        option.fromJSON = { value in
            if case .problem = readJSON(value), let problem = json(value) { return .problem(problem) }
            return readJSON(value)
        }
        return option
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
