import Foundation

extension RenditionWork {
    /// Makes a plan's motion clip (``MotionPublishing``): ffmpeg writes it
    /// straight into the output folder under a temporary name, renamed into
    /// place when whole. Nil when made; a ``Failure/videoFailed(_:)`` leaves
    /// the photo a still (a warning), ``Failure/notWritten(_:)`` fails the build.
    static func makeMotion(_ plan: RenditionPlan, tool: VideoTool?, into output: OutputFolder) -> Failure? {
        guard let file = plan.motionFile, let source = plan.motionSource else { return nil }
        let name = MotionPublishing.sourcePath(of: plan.photo)
        guard let tool else {
            return .videoFailed(VideoError(path: name, reason: .notStarted(detail: "ffmpeg is not on PATH")))
        }
        let published: PendingFile
        do throws(BuildError) {
            published = try output.pendingFile(for: file.path)
        } catch {
            return .notWritten(error)
        }
        do throws(VideoError) {
            try tool.run(MotionPublishing.arguments(source: source, output: published.externalPath,
                                                    inputFormat: MotionPublishing.inputFormat(of: plan.photo)),
                         for: name, timeLimit: VideoTool.defaultTimeLimit * 5)
            guard published.size > 0 else { throw VideoError(path: name, reason: .noOutput) }
        } catch {
            return .videoFailed(error)
        }
        do throws(BuildError) {
            try output.place(published, at: file.path)
        } catch {
            return .notWritten(error)
        }
        return nil
    }
}
