import Foundation
import ImageHeaders

extension SidecarText {
    /// The text of the sidecar at `path`, at most ``byteLimit`` bytes of it;
    /// nil when there is no such file (or it is a folder or another kind of
    /// entry, which a sidecar name on disk can be by accident).
    ///
    /// The edge where sidecars meet the file system: only a failing `open`
    /// (other than "not there") or `read` throws. What the bytes say is never
    /// an error.
    static func read(fileAt path: String) throws(SystemCallError) -> String? {
        let bytes: [UInt8]
        do throws(SystemCallError) {
            // One byte past the limit tells a file that is exactly the limit from a longer one.
            bytes = try FileIO.read(path, atMost: byteLimit + 1)
        } catch {
            // Not there, or not a file: a sidecar name can be a folder by accident.
            if error.call == "open", [ENOENT, ENOTDIR, ELOOP, EISDIR].contains(error.code) { return nil }
            throw error
        }
        return decode(bytes, truncated: bytes.count > byteLimit)
    }
}
