import Foundation
import Gallery

/// `cascade check [DIR] [--templates DIR]`
struct CheckCommand: Subcommand {
    static let name = "check"
    static let summary = "check a built site's pages and links"
    static let usage = ["check [DIR] [--templates DIR]"]
    static let help = """
    check     Checks a built site in DIR (default: _site) as a build does:
              every page well-formed HTML5 with images that have alt, width
              and height, unique ids, every local link and image resolving to
              a file in DIR, and no script but the theme's own.
      -t, --templates DIR   the theme the site was built with, whose script
                            is allowed (default: ./Templates, else the theme
                            Cascade comes with)
    """
    static let options: [OptionSpec] = [.value("--templates", "-t", called: "folder")]

    var folder = "_site"
    var templates: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard parsed.positionals.count <= 1 else {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[1])'; check takes one folder")
        }
        folder = parsed.positionals.first ?? folder
        templates = parsed.values["--templates"]
    }

    func run() throws -> Outcome {
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
