/// Why a request was refused before any file was looked at: the status it
/// gets and a short reason (for tests and logs; never echoed with a path).
public struct RequestError: Error, Equatable, Sendable, CustomStringConvertible {
    public var status: HTTPStatus
    public var reason: String

    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status.rawValue) \(status.reason): \(reason)" }
}
