import Foundation
import Parallel
import Synchronization

/// The last build's bookkeeping as this one starts from it: the source
/// fingerprints, the rendition index, the output folder with its manifest,
/// and the verdicts on its pages (tens of megabytes at 100,000 photos).
///
/// Read while the album is scanned when the output's lock is already held
/// (``BuildRun/lastBuild()`` takes it to read the snapshot): no other build
/// can write these files until this one ends, and the scan leaves a core
/// idle much of the time. Otherwise read when the writing stages begin
/// (``SiteWrite``), as before.
struct LastBookkeeping: Sendable {
    var fingerprints: SourceFingerprints
    var renditionIndex: RenditionIndex
    /// The output folder and the verdicts; opening the folder can fail (its
    /// error is thrown where the writing stages begin, as if read there).
    var outputAndChecked: Result<(OutputFolder, MarkupVerdicts), BuildError>

    /// Reads it, two files at a time.
    static func read(root: URL, sourceDateEpoch epoch: Int64?, themeKey: ContentHash) -> LastBookkeeping {
        let (loaded, outputAndChecked) = ParallelWork.both({
            (SourceFingerprints(loadingFrom: root.appendingPathComponent(SourceFingerprints.fileName)),
             RenditionIndex(loadingFrom: root.appendingPathComponent(RenditionIndex.fileName)))
        }, { () -> Result<(OutputFolder, MarkupVerdicts), BuildError> in
            do throws(BuildError) {
                let output = try OutputFolder(root: root, sourceDateEpoch: epoch)
                return .success((output, MarkupVerdicts.load(from: output, key: themeKey)))
            } catch {
                return .failure(error)
            }
        })
        return LastBookkeeping(fingerprints: loaded.0, renditionIndex: loaded.1, outputAndChecked: outputAndChecked)
    }
}

/// ``LastBookkeeping`` being read on another thread, taken once when ready.
final class LastBookkeepingRead: Sendable {
    private let group = DispatchGroup()
    private let loaded = Mutex<LastBookkeeping?>(nil)

    /// Starts reading the bookkeeping of the output folder at `root`; call
    /// only while holding its lock.
    init(root: URL, sourceDateEpoch epoch: Int64?, themeKey: ContentHash) {
        DispatchQueue.global().async(group: group) { [self] in
            let read = LastBookkeeping.read(root: root, sourceDateEpoch: epoch, themeKey: themeKey)
            loaded.withLock { $0 = read }
        }
    }

    /// Waits for the read and hands it over: nil if already taken.
    func take() -> LastBookkeeping? {
        group.wait()
        return loaded.withLock { held in
            defer { held = nil }
            return held
        }
    }
}
