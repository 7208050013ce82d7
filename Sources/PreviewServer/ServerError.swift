/// Why the preview server could not start.
public enum ServerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The folder to serve does not exist.
    case missingRoot(path: String)
    /// The host is not an address or a name that resolves.
    case badHost(host: String, reason: String)
    /// Binding or listening failed (port in use, no permission).
    case listen(host: String, port: Int, reason: String)
    /// inotify could not be set up.
    case watch(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingRoot(let path): "folder to serve '\(path)' does not exist"
        case .badHost(let host, let reason): "cannot listen on '\(host)': \(reason)"
        case .listen(let host, let port, let reason): "cannot listen on \(host) port \(port): \(reason)"
        case .watch(let path, let reason): "cannot watch '\(path)' for changes: \(reason)"
        }
    }
}
