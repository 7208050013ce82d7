import Foundation
import Thumbnails

extension RenditionWork {
    /// How making one plan's clips went: nil where made (or nothing was
    /// missing); a ``Failure/videoFailed(_:)`` drops that clip (a warning),
    /// ``Failure/notWritten(_:)`` fails the build.
    struct MotionOutcome: Sendable {
        var mp4: Failure?
        var webm: Failure?
    }

    /// Makes a plan's missing motion clips (``MotionPublishing``), the MP4
    /// first: without it no WebM is made. An animated WebP's frames are
    /// decoded first, within `limits` (``MotionFrames``).
    static func makeMotion(_ plan: RenditionPlan, tool: VideoTool?, into output: OutputFolder,
                           limits: DecodeLimits = .default) -> MotionOutcome {
        var outcome = MotionOutcome()
        guard plan.motionMissing || plan.motionWebMMissing, var source = plan.motionSource else { return outcome }
        var scratch: String?
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
        if MotionPublishing.needsFrames(plan.photo) {
            // An animated WebP: its frames decoded once, for both clips.
            let name = plan.photo.path
            do throws(VideoError) {
                let folder = try MotionFrames.scratchFolder(for: name)
                scratch = folder
                source = try MotionFrames.prepare(webp: source, in: folder, limits: limits, name: name)
            } catch {
                outcome.mp4 = .videoFailed(error)
                return outcome
            }
        }
        if plan.motionMissing, let file = plan.motionFile {
            outcome.mp4 = makeClip(plan, .mp4, from: source, at: file.path, tool: tool, into: output)
        }
        if outcome.mp4 == nil, plan.motionWebMMissing, let file = plan.motionWebM {
            outcome.webm = makeClip(plan, .webm, from: source, at: file.path, tool: tool, into: output)
        }
        return outcome
    }

    /// Makes one clip: ffmpeg writes it straight into the output folder under
    /// a temporary name, renamed into place when whole.
    private static func makeClip(_ plan: RenditionPlan, _ clip: MotionPublishing.Clip, from source: String, at path: String,
                                 tool: VideoTool?, into output: OutputFolder) -> Failure? {
        let name = MotionPublishing.sourcePath(of: plan.photo)
        guard let tool else {
            return .videoFailed(VideoError(path: name, reason: .notStarted(detail: "ffmpeg is not on PATH")))
        }
        let published: PendingFile
        do throws(BuildError) {
            published = try output.pendingFile(for: path)
        } catch {
            return .notWritten(error)
        }
        do throws(VideoError) {
            try tool.run(MotionPublishing.arguments(source: source, output: published.externalPath,
                                                    inputFormat: MotionPublishing.inputFormat(of: plan.photo), clip: clip),
                         for: name, timeLimit: VideoTool.defaultTimeLimit * 5)
            guard published.size > 0 else { throw VideoError(path: name, reason: .noOutput) }
        } catch {
            return .videoFailed(error)
        }
        do throws(BuildError) {
            try output.place(published, at: path)
        } catch {
            return .notWritten(error)
        }
        return nil
    }
}
