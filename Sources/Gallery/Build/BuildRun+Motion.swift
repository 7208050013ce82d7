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
