import ArgumentParser
import Foundation
import Gallery

/// `cascade check [DIR] [--templates DIR]`
struct CheckCommand: CascadeCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "check a built site's pages and links",
        usage: "cascade check [DIR] [--templates DIR]",
        discussion: """
        Checks a built site in DIR (default: _site) as a build does: every page well-formed HTML5 with \
        images that have alt, width and height, unique ids, every local link and image resolving to a file \
        in DIR, and no script but the theme's own.

        Exit status: 0 no problems, 1 problems found, 2 usage error.
        """)

    @Argument(help: ArgumentHelp("the built site", valueName: "DIR"))
    var folder = "_site"

    @Option(name: [.short, .long], help: ArgumentHelp("""
        the theme the site was built with, whose script is allowed (default: ./Templates, else the theme \
        Cascade comes with)
        """, valueName: "DIR"))
    var templates: String?

    func execute() throws -> Outcome {
        let theme = templates.map { UserPath.url($0) } ?? ThemeLocation.preferred()
        let report = try Site.check(folder: UserPath.url(folder), templates: theme)
        for issue in report.issues {
            Console.error("cascade: \(issue)")
        }
        let pages = "\(report.pages.count) page\(report.pages.count == 1 ? "" : "s")"
        if report.issues.isEmpty {
            Console.error("cascade: checked \(pages) and \(report.fileCount) files: no problems")
            return .success
        }
        let count = report.issues.count
        Console.error("cascade: checked \(pages): \(count) problem\(count == 1 ? "" : "s")")
        return .failure
    }
}
