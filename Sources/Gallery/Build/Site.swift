/// A gallery site: built from an album folder (``build(_:warn:)``), or
/// checked where it was written (``check(folder:templates:)``).
public enum Site {
    public static let version = "0.1.0"
    /// What pages name as their generator (`<meta name="generator">`).
    public static var generator: String { "Cascade \(version)" }
}
