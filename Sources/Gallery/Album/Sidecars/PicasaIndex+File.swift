import ImageHeaders

extension PicasaIndex {
    /// The index at `path`; nil when there is none. Throws only when the
    /// file exists and cannot be read.
    static func read(fileAt path: String) throws(SystemCallError) -> PicasaIndex? {
        try SidecarText.read(fileAt: path).map(PicasaIndex.init(parsing:))
    }

    /// The first of ``fileNames`` present in `folder` (a path), read.
    static func read(inFolder folder: String) throws(SystemCallError) -> PicasaIndex? {
        for name in fileNames {
            if let index = try read(fileAt: folder + "/" + name) { return index }
        }
        return nil
    }
}
