import Foundation
import ImageHeaders
import Thumbnails

extension RenditionWork {
    /// A video's share of the work: first a check that the file is whole
    /// (``VideoCutShort``: ffmpeg would make a poster of a cut file and
    /// publish the part that is there without a word), then its poster frame
    /// taken by ffmpeg into a temporary PNG outside the album, the usual
    /// renditions made from those pixels (so they are named, cached and
    /// sharded like a photo's), and, when `publish`, its published file
    /// (remuxed or transcoded, no metadata).
    ///
    /// Nothing is written but into the temporary folder (the poster, removed
    /// after) and the output folder (the published file, under a temporary
    /// name until it is whole).
    static func makeVideo(_ plan: RenditionPlan, maker: RenditionMaker, into output: OutputFolder,
                          tool: VideoTool?, publish: Bool) -> Result<[MadeRendition], Failure> {
        let name = plan.photo.path
        guard let tool else {
            return .failure(.videoFailed(VideoError(path: name, reason: .notStarted(detail: "ffmpeg is not on PATH"))))
        }
        let scratch: String
        do throws(VideoError) {
            try checkWhole(plan, name: name)
            scratch = try temporaryFolder(for: name)
        } catch {
            return .failure(.videoFailed(error))
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var files: [MadeRendition] = []
        if plan.missesRenditions {
            let poster = scratch + "/poster.png"
            let width = plan.photo.displayWidth, height = plan.photo.displayHeight
            do throws(VideoError) {
                try tool.run(VideoPublishing.posterArguments(
                    source: plan.source, output: poster,
                    time: VideoPublishing.posterTime(duration: plan.photo.header.video?.durationSeconds),
                    width: width, height: height), for: name)
                try checkPoster(at: poster, width: width, height: height, name: name)
            } catch {
                return .failure(.videoFailed(error))
            }
            // ffmpeg has turned the frame upright: no orientation is applied again.
            var upright = plan.fields
            upright.source = poster
            upright.photo.header.orientation = .up
            switch make(RenditionPlan(upright), maker: maker, into: output) {
            case .success(let made): files = made
            case .failure(let failure): return .failure(failure)
            }
        }
        if publish, plan.videoMissing, let file = plan.videoFile, let route = plan.videoRoute {
            // ffmpeg writes straight into the output folder under a temporary
            // name (a video may not fit in memory), renamed into place when whole.
            // It is handed the file Cascade made beneath the output folder
            // (``PendingFile``), never a path to resolve again.
            let published: PendingFile
            do throws(BuildError) {
                published = try output.pendingFile(for: file.path)
            } catch {
                return .failure(.notWritten(error))
            }
            do throws(VideoError) {
                try tool.run(VideoPublishing.publishArguments(source: plan.source, output: published.externalPath, route: route),
                             for: name,
                             timeLimit: VideoPublishing.timeLimit(for: route, duration: plan.photo.header.video?.durationSeconds))
                guard published.size > 0 else { throw VideoError(path: name, reason: .noOutput) }
            } catch {
                return .failure(.videoFailed(error))
            }
            do throws(BuildError) {
                try output.place(published, at: file.path)
            } catch {
                return .failure(.notWritten(error))
            }
        }
        return .success(files)
    }

    /// Throws when the video ends before its container does, or cannot be read to tell.
    private static func checkWhole(_ plan: RenditionPlan, name: String) throws(VideoError) {
        let cut: VideoCutShort?
        do throws(FileHeaderError) {
            cut = try VideoCutShort.find(fileAt: plan.source, format: plan.photo.header.format)
        } catch {
            throw VideoError(path: name, reason: .unreadable(detail: error.reason.description))
        }
        if let cut { throw VideoError(path: name, reason: .cutShort(cut)) }
    }

    /// A fresh folder in the system's temporary folder (never the album's).
    private static func temporaryFolder(for name: String) throws(VideoError) -> String {
        let path = NSTemporaryDirectory() + "/cascade-video-" + UUID().uuidString
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw VideoError(path: name, reason: .notStarted(detail: "no temporary folder (\(error))"))
        }
        return path
    }

    /// The poster PNG's size (its `IHDR`) must be the display size the tile was laid out with.
    private static func checkPoster(at path: String, width: Int, height: Int, name: String) throws(VideoError) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw VideoError(path: name, reason: .noOutput) }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 24))
        guard head.count == 24 else { throw VideoError(path: name, reason: .noOutput) }
        func number(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let got = (number(16), number(20))
        guard got == (width, height) else {
            throw VideoError(path: name, reason: .posterSize(expected: "\(width)×\(height)", got: "\(got.0)×\(got.1)"))
        }
    }
}
