import Foundation
import ImageHeaders

extension Originals {
    /// The bytes `policy` publishes of the original at `source`, for an
    /// album's ZIP at `path`: as they are under `.asIs`, else stripped
    /// exactly as ``publish(_:to:policy:output:rights:)`` strips them, `rights` written in as it writes them.
    static func bytes(_ source: URL, as path: String, policy: OriginalsPolicy, output: OutputFolder,
                      rights: String? = nil) throws(BuildError) -> [UInt8] {
        let bytes: [UInt8]
        do throws(SystemCallError) {
            bytes = try FileIO.read(source.path)
        } catch {
            throw .originalNotPublished(path: output.display(path), reason: .unreadable(error))
        }
        guard policy != .asIs else { return bytes }
        let clean = try stripped(bytes, path: path, output: output)
        return rights.map { CopyrightMetadata.adding($0, to: clean) } ?? clean
    }
}
