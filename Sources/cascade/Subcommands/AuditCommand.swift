import ArgumentParser
import Foundation
import Gallery

/// `cascade audit FOLDER`: lists the files that carry GPS, serial numbers,
/// owner names or location fields. The walk and checks are `MetadataAudit`'s.
struct AuditCommand: CascadeCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "list files carrying GPS, serials or owner names",
        usage: "cascade audit FOLDER",
        discussion: """
        Reads every file in FOLDER (recursively, hidden files too, symbolic links not followed) and prints \
        one line per file that carries GPS positions, camera or lens serial numbers, owner names or location \
        fields (Exif, IPTC, XMP, .xmp sidecars): path, then what it carries, tab-separated.

        Exit status 1 when any file carries such metadata or could not be read, 0 when none does.
        """)

    @Argument(help: ArgumentHelp("the folder to read", valueName: "FOLDER"))
    var folder: String?

    func execute() throws -> Outcome {
        guard let folder else { throw UsageError(message: "audit needs a folder") }
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
