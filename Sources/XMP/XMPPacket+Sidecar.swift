extension XMPPacket {
    /// The paths a sidecar of the photo at `path` may have, most specific
    /// first: `NAME.EXT.xmp` (darktable; tells `IMG.jpg` from `IMG.cr2`),
    /// then `NAME.xmp` (Lightroom, exiftool), each also as `.XMP`. Pure: the
    /// caller checks which exists and reads the first with ``parse(fileAt:)``.
    public static func sidecarPaths(forPhotoAt path: String) -> [String] {
        var paths = [path + ".xmp"]
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        // A leading dot is a hidden name, not an extension.
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let stem = String(path[..<dot])
            paths.append(stem + ".xmp")
            return [paths[0], paths[1], path + ".XMP", stem + ".XMP"]
        }
        paths.append(path + ".XMP")
        return paths
    }
}
