import Foundation
import ImageHeaders

/// A Live Photo's movie as a source of the build: its name from the album
/// root and its fingerprint, recorded beside the photo's.
struct MotionSource: Sendable {
    var name: String
    var entry: SourceFingerprints.Entry
}

extension RenditionPlan.Fields {
    /// Plans the motion clip of an animation or a Live Photo
    /// (``MotionPublishing``), and its WebM when `webm`: named by its source's content hash (the
    /// animated file's own, `ownEntry`, or the movie's), missing unless an
    /// earlier build left it. Returns the movie's fingerprint for a Live
    /// Photo, nil otherwise (and for a still, which plans nothing).
    mutating func planMotion(album: AlbumFolder, fingerprints: SourceFingerprints, ownEntry: SourceFingerprints.Entry,
                             output: OutputFolder, trusted: Set<String>, webm: Bool) throws(SystemCallError) -> MotionSource? {
        guard MotionPublishing.hasMotion(photo) else { return nil }
        let name = MotionPublishing.sourcePath(of: photo)
        let path = album.path(of: name)
        let entry = photo.isLivePhoto ? try fingerprints.fingerprint(ofFileAt: path, name: name) : ownEntry
        let clip = MotionPublishing.path(hash: entry.hash, clip: .mp4)
        motionSource = path
        motionFile = RenditionFile(width: photo.displayWidth, height: photo.displayHeight, path: clip)
        motionMissing = !(output.holds(clip) || trusted.contains(clip))
        if webm {
            let second = MotionPublishing.path(hash: entry.hash, clip: .webm)
            motionWebM = RenditionFile(width: photo.displayWidth, height: photo.displayHeight, path: second)
            motionWebMMissing = !(output.holds(second) || trusted.contains(second))
        }
        return photo.isLivePhoto ? MotionSource(name: name, entry: entry) : nil
    }
}
