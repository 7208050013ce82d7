/// One image file Cascade made from a photo: its display size and its path in
/// the output folder.
public struct RenditionFile: Sendable, Equatable, Hashable {
    public var width: Int
    public var height: Int
    /// Relative to the output folder, e.g. `renditions/0f3a…-640q80.jpg`.
    public var path: String

    public init(width: Int, height: Int, path: String) {
        self.width = width
        self.height = height
        self.path = path
    }
}
