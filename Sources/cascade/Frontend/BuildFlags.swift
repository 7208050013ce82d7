import Foundation
import Gallery

/// The options every command that builds a site takes (`build`, `serve`),
/// read into ``BuildSettings`` so they can be laid over the album's
/// `cascade.json`, and the finished ``BuildOptions`` made from the two.
enum BuildFlags {
    static let options: [OptionSpec] = [
        .value("--output", "-o", called: "folder"),
        .value("--templates", "-t", called: "folder"),
        .flag("--strict"),
        .flag("--strict-templates"),
        .value("--quality", called: "number from 1 to 100"),
        .value("--formats", called: "list such as avif,webp,jpeg"),
        .value("--jobs", "-j", called: "number"),
        .value("--max-megapixels", called: "number"),
        .flag("--linear-light"),
        .flag("--originals"),
        .flag("--keep-metadata"),
        .flag("--video"),
        .value("--base-url", called: "URL"),
        .value("--language", called: "language tag"),
        .value("--order", called: "order"),
        .value("--photos-per-page", called: "number"),
    ] + negations.map { .flag($0.flag) }

    /// `--no-X` turns off what `cascade.json` turns on.
    static var negations: [(flag: String, field: WritableKeyPath<BuildSettings, Bool?>)] {
        [("--no-strict", \.strict), ("--no-strict-templates", \.strictTemplates), ("--no-linear-light", \.linearLight),
         ("--no-originals", \.originals), ("--no-keep-metadata", \.keepMetadata), ("--no-video", \.video)]
    }

    /// The help lines for these options.
    static let help = """
      -o, --output DIR      where to write the site (default: _site); inside
                            the album only if new, empty or Cascade's own (it
                            is then left out of the album); files Cascade did
                            not make there are never overwritten or deleted
      -t, --templates DIR   the theme to render (default: ALBUM/Templates, else
                            ./Templates, else the theme Cascade comes with)
      --strict              fail when any file is skipped (not an image, corrupt)
      --strict-templates    fail when a template asks for a variable the data
                            does not have, listing every one
      --quality N           JPEG quality of the renditions, 1-100 (default 80)
      --formats LIST        also publish renditions as AVIF and/or WebP, offered
                            in a <picture> before the JPEG (avif,webp,jpeg;
                            default: jpeg alone)
      --linear-light        resample in linear light instead of the sRGB values
      -j, --jobs N          images decoded at once (default: one per core)
      --max-megapixels N    skip images larger than this (default 100)
      --originals           also publish the original files, with GPS and other
                            private metadata removed losslessly
      --keep-metadata       with --originals: publish them byte for byte
      --video               publish videos (the default): a poster tile and a
                            page that plays it, made with ffmpeg from PATH
      --no-video            leave videos out, without a warning
      --base-url URL        where the site will be published (https://…/):
                            adds og:url, og:image, canonical links, Atom
                            feeds and a sitemap; without it no absolute URL
                            is written
      --language TAG        the pages' language (en, fr, de, es, zh, ja, or
                            any the theme has strings/TAG.json for); an
                            album.json "language" wins for its album and
                            those below it (default: en)
      --order ORDER         how the album grids fill their columns: balanced
                            (the default; evens the columns' bottoms) or
                            shortest (each photo into the shortest column)
      --photos-per-page N   split an album longer than N photos over pages
                            index.html, page2.html, … (default 2000; 0 puts
                            every photo on one page)
      --no-strict, --no-strict-templates, --no-linear-light, --no-originals,
      --no-keep-metadata    turn off what ALBUM/cascade.json turns on
    """

