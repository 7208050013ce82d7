extension BuildReport {
    /// The files the build passed over, as the summary counts them: one per
    /// warning, and each video a missing ffmpeg left out (their one warning
    /// stands for them all). Videos `--no-video` leaves out were left out on
    /// request: counted in ``videosSkipped``, not here.
    public var skippedFiles: Int { warnings.reduce(0) { $0 + $1.skippedFiles } }
}
