import Foundation
import Parallel

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

    /// Starts reading it on another thread; call only while holding the output folder's lock.
    static func startReading(root: URL, sourceDateEpoch epoch: Int64?, themeKey: ContentHash) -> Pending<LastBookkeeping> {
        Pending { read(root: root, sourceDateEpoch: epoch, themeKey: themeKey) }
    }

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
