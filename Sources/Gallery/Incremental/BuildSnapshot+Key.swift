import Foundation
import Glibc

extension BuildSnapshot {
    /// The stamp of everything a build's output depends on besides the album
    /// tree: Cascade's version and the very binary running (a rebuilt
    /// `cascade` may render differently under the same version), the album,
    /// the theme folder's contents, the video tool found, the rendition
    /// settings no option sets, and the value every option that can reach
    /// a file resolved to, taken from the option table itself
    /// (``BuildOption/Reach/output``) so a new option cannot be left out.
    /// Nil when the theme folder cannot be stamped.
    static func key(_ options: BuildOptions, videoTool: VideoTool?) -> String? {
        guard let theme = TreeStamp.of(path: options.templates.path, entersHiddenFolders: true) else { return nil }
        var renditions = options.renditions
        // How many jobs run changes no byte written (``BuildOption/Reach/runOnly``).
        renditions.jobs = 1
        var fields: [String] = [
            Site.version, fileIdentity("/proc/self/exe"),
            options.album.standardizedFileURL.path, theme.description, options.title ?? "\u{0}", "\(renditions)",
            options.sourceDateEpoch.map(String.init) ?? "-",
            videoTool.map { $0.executable + " " + fileIdentity($0.executable) } ?? "-",
        ]
        // It names unlisted albums' folders; the key itself is never stored, even hashed with the rest.
        if let privateKey = options.privateKey { fields.append("privateKey=" + privateKey.fingerprint) }
        for option in BuildOption.all where option.reach == .output {
            fields.append(option.key + "=" + option.resolved(options))
        }
        var hasher = ContentHasher()
        for field in fields { hasher.combine(field: field) }
        return hasher.finalize().description
    }

    /// Device, inode, size and modification time of what `path` leads to.
    private static func fileIdentity(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
