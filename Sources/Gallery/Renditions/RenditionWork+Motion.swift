import Foundation

extension RenditionWork {
    /// How making one plan's clips went: nil where made (or nothing was
    /// missing); a ``Failure/videoFailed(_:)`` drops that clip (a warning),
    /// ``Failure/notWritten(_:)`` fails the build.
    struct MotionOutcome: Sendable {
        var mp4: Failure?
        var webm: Failure?
    }

    /// Makes a plan's missing motion clips (``MotionPublishing``), the MP4
    /// first: without it no WebM is made.
    static func makeMotion(_ plan: RenditionPlan, tool: VideoTool?, into output: OutputFolder) -> MotionOutcome {
        var outcome = MotionOutcome()
        if plan.motionMissing, let file = plan.motionFile {
            outcome.mp4 = makeClip(plan, .mp4, at: file.path, tool: tool, into: output)
        }
        if outcome.mp4 == nil, plan.motionWebMMissing, let file = plan.motionWebM {
            outcome.webm = makeClip(plan, .webm, at: file.path, tool: tool, into: output)
        }
        return outcome
    }

    /// Makes one clip: ffmpeg writes it straight into the output folder under
    /// a temporary name, renamed into place when whole.
    private static func makeClip(_ plan: RenditionPlan, _ clip: MotionPublishing.Clip, at path: String, tool: VideoTool?,
                                 into output: OutputFolder) -> Failure? {
        guard let source = plan.motionSource else { return nil }
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
