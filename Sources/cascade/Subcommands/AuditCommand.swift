import Foundation
import Gallery

/// `cascade audit FOLDER`: lists the files that carry GPS, serial numbers,
/// owner names or location fields. The walk and checks are `MetadataAudit`'s.
struct AuditCommand: Subcommand {
    static let name = "audit"
    static let summary = "list files that carry GPS, serial numbers or owner names"
    static let usage = ["audit FOLDER"]
    static let help = """
    audit     Reads every file in FOLDER (recursively, hidden files too,
              symbolic links not followed) and prints one line per file that
              carries GPS positions, camera or lens serial numbers, owner
              names or location fields (Exif, IPTC, XMP, .xmp sidecars):
              path, then what it carries, tab-separated.
      Exit status 1 when any file carries such metadata or could not be read,
      0 when none does.
    """
    static let options: [OptionSpec] = []

    var folder: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: Self.options, command: Self.name)
        guard parsed.positionals.count == 1 || parsed.wantsHelp else {
            throw UsageError(message: parsed.positionals.isEmpty ? "audit needs a folder" : "audit takes one folder")
        }
        folder = parsed.positionals.first ?? "."
    }

    func run() throws -> Outcome {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError(message: "'\(folder)' is not a folder")
        }
        let reported = MetadataAudit.run(folder) { finding in
            Console.writeOutput(Array((finding.line + "\n").utf8))
        }
        return reported == 0 ? .success : .failure
    }
}