    /// What the command line asks for; nil fields are left to `cascade.json`.
    static func settings(from parsed: ParsedArguments) throws(UsageError) -> BuildSettings {
        var settings = BuildSettings()
        settings.output = parsed.values["--output"]
        settings.templates = parsed.values["--templates"]
        for (flag, field) in [("--strict", \BuildSettings.strict), ("--strict-templates", \.strictTemplates),
                              ("--linear-light", \.linearLight), ("--originals", \.originals),
                              ("--keep-metadata", \.keepMetadata), ("--video", \.video)] where parsed.flags.contains(flag) {
            settings[keyPath: field] = true
        }
        for (flag, field) in negations where parsed.flags.contains(flag) {
            let positive = "--" + flag.dropFirst(5)
            guard settings[keyPath: field] == nil else {
                throw UsageError(message: "\(positive) and \(flag) contradict each other; choose one")
            }
            settings[keyPath: field] = false
        }
        if let text = parsed.values["--quality"] {
            guard let quality = Int(text), BuildSettings.qualityRange.contains(quality) else {
                throw UsageError(message: "--quality needs a number from 1 to 100, not '\(text)'")
            }
            settings.quality = quality
        }
        if let text = parsed.values["--formats"] {
            switch RenditionFormat.parseList(text) {
            case .success(let formats): settings.formats = formats
            case .failure(let problem): throw UsageError(message: "--formats \(problem)")
            }
        }
        if let text = parsed.values["--jobs"] {
            guard let jobs = Int(text), BuildSettings.jobsRange.contains(jobs) else {
                throw UsageError(message: "--jobs needs a number from 1 to 256, not '\(text)'")
            }
            settings.jobs = jobs
        }
        if let text = parsed.values["--max-megapixels"] {
            guard let megapixels = Double(text), megapixels > 0, megapixels <= BuildSettings.megapixelsLimit else {
                throw UsageError(message: "--max-megapixels needs a number above 0, not '\(text)'")
            }
            settings.maxMegapixels = megapixels
        }
        if let text = parsed.values["--base-url"] {
            guard let url = BaseURL(text) else {
                throw UsageError(message: "--base-url needs an absolute http:// or https:// URL, not '\(text)'")
            }
            settings.baseURL = url.text
        }
        if let text = parsed.values["--language"] {
            guard LanguageTag.isValid(text) else {
                throw UsageError(message: "--language needs \(LanguageTag.example), not '\(text)'")
            }
            settings.language = text
        }
        if let text = parsed.values["--order"] {
            guard let order = GridOrder(rawValue: text) else {
                throw UsageError(message: "--order must be \(GridOrder.expected), not '\(text)'")
            }
            settings.order = order
        }
        if let text = parsed.values["--photos-per-page"] {
            guard let count = Int(text), BuildSettings.photosPerPageRange.contains(count) else {
                throw UsageError(message: "--photos-per-page needs a whole number from 0 to 1000000 (0: one page), not '\(text)'")
            }
            settings.photosPerPage = count
        }
        return settings
    }

    /// The album's `cascade.json` with `flags` laid over it.
    static func merged(album: String, flags: BuildSettings) throws(BuildError) -> BuildSettings {
        try BuildSettings.load(album: UserPath.url(album)).overlaid(by: flags)
    }

    /// The build `settings` describe, of the album folder `album`.
    static func buildOptions(album: String, settings: BuildSettings) throws(UsageError) -> BuildOptions {
        if settings.keepMetadata == true && settings.originals != true {
            throw UsageError(message: "--keep-metadata only applies with --originals")
        }
        var renditions = RenditionSettings()
        if let quality = settings.quality { renditions.quality = quality }
        if let jobs = settings.jobs { renditions.jobs = jobs }
        if let megapixels = settings.maxMegapixels { renditions.limits.maxPixels = Int(megapixels * 1_000_000) }
        if settings.linearLight == true { renditions.space = .linearLight }
        if let formats = settings.formats { renditions.formats = formats }
        let albumURL = UserPath.url(album)
        var options = BuildOptions(
            album: albumURL,
            output: UserPath.url(settings.output ?? "_site"),
            templates: settings.templates.map { UserPath.url($0) } ?? ThemeLocation.preferred(album: albumURL),
            strict: settings.strict == true,
            strictTemplates: settings.strictTemplates == true,
            renditions: renditions,
            originals: settings.originals == true ? (settings.keepMetadata == true ? .asIs : .stripped) : .none)
        options.videos.publishes = settings.video != false
        options.baseURL = settings.baseURL.flatMap { BaseURL($0) }
        options.language = settings.language
        if let order = settings.order { options.order = order }
        if let count = settings.photosPerPage { options.photosPerPage = count }
        options.sourceDateEpoch = try sourceDateEpoch(ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
        return options
    }

    /// The reproducible-builds convention: unset or empty means none; anything
    /// but a whole number of seconds from 0 to 9999-12-31 is a mistake to say.
    static func sourceDateEpoch(_ text: String?) throws(UsageError) -> Int64? {
        guard let text, !text.isEmpty else { return nil }
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let seconds = Int64(text), seconds <= 253_402_300_799 else {
            throw UsageError(message: "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC, not '\(text)'")
        }
        return seconds
    }
}
