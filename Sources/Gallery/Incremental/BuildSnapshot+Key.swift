import Foundation
import Glibc

extension BuildSnapshot {
    /// The stamp of everything a build's output depends on besides the album
    /// tree: Cascade's version and the very binary running (a rebuilt
    /// `cascade` may render differently under the same version), every option
    /// that reaches a file, the theme folder, and the video tool found. Nil
    /// when the theme folder cannot be stamped.
    static func key(_ options: BuildOptions, videoTool: VideoTool?) -> String? {
        guard let theme = TreeStamp.of(path: options.templates.path, entersHiddenFolders: true) else { return nil }
        var renditions = options.renditions
        // How many jobs run changes no byte written.
        renditions.jobs = 1
        let fields: [String] = [
            Site.version, fileIdentity("/proc/self/exe"),
            options.album.standardizedFileURL.path, options.output.standardizedFileURL.path,
            options.templates.standardizedFileURL.path, theme.description,
            "\(options.strict)", options.title ?? "\u{0}", "\(options.strictTemplates)", "\(renditions)",
            "\(options.originals)", options.sourceDateEpoch.map(String.init) ?? "-", "\(options.videos.publishes)",
            videoTool.map { $0.executable + " " + fileIdentity($0.executable) } ?? "-",
            options.baseURL?.text ?? "-", options.language ?? "-", options.order.rawValue,
            String(options.photosPerPage),
        ]
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
