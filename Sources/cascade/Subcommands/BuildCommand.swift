import ArgumentParser
import Foundation
import Gallery

/// `cascade build [ALBUM] [options]`: every build option may also be set in ALBUM/cascade.json.
struct BuildCommand: CascadeCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "write the site for an album folder",
        usage: BuildArguments.usage("build", own: ["[--shard I/N]"]),
        discussion: """
        Reads every image in ALBUM (default: the current folder), lays the photos out as a waterfall and \
        writes a finished site to DIR.

        \(BuildArguments.help("build"))

        Settings: an optional ALBUM/cascade.json sets any build option for the album, in camelCase \
        ({"output": "../public", "strict": true, "quality": 85, "maxMegapixels": 50, "verbose": true}); \
        paths in it are relative to ALBUM. Options on the command line win. A mistake in it is reported at \
        its line and column, and nothing is built (exit status 2).

        Exit status: 0 success, 1 failure (build failed, unreadable file), 2 usage error.
        """)

    @OptionGroup var arguments: BuildArguments

    @Option(parsing: .unconditional, help: ArgumentHelp("""
        make only the renditions of shard I of N (by content hash) and no pages, for a build split across \
        processes or machines; a build without --shard then writes the pages (docs/ci/)
        """, valueName: "I/N"))
    var shard: String?

    func execute() throws -> Outcome {
        let (album, flags) = try arguments.read(command: "build", otherNames: ["--shard"])
        let shard = self.shard.flatMap(Shard.init(parsing:))
        if let text = self.shard, shard == nil {
            throw UsageError(message: "--shard needs I/N with 1 <= I <= N <= \(Shard.maxCount), not '\(text)'")
        }
        // Each job decodes into buffers of tens of megabytes. By default glibc
        // maps each one fresh and unmaps it when freed, so every photo paid
        // for zero-filling new pages (about a tenth of a cold build's time);
        // kept in the heap they are reused. Memory stays bounded by `--jobs`.
        _ = mallopt(-4 /* M_MMAP_MAX */, 0)
        _ = mallopt(-1 /* M_TRIM_THRESHOLD */, Int32.max)
        // Two arenas, not eight per core: each thread's arena keeps what it freed (about 50 MB at 100,000 photos).
        _ = mallopt(-8 /* M_ARENA_MAX */, 2)
        let (built, settings) = try BuildOptions.of(album: album, flags: flags)
        var options = built
        options.shard = shard
        // The process exits when the build returns: its working data need not be freed first.
        options.freesWorkingData = false
        let quiet = settings.quiet == true, verbose = settings.verbose == true, json = settings.json == true
        let output = settings.output ?? "_site"
        let line = !quiet && !json && ProgressLine.isWanted ? ProgressLine() : nil
        let report: BuildReport
        options.cancellation = StopSignals.cancellation
        StopSignals.install()
        defer { StopSignals.remove() }
        do {
            report = try Site.build(options, warn: { [strict = options.strict] warning in
                line?.finish()
                if let text = Self.message(for: warning, quiet: quiet, strict: strict) { Console.error(text) }
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
        // Quiet means nothing but errors: no summary and no page path (a `--json` object was asked for, so it stays).
        guard !quiet else { return .success }
        let photos = Console.counted(report.publishedPhotos, "photo")
        let skipped = report.warnings.isEmpty ? "" : ", \(report.skippedFiles) skipped"
        let noted = report.notices.isEmpty ? "" : ", " + Console.counted(report.notices.count, "note")
        let albums = report.albums > 1 ? " in \(report.albums) albums" : ""
        Console.error(shard.map { "cascade: shard \($0): made \(Console.counted(report.renditionsMade, "rendition")) of \(photos)"
            + "\(skipped); a build without --shard writes the pages" } ?? "cascade: built \(photos)\(albums)\(skipped)\(noted)")
        if report.privacyFindings.isEmpty {
            Console.error("cascade: privacy: no file this build published carries GPS, serial numbers, owner names or location fields")
        } else {
            let count = report.privacyFindings.count
            Console.error("cascade: privacy: \(count) published file\(count == 1 ? "" : "s") carr\(count == 1 ? "ies" : "y") "
                + "private metadata (\(report.privacyFindings[0].carries.joined(separator: ", ")), …); 'cascade audit \(output)' lists them")
        }
        for album in report.unlisted {
            // The bookkeeping lists every file Cascade made, the secret folder's too: it must not be published.
            Console.error("cascade: note: \(album.kind) '\(album.album)' is at \(album.url ?? output + "/" + album.path)"
                + " (publish the site without its .cascade-* files: they list this folder)")
        }
        if !json { print(report.page.standardizedFileURL.path) }
        return .success
    }

    /// The line a warning or note prints, or nil when `--quiet` keeps it back.
    /// Quiet builds print only errors; under `--strict` every skipped file
    /// fails the build, so it is an error and is named (the failure's own
    /// line only counts them), while notes stay silent.
    static func message(for warning: BuildWarning, quiet: Bool, strict: Bool) -> String? {
        if !quiet { return "cascade: \(warning.isNotice ? "note" : "warning"): \(warning)" }
        return strict && !warning.isNotice ? "cascade: error: \(warning)" : nil
    }
}

/// glibc's `mallopt` (from `<malloc.h>`, which the Glibc module does not export).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
