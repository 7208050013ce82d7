import ImageHeaders

extension SigalSidecar {
    /// The sidecar at `path`; nil when there is none. Throws only when the
    /// file exists and cannot be read.
    static func read(fileAt path: String) throws(SystemCallError) -> SigalSidecar? {
        try SidecarText.read(fileAt: path).map(SigalSidecar.init(parsing:))
    }
}
