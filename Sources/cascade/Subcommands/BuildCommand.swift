import Foundation
import Gallery

/// `cascade build [ALBUM] [--output DIR] [--templates DIR] [--strict] [--strict-templates]`
struct BuildCommand: Subcommand {
    static let name = "build"
    static let summary = "write the site for an album folder"
    static let usage = ["build [ALBUM] [--output DIR] [--templates DIR] [--strict] [--strict-templates] [--quiet | --verbose] [--json]",
                        "      [--quality N] [--linear-light] [--jobs N] [--max-megapixels N] [--originals [--keep-metadata]]"]
    static let help = """
    build     Reads every image in ALBUM (default: the current folder), lays the
              photos out as a waterfall and writes a finished site to DIR.
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
      --linear-light        resample in linear light instead of the sRGB values
      -j, --jobs N          images decoded at once (default: one per core)
      --max-megapixels N    skip images larger than this (default 100)
      --originals           also publish the original files, with GPS and other
                            private metadata removed losslessly
      --keep-metadata       with --originals: publish them byte for byte
      -q, --quiet           print nothing but errors (no warnings, notes, summary)
      -v, --verbose         also print the seconds each stage took
      --json                print one JSON summary object on standard output
                            instead of the page's path
    """
    static let options: [OptionSpec] = [
        .value("--output", "-o", called: "folder"),
        .value("--templates", "-t", called: "folder"),
        .flag("--strict"),
        .flag("--strict-templates"),
        .value("--quality", called: "number from 1 to 100"),
        .value("--jobs", "-j", called: "number"),
        .value("--max-megapixels", called: "number"),
        .flag("--linear-light"),
        .flag("--originals"),
        .flag("--keep-metadata"),
        .flag("--quiet", "-q"),
        .flag("--verbose", "-v"),
        .flag("--json"),
    ]

    var album = "."
    var output = "_site"
    var templates: String?
    var strict = false
    var strictTemplates = false
    var renditions = RenditionSettings()
    var originals = OriginalsPolicy.none
    var quiet = false
    var verbose = false
    var json = false

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[1])'; build takes one album folder")
        }
        album = parsed.positionals.first ?? "."
        output = parsed.values["--output"] ?? output
        templates = parsed.values["--templates"]
        strict = parsed.flags.contains("--strict")
        strictTemplates = parsed.flags.contains("--strict-templates")
        quiet = parsed.flags.contains("--quiet")
        verbose = parsed.flags.contains("--verbose")
        json = parsed.flags.contains("--json")
        if quiet && verbose { throw UsageError(message: "--quiet and --verbose contradict each other; choose one") }
        if let text = parsed.values["--quality"] {
            guard let quality = Int(text), (1...100).contains(quality) else {
                throw UsageError(message: "--quality needs a number from 1 to 100, not '\(text)'")
            }
            renditions.quality = quality
        }
        if let text = parsed.values["--jobs"] {
            guard let jobs = Int(text), (1...256).contains(jobs) else {
                throw UsageError(message: "--jobs needs a number from 1 to 256, not '\(text)'")
            }
            renditions.jobs = jobs
        }
        if let text = parsed.values["--max-megapixels"] {
            guard let megapixels = Double(text), megapixels > 0, megapixels <= 10_000 else {
                throw UsageError(message: "--max-megapixels needs a number above 0, not '\(text)'")
            }
            renditions.limits.maxPixels = Int(megapixels * 1_000_000)
        }
        if parsed.flags.contains("--linear-light") { renditions.space = .linearLight }
        let keep = parsed.flags.contains("--keep-metadata")
        if parsed.flags.contains("--originals") {
            originals = keep ? .asIs : .stripped
        } else if keep {
            throw UsageError(message: "--keep-metadata only applies with --originals")
        }
    }

    func run() throws -> Outcome {
        // Each job decodes into buffers of tens of megabytes. By default glibc
        // maps each one fresh and unmaps it when freed, so every photo paid
        // for zero-filling new pages (about a tenth of a cold build's time);
        // kept in the heap they are reused. Memory stays bounded by `--jobs`.
        _ = mallopt(-4 /* M_MMAP_MAX */, 0)
        _ = mallopt(-1 /* M_TRIM_THRESHOLD */, Int32.max)
        let albumURL = URL(fileURLWithPath: album)
        var options = BuildOptions(
            album: albumURL,
            output: URL(fileURLWithPath: output),
            templates: templates.map { URL(fileURLWithPath: $0) } ?? ThemeLocation.preferred(album: albumURL),
            strict: strict,
            strictTemplates: strictTemplates,
            renditions: renditions,
            originals: originals)
        let quiet = quiet
        let line = !quiet && !json && ProgressLine.isWanted ? ProgressLine() : nil
        let report: BuildReport
        options.cancellation = StopSignals.cancellation
        StopSignals.install()
        defer { StopSignals.remove() }
        do {
            report = try Site.build(options, warn: { warning in
                line?.finish()
                if !quiet { Console.error("cascade: \(warning.isNotice ? "note" : "warning"): \(warning)") }
            }, progress: { progress in line?.update(progress) })
        } catch {
            line?.finish()
            throw error
        }
        line?.finish()
        if json { print(report.jsonSummary) }
        if verbose {
            let stages = report.stages.map { "\($0.name) " + String(format: "%.2f s", $0.seconds) }
            Console.error("cascade: stages: " + stages.joined(separator: ", "))
        }
        guard !quiet else {
            if !json { print(report.page.standardizedFileURL.path) }
            return .success
        }
        let count = report.photos.count
        let skipped = report.warnings.isEmpty ? "" : ", \(report.warnings.count) skipped"
        let notes = report.notices.count
        let noted = notes == 0 ? "" : ", \(notes) note\(notes == 1 ? "" : "s")"
        let albums = report.albums > 1 ? " in \(report.albums) albums" : ""
        Console.error("cascade: built \(count) photo\(count == 1 ? "" : "s")\(albums)\(skipped)\(noted)")
        if report.privacyFindings.isEmpty {
            Console.error("cascade: privacy: no file this build published carries GPS, serial numbers, owner names or location fields")
        } else {
            let count = report.privacyFindings.count
            Console.error("cascade: privacy: \(count) published file\(count == 1 ? "" : "s") carr\(count == 1 ? "ies" : "y") "
                + "private metadata (\(report.privacyFindings[0].carries.joined(separator: ", ")), …); 'cascade audit \(output)' lists them")
        }
        if !json { print(report.page.standardizedFileURL.path) }
        return .success
    }
}

/// glibc's `mallopt` (from `<malloc.h>`, which the Glibc module does not export).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
