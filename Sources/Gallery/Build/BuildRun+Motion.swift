extension BuildRun {
    /// One warning for all the animations and Live Photos published as
    /// stills because ffmpeg is missing; none with `--no-video`, which asks
    /// for no ffmpeg work at all.
    mutating func warnOfMotionWithoutFFmpeg(_ photos: [Photo]) {
        guard options.videos.publishes, videoTool == nil else { return }
        let count = photos.reduce(0) { $0 + (MotionPublishing.hasMotion($1) ? 1 : 0) }
        if count > 0 { log.add(album.displayName, .motionNeedsFFmpeg(count: count)) }
    }
}

extension BuildRun {
    /// Whether motion clips get a WebM beside the MP4: some photo moves and
    /// ffmpeg has libvpx-vp9 (asked only then).
    func makesWebMClips(_ photos: [Photo]) -> Bool {
        guard let videoTool, photos.contains(where: MotionPublishing.hasMotion) else { return false }
        return videoTool.encodes(MotionPublishing.Clip.webm.encoder)
    }
}
